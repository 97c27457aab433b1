// The kiosk's pure rules (issue 23): how a typed mobile number is read, and the limits that keep
// a display code from becoming a free ticket (and SMS) machine. No I/O: kiosk-rules.test.ts.
import { findCountry } from '#lib/countries.ts';
import { digitsOnly, matchDialCode, phoneValue, validatePhone } from '#lib/phone.ts';
import { normalisePhone } from '#lib/phone-e164.ts';
import { countryFromTimeZone } from '#lib/time-zones.ts';

const MINUTE = 60_000;

/**
 * Tickets one address may take. A kiosk is one shared tablet on the clinic's network, so it is
 * limited by rate, not by open tickets: a busy morning stays far below it; 40 tickets in a row do not.
 */
export const KIOSK_TICKETS_PER_ADDRESS = [
  { limit: 20, windowMs: 10 * MINUTE },
  { limit: 60, windowMs: 60 * MINUTE },
] as const;

/** Tickets one mobile number may take a day (each may bring two SMS). */
export const KIOSK_TICKETS_PER_PHONE = { limit: 3, windowMs: 24 * 60 * MINUTE } as const;

/**
 * Wrong display codes one address may try (on /qtv, the kiosk and the board's state endpoint)
 * before every code from it is refused with 429 until the window ends. Right codes do not count.
 */
export const DISPLAY_CODE_GUESSES = { limit: 10, windowMs: 10 * MINUTE } as const;

/** The tenant's country (ISO 3166 alpha-2), from its time zone: the kiosk's default phone region. */
export function tenantCountry(timeZone: string): string {
  return countryFromTimeZone(timeZone);
}

export type KioskPhone =
  | { ok: true; phone: null }
  | { ok: true; phone: string; country: string | null }
  | { ok: false };

/**
 * A mobile number typed at the kiosk, read as every phone field reads it (PhoneInput with the
 * tenant's country chosen): the local form (017…, 0812…) gets the country's dial code, a number
 * with `+` or `00` (or already starting with the dial code) is international; Malaysian numbers must
 * be mobile numbers (SPEC §5); stored as E.164 digits (normalisePhone: trunk 0 dropped).
 */
export function kioskPhone(typed: string, countryIso: string): KioskPhone {
  const value = typed.trim();
  if (value === '') return { ok: true, phone: null };
  if (!/^[+\d\s().-]+$/.test(value)) return { ok: false };
  let digits = digitsOnly(value);
  const international = value.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (!international) digits = phoneValue(digits, findCountry(countryIso)?.dialCode ?? '60');
  if (!/^\d{6,16}$/.test(digits)) return { ok: false };
  if (matchDialCode(digits)?.iso === 'MY' && validatePhone(digits, 'MY', true)) return { ok: false };
  const phone = normalisePhone(digits);
  // What an SMS gateway accepts (E.164: no leading 0, at most 15 digits).
  if (!/^[1-9]\d{7,14}$/.test(phone)) return { ok: false };
  return { ok: true, phone, country: matchDialCode(phone)?.iso ?? null };
}
