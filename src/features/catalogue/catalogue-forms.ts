import { z } from 'zod';
import { LOCALES, type LocalizedText } from '#i18n/locales.ts';
import { type Currency, formatAmount, toMinorUnits } from '#lib/money.ts';

// Staff's catalogue forms (plain HTML posts, texts in three languages side by side) → columns.
// Messages are message keys. Money is typed in major units and kept as integer minor units of the
// tenant's currency (no decimals for the rupiah: "50.000" is fifty thousand).

export const PAYMENT_MODES = ['full', 'deposit'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
/** Languages a practitioner may speak, as codes (their names are message keys). */
export const SPOKEN_LANGUAGES = ['en', 'ms', 'id', 'zh', 'ta', 'ar'] as const;
export const SLOT_INTERVALS = [5, 10, 15, 20, 30, 60] as const;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const optionalText = (max: number) => z.string().trim().max(max, 'field.invalid').optional().default('');
const flag = z
  .string()
  .optional()
  .transform((v) => v === 'on');
const whole = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,6}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

/** The three languages of a text: `{name}_en`, `{name}_ms`, `{name}_id` (empty ones left out). */
export function localizedOf(fields: Record<string, unknown>, name: string): Partial<LocalizedText> {
  const out: Partial<LocalizedText> = {};
  for (const locale of LOCALES) {
    const field = fields[`${name}_${locale}`];
    const value = typeof field === 'string' ? field.trim() : '';
    if (value) out[locale] = value;
  }
  return out;
}

function localizedFields(text: Partial<LocalizedText> | null | undefined, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const locale of LOCALES) out[`${name}_${locale}`] = text?.[locale] ?? '';
  return out;
}

/** A readable slug from an English name ("Dental check-up" → "dental-check-up"). */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

const names = {
  name_en: z.string().trim().min(1, 'field.required').max(120, 'field.invalid'),
  name_ms: optionalText(120),
  name_id: optionalText(120),
};

export const categoryForm = z.object(names).transform((v) => ({ name: localizedOf(v, 'name') as LocalizedText }));
export type CategoryValues = z.output<typeof categoryForm>;

/** The service form → the service's columns. */
export function serviceForm(currency: Currency) {
  const money = (negative: string) =>
    z
      .string()
      .trim()
      .min(1, 'field.required')
      .transform((v, ctx) => {
        const minor = toMinorUnits(v, currency);
        if (minor === null || minor > 1_000_000_000_000) {
          ctx.addIssue({ code: 'custom', message: 'catalogue.service.error.money' });
          return z.NEVER;
        }
        if (minor < 0) {
          ctx.addIssue({ code: 'custom', message: negative });
          return z.NEVER;
        }
        return minor;
      });
  return z
    .object({
      ...names,
      description_en: optionalText(2000),
      description_ms: optionalText(2000),
      description_id: optionalText(2000),
      slug: z
        .string()
        .trim()
        .toLowerCase()
        .optional()
        .default('')
        .refine((s) => s === '' || SLUG.test(s), 'catalogue.service.error.slug'),
      category: z
        .string()
        .optional()
        .default('')
        .refine((v) => v === '' || UUID.test(v), 'field.invalid'),
      duration: whole(1, 720, 'catalogue.service.error.duration'),
      price: money('catalogue.service.error.negative'),
      payment: z.enum(PAYMENT_MODES, 'field.invalid'),
      deposit: z.string().optional().default(''),
      buffer_before: whole(0, 240, 'catalogue.service.error.buffer'),
      buffer_after: whole(0, 240, 'catalogue.service.error.buffer'),
      needs_approval: flag,
      popular: flag,
      active: flag,
    })
    .transform((v, ctx) => {
      let deposit: number | null = null;
      if (v.payment === 'deposit') {
        const minor = v.deposit.trim() ? toMinorUnits(v.deposit, currency) : null;
        if (minor === null || minor <= 0 || minor >= v.price) {
          ctx.addIssue({ code: 'custom', path: ['deposit'], message: 'catalogue.service.error.deposit' });
          return z.NEVER;
        }
        deposit = minor;
      }
      const slug = v.slug || slugOf(v.name_en);
      if (!slug) {
        ctx.addIssue({ code: 'custom', path: ['slug'], message: 'catalogue.service.error.slug' });
        return z.NEVER;
      }
      return {
        slug,
        name: localizedOf(v, 'name') as LocalizedText,
        description: localizedOf(v, 'description') as LocalizedText,
        categoryId: v.category || null,
        durationMinutes: v.duration,
        price: v.price,
        deposit,
        bufferBeforeMinutes: v.buffer_before,
        bufferAfterMinutes: v.buffer_after,
        needsApproval: v.needs_approval,
        popular: v.popular,
        active: v.active,
      };
    });
}
export type ServiceValues = z.output<ReturnType<typeof serviceForm>>;

