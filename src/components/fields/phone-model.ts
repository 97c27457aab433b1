// Pure helpers behind PhoneInput: splitting a stored value into country + number. Searching the
// country list is country-options.ts, which only the picker (loaded when opened) imports.
// Kept apart from the component so they are unit-tested directly.
import { type Country, DEFAULT_COUNTRY_ISO, findCountry } from '#lib/countries.ts';
import { digitsOnly, MALAYSIA_DIAL_CODE, matchDialCode } from '#lib/phone.ts';

/** E.164 numbers have at most 15 digits; more is a typing or paste accident. */
export const MAX_PHONE_DIGITS = 15;

export interface SplitPhone {
  iso: string;
  /** The number as the visitor would type it in that country's field. */
  number: string;
}

/**
 * Splits a full value (as PhoneInput emits it, or +E.164) into its country and national number.
 * Malaysia's product dial code is "6" (SPEC.md §9), so 60123456789 gives MY + 0123456789, the
 * form Malaysians type. Unknown codes keep the digits in the default country.
 */
export function splitPhoneValue(value: string): SplitPhone {
  const digits = digitsOnly(value.startsWith('00') ? value.slice(2) : value);
  if (digits === '') return { iso: DEFAULT_COUNTRY_ISO, number: '' };
  const country = matchDialCode(digits);
  if (!country) return { iso: DEFAULT_COUNTRY_ISO, number: digits };
  if (country.iso === 'MY') return { iso: 'MY', number: digits.slice(MALAYSIA_DIAL_CODE.length) };
  return { iso: country.iso, number: digits.slice(country.dialCode.length) };
}

/**
 * A pasted international number (+60 12-345 6789 or 0060…) switches the country; anything else
 * is pasted as digits into the current country. Returns null for the latter.
 */
export function parsePastedPhone(text: string): SplitPhone | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('+') && !trimmed.startsWith('00')) return null;
  const split = splitPhoneValue(trimmed.startsWith('+') ? trimmed.slice(1) : trimmed);
  return { iso: split.iso, number: split.number.slice(0, MAX_PHONE_DIGITS) };
}

/** The country for an ISO code, falling back to Malaysia. */
export function countryOrDefault(iso: string): Country {
  return findCountry(iso) ?? (findCountry(DEFAULT_COUNTRY_ISO) as Country);
}
