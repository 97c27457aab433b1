import { z } from 'zod';
import type { LoyaltyTier } from '#db/schema/loyalty.ts';
import { REWARD_KINDS } from '#db/schema/loyalty.ts';
import { LOCALES, type LocalizedText } from '#i18n/locales.ts';
import { type Currency, toMinorUnits } from '#lib/money.ts';

// Staff's loyalty forms (plain HTML posts, three languages side by side). Messages are message keys.

export const MAX_TIERS = 5;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => z.string().trim().max(max, 'field.invalid').optional().default('');
const count = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'field.invalid')
    .transform(Number)
    .refine((n) => n <= max, 'field.invalid');
const optionalCount = (max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (/^\d{1,9}$/.test(v) && Number(v) <= max), 'field.invalid')
    .transform((v) => (v === null ? null : Number(v)));
const flag = z
  .string()
  .optional()
  .transform((v) => v === 'on');
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || (ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)) && v >= '2000-01-01' && v <= '2100-12-31'),
    'field.invalid',
  );

function localizedOf(fields: Record<string, string>, name: string): Partial<LocalizedText> {
  const out: Partial<LocalizedText> = {};
  for (const locale of LOCALES) {
    const value = fields[`${name}_${locale}`]?.trim();
    if (value) out[locale] = value;
  }
  return out;
}

const PUBLIC_ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** The programme form → the programme's columns. */
export function programmeForm(currency: Currency) {
  const money = z
    .string()
    .trim()
    .transform((v, ctx) => {
      const minor = toMinorUnits(v, currency);
      if (minor === null || minor <= 0 || minor > 1_000_000_000) {
        ctx.addIssue({ code: 'custom', message: 'field.invalid' });
        return z.NEVER;
      }
      return minor;
    });
  const base = z.object({
    public_id: z.string().trim().toLowerCase().regex(PUBLIC_ID, 'loyalty.staff.publicIdInvalid'),
    name_en: z.string().trim().min(1, 'field.required').max(120, 'field.invalid'),
    name_ms: text(120),
    name_id: text(120),
    description_en: text(600),
    description_ms: text(600),
    description_id: text(600),
    terms_en: text(4000),
    terms_ms: text(4000),
    terms_id: text(4000),
    earn_points: count(10_000),
    earn_per: money,
    visit_points: count(100_000),
    signup_bonus: count(100_000),
    earn_on_donations: flag,
    expiry_months: optionalCount(120).refine((v) => v === null || v > 0, 'field.invalid'),
    tier_window_months: count(60).refine((v) => v > 0, 'field.invalid'),
    not_usable_same_day: flag,
    allow_negative: flag,
    active: flag,
  });
  return z.unknown().transform((input, ctx) => {
    const fields = (input ?? {}) as Record<string, string>;
    const parsed = base.safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    const tiers: LoyaltyTier[] = [];
    for (let i = 1; i <= MAX_TIERS; i++) {
      const name = localizedOf(fields, `tier${i}_name`);
      if (!name.en) continue;
      const threshold = fields[`tier${i}_threshold`]?.trim() ?? '';
      const percent = fields[`tier${i}_percent`]?.trim() || '100';
      if (
        !/^\d{1,9}$/.test(threshold) ||
        !/^\d{1,4}$/.test(percent) ||
        Number(percent) < 100 ||
        Number(percent) > 1000
      ) {
        ctx.addIssue({ code: 'custom', message: 'field.invalid', path: [`tier${i}_threshold`] });
        return z.NEVER;
      }
      tiers.push({
        name,
        threshold: Number(threshold),
        earnPercent: Number(percent),
        benefits: localizedOf(fields, `tier${i}_benefits`),
      });
    }
    const v = parsed.data;
    return {
      publicId: v.public_id,
      name: localizedOf(fields, 'name'),
      description: localizedOf(fields, 'description'),
      terms: localizedOf(fields, 'terms'),
      earnPoints: v.earn_points,
      earnPerMinor: v.earn_per,
      visitPoints: v.visit_points,
      signupBonus: v.signup_bonus,
      earnOnDonations: v.earn_on_donations,
      expiryMonths: v.expiry_months,
      tierWindowMonths: v.tier_window_months,
      notUsableSameDay: v.not_usable_same_day,
      allowNegative: v.allow_negative,
      active: v.active,
      tiers,
    };
  });
}
export type ProgrammeValues = z.output<ReturnType<typeof programmeForm>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reward form → the reward's columns. */
export function rewardForm(currency: Currency) {
  const optionalMoney = z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const minor = toMinorUnits(v, currency);
      if (minor === null || minor <= 0 || minor > 1_000_000_000) {
        ctx.addIssue({ code: 'custom', message: 'field.invalid' });
        return z.NEVER;
      }
      return minor;
    });
  return z
    .object({
      kind: z.enum(REWARD_KINDS, { error: 'field.invalid' }),
      name_en: z.string().trim().min(1, 'field.required').max(120, 'field.invalid'),
      name_ms: text(120),
      name_id: text(120),
      description_en: text(600),
      description_ms: text(600),
      description_id: text(600),
      points_cost: count(10_000_000).refine((n) => n > 0, 'field.invalid'),
      service: z
        .string()
        .trim()
        .max(36)
        .optional()
        .refine((v) => !v || UUID.test(v), 'field.invalid')
        .transform((v) => v || null),
      value: optionalMoney,
      percent: optionalCount(100).refine((v) => v === null || v > 0, 'field.invalid'),
      stock: optionalCount(1_000_000),
      valid_from: optionalDate,
      valid_until: optionalDate,
      voucher_days: count(3650).refine((n) => n > 0, 'field.invalid'),
      active: flag,
    })
    .superRefine((v, ctx) => {
      if (v.kind === 'discount_fixed' && v.value === null)
        ctx.addIssue({ code: 'custom', message: 'field.required', path: ['value'] });
      if (v.kind === 'discount_percent' && v.percent === null)
        ctx.addIssue({ code: 'custom', message: 'field.required', path: ['percent'] });
    })
    .transform((v) => ({
      kind: v.kind,
      name: { en: v.name_en, ...(v.name_ms ? { ms: v.name_ms } : {}), ...(v.name_id ? { id: v.name_id } : {}) },
      description: {
        ...(v.description_en ? { en: v.description_en } : {}),
        ...(v.description_ms ? { ms: v.description_ms } : {}),
        ...(v.description_id ? { id: v.description_id } : {}),
      },
      pointsCost: v.points_cost,
      serviceId: v.kind === 'counter_item' ? null : v.service,
      valueMinor: v.kind === 'discount_fixed' || v.kind === 'discount_percent' ? v.value : null,
      percent: v.kind === 'discount_percent' ? v.percent : null,
      stock: v.stock,
      validFrom: v.valid_from ? new Date(`${v.valid_from}T00:00:00Z`) : null,
      validUntil: v.valid_until ? new Date(`${v.valid_until}T00:00:00Z`) : null,
      voucherDays: v.voucher_days,
      active: v.active,
    }));
}
export type RewardValues = z.output<ReturnType<typeof rewardForm>>;

