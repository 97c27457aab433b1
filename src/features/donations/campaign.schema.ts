import { z } from 'zod';
import { MAX_MINOR_AMOUNT } from '#features/invoices/invoice.ts';
import { LOCALES, type LocalizedText } from '#i18n/locales.ts';
import { EMAIL_MAX_LENGTH, isEmail, normaliseEmail } from '#lib/email.ts';
import { type Currency, toMinorUnits } from '#lib/money.ts';
import type { CampaignGivingTerms } from './campaign';

// The staff campaign form (a plain HTML form post, three languages side by side) → a campaign's
// values in minor units. Messages are message keys.

export const CAMPAIGN_CATEGORIES = [
  'general',
  'education',
  'health',
  'disaster',
  'orphans',
  'mosque',
  'water',
  'food',
] as const;
export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];

export interface CampaignInput extends CampaignGivingTerms {
  title: LocalizedText;
  summary: LocalizedText;
  story: LocalizedText;
  category: CampaignCategory;
  goalMinor: number | null;
  startsOn: string;
  endsOn: string | null;
  status: 'draft' | 'live';
  featured: boolean;
  eventDate: string | null;
  permitNumber: string | null;
  permitValidUntil: string | null;
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'donation.staff.dateInvalid' });
const optionalDay = z
  .string()
  .trim()
  .transform((v) => v || null)
  .pipe(day.nullable());
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on' || v === '1' || v === 'true');
const text = (max: number, required = false) =>
  z
    .string()
    .trim()
    .max(max, { message: 'donation.staff.tooLong' })
    .refine((v) => !required || v !== '', { message: 'field.required' });

function money(currency: Currency, optional: boolean) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '' && optional) return null;
      const minor = toMinorUnits(value, currency);
      if (minor === null || minor <= 0 || minor > MAX_MINOR_AMOUNT) {
        ctx.addIssue({ code: 'custom', message: 'donation.staff.amountInvalid' });
        return z.NEVER;
      }
      return minor;
    });
}

function requiredMoney(currency: Currency) {
  return money(currency, false).pipe(z.number({ message: 'donation.staff.amountInvalid' }));
}

function list<T>(parse: (item: string) => T | null, message: string, max: number) {
  return z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === '') return [] as T[];
      const items = value.split(/[,\s]+/).filter(Boolean);
      const parsed = items.map(parse);
      if (items.length > max || parsed.some((p) => p === null)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(parsed as T[])];
    });
}

