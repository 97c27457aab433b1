import { z } from 'zod';

// The customers' loyalty forms (plain HTML posts). Messages are message keys. Joining asks no
// birthday: nothing uses one (PDPA purpose limitation, issue 23).

export const JoinForm = z.object({
  programme: z.string().trim().min(1, 'field.required').max(80),
  name: z.string().trim().min(1, 'field.required').max(120, 'field.invalid'),
  consent: z.literal('on', { error: 'loyalty.join.consentRequired' }),
});

export const RedeemForm = z.object({
  reward: z.uuid('field.invalid'),
  use: z.enum(['voucher', 'booking'], { error: 'field.invalid' }),
  invoice: z.string().trim().max(40).optional(),
});
