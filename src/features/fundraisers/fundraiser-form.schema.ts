// What "Start a fundraiser", its edit form and staff's campaign settings post (issue 13), read with
// zod; messages are message keys. Texts are trimmed and length-limited; they are rendered as text.
import { z } from 'zod';
import { isCalendarDay } from '#lib/dates.ts';
import { type Currency, toMinorUnits } from '#lib/money.ts';
import { isSlug, RANKINGS, TEXT_LIMITS } from './fundraiser-rules';

const text = (min: number, max: number) =>
  z
    .string({ message: 'field.required' })
    .trim()
    .min(min, { message: 'field.required' })
    .max(max, { message: 'fundraiser.form.tooLong' });

const optionalAmount = (currency: Currency) =>
  z
    .string()
    .max(30)
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const minor = toMinorUnits(value, currency);
      if (minor === null || minor <= 0 || minor > 1_000_000_000_000) {
        ctx.addIssue({ code: 'custom', message: 'fundraiser.form.goalInvalid' });
        return z.NEVER;
      }
      return minor;
    });

const optionalDay = z
  .string()
  .max(10)
  .optional()
  .transform((value, ctx) => {
    if (!value?.trim()) return null;
    // A day that exists: 2026-02-31 is a field error, not 3 March (nor a 500 further on).
    if (!isCalendarDay(value)) {
      ctx.addIssue({ code: 'custom', message: 'fundraiser.form.dateInvalid' });
      return z.NEVER;
    }
    return value;
  });

/** The page's own texts, shared by "start" and "edit". */
export function fundraiserTextSchema(currency: Currency) {
  return z.object({
    title: text(3, TEXT_LIMITS.title),
    story: z.string().trim().max(TEXT_LIMITS.story, { message: 'fundraiser.form.tooLong' }).default(''),
    goal: optionalAmount(currency),
    endsOn: optionalDay,
  });
}

export function startFundraiserSchema(currency: Currency) {
  return fundraiserTextSchema(currency)
    .extend({
      displayName: text(1, TEXT_LIMITS.displayName),
      team: z.enum(['none', 'join', 'create'], { message: 'field.required' }).default('none'),
      teamSlug: z.string().max(60).optional(),
      teamName: z.string().trim().max(TEXT_LIMITS.teamName, { message: 'fundraiser.form.tooLong' }).optional(),
      notify: z.enum(['each', 'digest', 'none']).default('each'),
    })
    .superRefine((value, ctx) => {
      if (value.team === 'join' && !(value.teamSlug && isSlug(value.teamSlug))) {
        ctx.addIssue({ code: 'custom', path: ['teamSlug'], message: 'fundraiser.form.teamMissing' });
      }
      if (value.team === 'create' && !value.teamName?.trim()) {
        ctx.addIssue({ code: 'custom', path: ['teamName'], message: 'field.required' });
      }
    });
}
export type StartFundraiserValues = z.infer<ReturnType<typeof startFundraiserSchema>>;
export type FundraiserTextValues = z.infer<ReturnType<typeof fundraiserTextSchema>>;

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** Staff's fundraising settings of a campaign. */
export const fundraisingSettingsSchema = z.object({
  enabled: checkbox,
  approval: checkbox,
  requiresVerification: checkbox,
  ranking: z
    .enum(RANKINGS as [string, ...string[]], { message: 'field.required' })
    .transform((value) => value as (typeof RANKINGS)[number]),
  leaderboardMin: z
    .string()
    .regex(/^\d{1,3}$/, { message: 'fundraiser.form.numberInvalid' })
    .transform(Number)
    .pipe(z.number().int().min(1, { message: 'fundraiser.form.numberInvalid' }).max(100)),
  // Absent (an older form): the default, 3 distinct people.
  reportThreshold: z
    .string()
    .optional()
    .transform((value) => value?.trim() || '3')
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, { message: 'fundraiser.form.numberInvalid' })
        .transform(Number)
        .pipe(
          z
            .number()
            .int()
            .min(1, { message: 'fundraiser.form.numberInvalid' })
            .max(100, { message: 'fundraiser.form.numberInvalid' }),
        ),
    ),
});

export const reportSchema = z.object({
  reason: text(3, TEXT_LIMITS.report),
});

export const thanksSchema = z.object({
  message: text(3, TEXT_LIMITS.thanks),
});
