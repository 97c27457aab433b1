import { z } from 'zod';

// The customers' loyalty forms (plain HTML posts). Messages are message keys.

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const JoinForm = z.object({
  programme: z.string().trim().min(1, 'field.required').max(80),
  name: z.string().trim().min(1, 'field.required').max(120, 'field.invalid'),
  birthday: z
    .string()
    .trim()
    .max(10)
    .optional()
    .transform((v) => (v ? v : null))
    .refine(
      (v) =>
        v === null ||
        (ISO_DATE.test(v) &&
          !Number.isNaN(Date.parse(v)) &&
          v >= '1900-01-01' &&
          v <= new Date().toISOString().slice(0, 10)),
      'loyalty.join.birthdayInvalid',
    ),
  consent: z.literal('on', { error: 'loyalty.join.consentRequired' }),
});

export const RedeemForm = z.object({
  reward: z.uuid('field.invalid'),
  use: z.enum(['voucher', 'booking'], { error: 'field.invalid' }),
  invoice: z.string().trim().max(40).optional(),
});