/** The form's fields (`title_en`, `goal`, …) parsed into a campaign's values. */
export function campaignForm(currency: Currency) {
  const localized = (name: string, max: number, requiredEn: boolean) =>
    Object.fromEntries(LOCALES.map((l) => [`${name}_${l}`, text(max, requiredEn && l === 'en').prefault('')]));
  return z
    .object({
      ...localized('title', 120, true),
      ...localized('summary', 300, false),
      ...localized('story', 8000, false),
      category: z.enum(CAMPAIGN_CATEGORIES, { message: 'donation.staff.categoryInvalid' }),
      goal: money(currency, true).prefault(''),
      starts_on: day,
      ends_on: optionalDay.prefault(''),
      suggested: list(
        (s) => {
          const m = toMinorUnits(s, currency);
          return m !== null && m > 0 && m <= MAX_MINOR_AMOUNT ? m : null;
        },
        'donation.staff.amountsInvalid',
        8,
      ).prefault(''),
      min_amount: requiredMoney(currency),
      max_amount: money(currency, true).prefault(''),
      one_time: checkbox,
      weekly_counts: list(
        (s) => (/^\d{1,3}$/.test(s) && Number(s) >= 2 && Number(s) <= 104 ? Number(s) : null),
        'donation.staff.countsInvalid',
        10,
      ).prefault(''),
      monthly_counts: list(
        (s) => (/^\d{1,3}$/.test(s) && Number(s) >= 2 && Number(s) <= 60 ? Number(s) : null),
        'donation.staff.countsInvalid',
        10,
      ).prefault(''),
      cover_fees_allowed: checkbox,
      status: z.enum(['draft', 'live'], { message: 'donation.staff.statusInvalid' }),
      featured: checkbox,
      event_date: optionalDay.prefault(''),
      permit_number: text(80).default(''),
      permit_valid_until: optionalDay.prefault(''),
    })
    .superRefine((v, ctx) => {
      if (v.ends_on && v.ends_on < v.starts_on)
        ctx.addIssue({ code: 'custom', message: 'donation.staff.endBeforeStart', path: ['ends_on'] });
      if (v.max_amount !== null && v.max_amount < v.min_amount)
        ctx.addIssue({ code: 'custom', message: 'donation.staff.maxBelowMin', path: ['max_amount'] });
      if (!v.one_time && v.weekly_counts.length === 0 && v.monthly_counts.length === 0)
        ctx.addIssue({ code: 'custom', message: 'donation.staff.noGiftType', path: ['one_time'] });
    })
    .transform((v): CampaignInput => {
      const lt = (name: string) =>
        Object.fromEntries(
          LOCALES.map((l) => [l, (v as Record<string, unknown>)[`${name}_${l}`] ?? '']),
        ) as LocalizedText;
      return {
        title: lt('title'),
        summary: lt('summary'),
        story: lt('story'),
        category: v.category,
        goalMinor: v.goal,
        startsOn: v.starts_on,
        endsOn: v.ends_on,
        suggestedAmounts: v.suggested.sort((a, b) => a - b),
        minAmountMinor: v.min_amount,
        maxAmountMinor: v.max_amount,
        oneTime: v.one_time,
        weeklyCounts: v.weekly_counts.sort((a, b) => a - b),
        monthlyCounts: v.monthly_counts.sort((a, b) => a - b),
        coverFeesAllowed: v.cover_fees_allowed,
        status: v.status,
        featured: v.featured,
        eventDate: v.event_date,
        permitNumber: v.permit_number || null,
        permitValidUntil: v.permit_valid_until,
      };
    });
}

/** Staff's offline gift form. */
export function offlineGiftForm(currency: Currency) {
  return z.object({
    campaign: z.string().uuid({ message: 'donation.staff.campaignInvalid' }),
    amount: requiredMoney(currency),
    donor_name: text(120).default(''),
    anonymous: checkbox,
    phone: z
      .string()
      .trim()
      .regex(/^(\+?\d{6,16})?$/, { message: 'phone.invalid' })
      .default('')
      .transform((v) => v.replace(/^\+/, '') || null),
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, { message: 'donation.staff.tooLong' })
      .refine((v) => v === '' || isEmail(v), { message: 'auth.emailInvalid' })
      .default('')
      .transform((v) => (v === '' ? null : normaliseEmail(v))),
    message: text(500).default(''),
    tax_receipt: checkbox,
    tax_id: text(40).default(''),
    received_on: day,
  });
}

const blank = (v: unknown) => (v === '' ? undefined : v);

/** The staff donations list's filters (a GET form), for the page and the CSV export. */
export const DonationFilterQuery = z.object({
  campaign: z.preprocess(blank, z.string().uuid({ message: 'donation.staff.campaignInvalid' }).optional()),
  status: z.preprocess(
    blank,
    z.enum(['pending', 'paid', 'failed', 'refunded', 'void'], { message: 'donation.staff.statusInvalid' }).optional(),
  ),
  kind: z.preprocess(blank, z.enum(['online', 'offline'], { message: 'donation.staff.statusInvalid' }).optional()),
  from: z.preprocess(blank, day.optional()),
  to: z.preprocess(blank, day.optional()),
  q: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(100, { message: 'donation.staff.tooLong' })
      .refine((v) => !v.includes('\u0000'), { message: 'error.badInput' })
      .optional(),
  ),
});
export type DonationFilterQuery = z.infer<typeof DonationFilterQuery>;
