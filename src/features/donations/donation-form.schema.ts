// What a donation form or the checkout posts (issue 12), read on the server from plain form fields
// so the form works without JavaScript. Zod messages are message keys (badRequest / the form's
// server render translate them). The amounts posted are only the donor's wishes: checkout checks
// every line against its campaign and recomputes fees (./checkout.server.ts).
import { z } from 'zod';
import { validateAddress } from '#lib/address.ts';
import { findCountry } from '#lib/countries.ts';
import { EMAIL_MAX_LENGTH, isEmail, normaliseEmail } from '#lib/email.ts';
import { type Currency, toMinorUnits } from '#lib/money.ts';
import { matchDialCode, phoneValue, validatePhone } from '#lib/phone.ts';
import { normalisePhone } from '#lib/phone-e164.ts';
import { DONATION_TYPES, MAX_DONATION_CART_LINES } from '#stores/cart-shapes.ts';

/** A form's idempotency key: made by the page when it renders the form (a UUID or similar). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/;

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: 'donation.form.tooLong' })
    .optional()
    .transform((value) => (value ? value : null));

const uuid = z.uuid({ message: 'donation.form.campaignClosed' });

/**
 * The donor's phone as typed: international (+60…, 60…) or national (012-…, taken as the
 * tenant's country), checked by the shared rule, stored as E.164 digits as bookings store it.
 */
function phoneField(dialCode: string) {
  return z
    .string({ message: 'phone.required' })
    .trim()
    .min(1, { message: 'phone.required' })
    .max(30, { message: 'phone.invalid' })
    .regex(/^\+?[\d\s().-]+$/, { message: 'phone.invalid' })
    .transform((value) =>
      value.startsWith('+') || !value.startsWith('0') ? value.replace(/\D+/g, '') : phoneValue(value, dialCode),
    )
    .pipe(z.string().regex(/^\d{6,16}$/, { message: 'phone.invalid' }))
    .superRefine((value, ctx) => {
      // The shared rule, as the booking form applies it: checked for the country its dial code names.
      const error = validatePhone(value, matchDialCode(value)?.iso ?? 'MY', true);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    })
    .transform(normalisePhone);
}

const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { message: 'auth.emailInvalid' })
  .refine((value) => value === '' || isEmail(value), { message: 'auth.emailInvalid' })
  .optional()
  .transform((value) => (value ? normaliseEmail(value) : null));

/** The donor's details, shared by the form and the checkout (built once per dial code: every post parses it). */
export function donorSchema(dialCode: string) {
  let schema = donorSchemas.get(dialCode);
  if (!schema) {
    schema = buildDonorSchema(dialCode);
    donorSchemas.set(dialCode, schema);
  }
  return schema;
}

const donorSchemas = new Map<string, ReturnType<typeof buildDonorSchema>>();

function buildDonorSchema(dialCode: string) {
  return z
    .object({
      name: optionalText(120),
      anonymous: checkbox,
      phone: phoneField(dialCode),
      email,
      address_1: optionalText(200),
      address_2: optionalText(200),
      postcode: optionalText(10),
      city: optionalText(100),
      state: optionalText(100),
      country: optionalText(100),
      message: optionalText(500),
      taxReceipt: checkbox,
      taxId: optionalText(30),
      idempotencyKey: z.string().regex(IDEMPOTENCY_KEY, { message: 'donation.form.expired' }),
      // Honeypot: a field people never see; bots fill it.
      website: z.string().max(200).optional(),
    })
    .superRefine((donor, ctx) => {
      if (!donor.anonymous && !donor.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'field.required' });
      // The shared address rule (SPEC.md §5, as AddressFields and bookings apply it): optional
      // while blank, whole once any part is filled (country included); a tax receipt needs it.
      const address = {
        address_1: donor.address_1 ?? '',
        address_2: donor.address_2 ?? '',
        postcode: donor.postcode ?? '',
        city: donor.city ?? '',
        state: donor.state ?? '',
        country: donor.country ?? '',
      };
      for (const [part, key] of Object.entries(validateAddress(address, donor.taxReceipt))) {
        ctx.addIssue({ code: 'custom', path: [part], message: key });
      }
      if (donor.taxReceipt) {
        if (!donor.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'field.required' });
        if (!donor.taxId || !/^[A-Za-z0-9-]{5,30}$/.test(donor.taxId)) {
          ctx.addIssue({ code: 'custom', path: ['taxId'], message: 'donation.form.taxIdInvalid' });
        }
      }
    })
    .transform(({ address_1, address_2, postcode, city, state, country, ...donor }) => ({
      ...donor,
      name: donor.name,
      address:
        address_1 && postcode && city && state && country
          ? {
              line1: address_1,
              ...(address_2 ? { line2: address_2 } : {}),
              postcode,
              city,
              state,
              country,
            }
          : null,
      taxId: donor.taxReceipt ? (donor.taxId?.toUpperCase() ?? null) : null,
    }));
}
export type DonorInput = z.infer<ReturnType<typeof donorSchema>>;