/** A stored service → the form's fields (money back in major units). */
export function serviceFormValues(service: ServiceValues | null, currency: Currency): Record<string, string> {
  if (!service)
    return { duration: '30', price: '', payment: 'full', buffer_before: '0', buffer_after: '0', active: 'on' };
  const on = (b: boolean) => (b ? 'on' : '');
  return {
    ...localizedFields(service.name, 'name'),
    ...localizedFields(service.description, 'description'),
    slug: service.slug,
    category: service.categoryId ?? '',
    duration: String(service.durationMinutes),
    price: formatAmount(service.price, currency),
    payment: service.deposit ? 'deposit' : 'full',
    deposit: service.deposit ? formatAmount(service.deposit, currency) : '',
    buffer_before: String(service.bufferBeforeMinutes),
    buffer_after: String(service.bufferAfterMinutes),
    needs_approval: on(service.needsApproval),
    popular: on(service.popular),
    active: on(service.active),
  };
}

/** The practitioner form: name, title (×3), languages spoken, the services delivered, active. */
export const practitionerForm = z
  .object({
    name: z.string().trim().min(1, 'field.required').max(120, 'field.invalid'),
    title_en: optionalText(120),
    title_ms: optionalText(120),
    title_id: optionalText(120),
    active: flag,
  })
  .passthrough()
  .transform((v) => {
    const fields = v as Record<string, unknown>;
    const on = (name: string) => fields[name] === 'on';
    return {
      name: v.name,
      title: localizedOf(v, 'title'),
      languages: SPOKEN_LANGUAGES.filter((code) => on(`lang_${code}`)),
      serviceIds: Object.keys(fields)
        .filter((k) => k.startsWith('service_') && on(k))
        .map((k) => k.slice('service_'.length))
        .filter((id) => UUID.test(id)),
      active: v.active,
    };
  });
export type PractitionerValues = z.output<typeof practitionerForm>;

export function practitionerFormValues(p: PractitionerValues | null): Record<string, string> {
  if (!p) return { active: 'on' };
  const out: Record<string, string> = {
    name: p.name,
    ...localizedFields(p.title, 'title'),
    active: p.active ? 'on' : '',
  };
  for (const code of p.languages) out[`lang_${code}`] = 'on';
  for (const id of p.serviceIds) out[`service_${id}`] = 'on';
  return out;
}

/** How the tenant takes bookings: minimum notice (hours), booking window (days), slot step (minutes). */
export const bookingSettingsForm = z
  .object({
    notice_hours: whole(0, 720, 'catalogue.settings.error.notice'),
    horizon_days: whole(1, 730, 'catalogue.settings.error.horizon'),
    slot_minutes: z
      .string()
      .trim()
      .transform(Number)
      .refine((n) => (SLOT_INTERVALS as readonly number[]).includes(n), 'field.invalid'),
  })
  .transform((v) => ({
    minNoticeMinutes: v.notice_hours * 60,
    horizonDays: v.horizon_days,
    slotIntervalMinutes: v.slot_minutes,
  }));
export type BookingSettingsValues = z.output<typeof bookingSettingsForm>;

/** Where an item goes in its list (pure): `ids` in order, the item moved one up or down. */
export function moved(ids: readonly string[], id: string, direction: 'up' | 'down'): string[] {
  const at = ids.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return [...ids];
  const out = [...ids];
  [out[at], out[to]] = [out[to] as string, out[at] as string];
  return out;
}