export const AdjustForm = z.object({
  points: z
    .string()
    .trim()
    .regex(/^[+-]?\d{1,7}$/, 'field.invalid')
    .transform(Number)
    .refine((n) => n !== 0, 'field.invalid'),
  reason: z.string().trim().min(3, 'loyalty.staff.reasonRequired').max(200, 'field.invalid'),
});

const major = (minor: number, exponent: number) => (minor / 10 ** exponent).toFixed(exponent);

function localizedFields(name: string, text: Partial<LocalizedText>): Record<string, string> {
  return Object.fromEntries(LOCALES.map((l) => [`${name}_${l}`, text[l] ?? '']));
}

/** A programme as form values (editing), or the defaults of a new one. */
export function programmeFormValues(
  row: {
    publicId: string;
    name: Partial<LocalizedText>;
    description: Partial<LocalizedText>;
    terms: Partial<LocalizedText>;
    earnPoints: number;
    earnPerMinor: number;
    visitPoints: number;
    signupBonus: number;
    earnOnDonations: boolean;
    expiryMonths: number | null;
    tierWindowMonths: number;
    notUsableSameDay: boolean;
    allowNegative: boolean;
    active: boolean;
    tiers: LoyaltyTier[];
  } | null,
  currency: Currency,
): Record<string, string> {
  const on = (b: boolean) => (b ? 'on' : '');
  if (!row)
    return {
      public_id: '',
      earn_points: '1',
      earn_per: major(currency.multiplier, currency.exponent),
      visit_points: '0',
      signup_bonus: '0',
      expiry_months: '12',
      tier_window_months: '12',
      active: 'on',
    };
  const values: Record<string, string> = {
    public_id: row.publicId,
    ...localizedFields('name', row.name),
    ...localizedFields('description', row.description),
    ...localizedFields('terms', row.terms),
    earn_points: String(row.earnPoints),
    earn_per: major(row.earnPerMinor, currency.exponent),
    visit_points: String(row.visitPoints),
    signup_bonus: String(row.signupBonus),
    earn_on_donations: on(row.earnOnDonations),
    expiry_months: row.expiryMonths === null ? '' : String(row.expiryMonths),
    tier_window_months: String(row.tierWindowMonths),
    not_usable_same_day: on(row.notUsableSameDay),
    allow_negative: on(row.allowNegative),
    active: on(row.active),
  };
  row.tiers.forEach((tier, i) => {
    Object.assign(
      values,
      localizedFields(`tier${i + 1}_name`, tier.name),
      localizedFields(`tier${i + 1}_benefits`, tier.benefits),
      {
        [`tier${i + 1}_threshold`]: String(tier.threshold),
        [`tier${i + 1}_percent`]: String(tier.earnPercent),
      },
    );
  });
  return values;
}

/** A reward as form values (editing), or the defaults of a new one. */
export function rewardFormValues(
  row: {
    kind: string;
    name: Partial<LocalizedText>;
    description: Partial<LocalizedText>;
    pointsCost: number;
    serviceId: string | null;
    valueMinor: number | null;
    percent: number | null;
    stock: number | null;
    validFrom: Date | null;
    validUntil: Date | null;
    voucherDays: number;
    active: boolean;
  } | null,
  currency: Currency,
): Record<string, string> {
  if (!row) return { kind: 'counter_item', points_cost: '100', voucher_days: '30', active: 'on' };
  return {
    kind: row.kind,
    ...localizedFields('name', row.name),
    ...localizedFields('description', row.description),
    points_cost: String(row.pointsCost),
    service: row.serviceId ?? '',
    value: row.valueMinor === null ? '' : major(row.valueMinor, currency.exponent),
    percent: row.percent === null ? '' : String(row.percent),
    stock: row.stock === null ? '' : String(row.stock),
    valid_from: row.validFrom ? row.validFrom.toISOString().slice(0, 10) : '',
    valid_until: row.validUntil ? row.validUntil.toISOString().slice(0, 10) : '',
    voucher_days: String(row.voucherDays),
    active: row.active ? 'on' : '',
  };
}