const type = z.enum(DONATION_TYPES, { message: 'donation.form.typeUnavailable' });
const count = z
  .string()
  .optional()
  .transform((value) => (value && /^\d{1,4}$/.test(value) ? Number(value) : undefined));

/** The donation form's gift: a suggested amount or a typed one (in major units, as people type it). */
export function formGiftSchema(currency: Currency) {
  const key = `${currency.code}:${currency.symbol}:${currency.multiplier}:${currency.exponent}`;
  let schema = giftSchemas.get(key);
  if (!schema) {
    schema = buildFormGiftSchema(currency);
    giftSchemas.set(key, schema);
  }
  return schema;
}

/** Built once per currency: every post parses it. */
const giftSchemas = new Map<string, ReturnType<typeof buildFormGiftSchema>>();

function buildFormGiftSchema(currency: Currency) {
  return z
    .object({
      campaignId: uuid,
      amount: z.string().max(30).optional(),
      customAmount: z.string().max(30).optional(),
      type,
      weeklyCount: count,
      monthlyCount: count,
      coverFees: checkbox,
    })
    .transform((gift, ctx) => {
      const typed = gift.customAmount?.trim() ? gift.customAmount : gift.amount;
      const amountMinor = typed?.trim() ? toMinorUnits(typed, currency) : null;
      if (amountMinor === null || amountMinor <= 0) {
        ctx.addIssue({ code: 'custom', path: ['customAmount'], message: 'donation.form.amountInvalid' });
        return z.NEVER;
      }
      const lineCount =
        gift.type === 'weekly' ? gift.weeklyCount : gift.type === 'monthly' ? gift.monthlyCount : undefined;
      return {
        campaignId: gift.campaignId,
        amountMinor,
        type: gift.type,
        ...(lineCount === undefined ? {} : { count: lineCount }),
        coverFees: gift.coverFees,
      };
    });
}

/** One checkout line as the checkout page posts it (`line.N.field`, amounts already in minor units). */
const checkoutLine = z.object({
  campaignId: uuid,
  amountMinor: z
    .string()
    .regex(/^\d{1,15}$/, { message: 'donation.form.amountInvalid' })
    .transform(Number),
  type,
  count,
  coverFees: checkbox,
  // Issue 13: a line given through a fundraiser's page (checked against the campaign at checkout).
  fundraiserId: z.uuid({ message: 'donation.form.campaignClosed' }).optional(),
});
export type SubmittedLine = {
  campaignId: string;
  amountMinor: number;
  type: (typeof DONATION_TYPES)[number];
  count?: number;
  coverFees: boolean;
  /** Issue 13: the fundraiser the gift is given through. */
  fundraiserId?: string;
};

/** The `line.N.*` fields of a checkout post, in N order; errors name the field (`line.N.field`). */
export function checkoutLinesSchema() {
  return z.record(z.string(), z.string()).transform((fields, ctx) => {
    const byIndex = new Map<number, Record<string, string>>();
    for (const [name, value] of Object.entries(fields)) {
      const match = /^line\.(\d{1,2})\.(\w+)$/.exec(name);
      if (!match) continue;
      const index = Number(match[1]);
      const line = byIndex.get(index) ?? {};
      line[match[2] as string] = value;
      byIndex.set(index, line);
    }
    if (byIndex.size === 0) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'donation.cart.empty' });
      return z.NEVER;
    }
    if (byIndex.size > MAX_DONATION_CART_LINES) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'donation.cart.full' });
      return z.NEVER;
    }
    const lines: SubmittedLine[] = [];
    for (const index of [...byIndex.keys()].sort((a, b) => a - b)) {
      const parsed = checkoutLine.safeParse(byIndex.get(index));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: [`line.${index}.${issue.path.join('.')}`], message: issue.message });
        }
        return z.NEVER;
      }
      const { count: lineCount, fundraiserId, ...rest } = parsed.data;
      lines.push({
        ...rest,
        ...(lineCount === undefined ? {} : { count: lineCount }),
        ...(fundraiserId ? { fundraiserId } : {}),
      });
    }
    return lines;
  });
}

/** The dial code national numbers are read in: the tenant's country (from its time zone). */
export function dialCodeOf(countryIso: string): string {
  return findCountry(countryIso)?.dialCode ?? '6';
}

/** Zod issues as `{ field: messageKey }`, the first per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.') || '_';
    errors[name] ??= issue.message;
  }
  return errors;
}
