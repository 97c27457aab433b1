// Phone field rules (SPEC §5, §9). The normalisation to E.164 with libphonenumber is in ./phone-e164,
// for the server; the field drops a trunk 0 by internationalPhone below, without it.
import type { Country } from './countries';
import { COUNTRIES } from './countries';

/** Message keys; the UI translates them. */
export type PhoneError = 'phone.required' | 'phone.invalid';

/**
 * Malaysian mobile, national form: 01, then 0-4 or 6-9 (015 is not mobile),
 * optional dashes, then 7 or 8 digits. e.g. 0123456789, 012-3456789, 01123456789.
 */
export const MALAYSIA_MOBILE = /^01[0-46-9]-*\d{7,8}$/;

/**
 * The product prefixes Malaysian numbers with "6", not "60": visitors type the
 * national form with its leading 0 (0123456789 → 60123456789). SPEC §9.
 */
export const MALAYSIA_DIAL_CODE = '6';

/** Only digits can be typed; strips everything else. */
export function digitsOnly(input: string): string {
  return input.replace(/\D+/g, '');
}

/**
 * Checks a phone number for the selected country.
 * Malaysia: the national number must match MALAYSIA_MOBILE. A number that already
 * carries the dial code (60123456789 as phoneValue emits it, or +60123456789) is
 * accepted by swapping the leading 60 back to 0 first.
 * Other countries: only non-empty is checked.
 */
export function validatePhone(number: string, countryIso: string, required: boolean): PhoneError | null {
  const value = number.trim();
  if (value === '') return required ? 'phone.required' : null;
  if (countryIso.trim().toUpperCase() !== 'MY') return null;

  const withoutPlus = value.startsWith('+') ? value.slice(1) : value;
  const national = withoutPlus.startsWith('60') ? `0${withoutPlus.slice(2)}` : withoutPlus;
  return MALAYSIA_MOBILE.test(national) ? null : 'phone.invalid';
}

/**
 * The value a phone field emits: the dial code prefixed to the number unless
 * already present. Malaysia's dial code is "6" in this product (SPEC §9); "60"
 * is treated the same, so 0123456789 → 60123456789 either way.
 * The number is otherwise emitted as typed (digits only): a trunk 0 is not
 * stripped for other countries.
 */
export function phoneValue(number: string, dialCode: string): string {
  const digits = digitsOnly(number);
  if (digits === '') return '';
  let code = digitsOnly(dialCode);
  if (code === '60') code = MALAYSIA_DIAL_CODE;
  return digits.startsWith(code) ? digits : code + digits;
}

/**
 * Dial codes of the countries that write a national trunk prefix 0, which an international number
 * drops (libphonenumber's metadata says so; phone.test.ts checks this list against it). Malaysia's
 * product dial code "6" already absorbs its 0 (SPEC §9), so "6" is not here.
 */
const TRUNK_ZERO_DIAL_CODES = new Set(
  (
    '20 211 212 213 218 231 232 233 234 243 249 250 251 252 254 255 256 260 261 262 263 264 265 27 291 31 32 33 ' +
    '353 355 358 359 370 373 374 377 380 381 382 383 385 386 387 389 40 41 421 423 43 44 46 49 508 51 53 54 55 57 ' +
    '58 590 591 593 594 595 596 598 60 61 62 63 64 66 686 81 82 84 850 855 856 86 880 886 90 91 92 93 94 95 961 ' +
    '962 963 964 966 967 970 971 972 976 977 98 994 995 996'
  ).split(' '),
);

/**
 * What a phone field emits (phoneValue), without a trunk 0 typed right after the dial code of a
 * country that dials one: Indonesia's 0812-3456-7890 with +62 is 6281234567890. The field does
 * this without libphonenumber (29 KB the browser no longer loads); the server still normalises
 * with it (lib/phone-e164), and both agree on these countries.
 */
export function internationalPhone(number: string, dialCode: string): string {
  const value = phoneValue(number, dialCode);
  const code = digitsOnly(dialCode);
  return TRUNK_ZERO_DIAL_CODES.has(code) && value.startsWith(`${code}0`) ? code + value.slice(code.length + 1) : value;
}

/** The dial codes whose trunk 0 internationalPhone drops (for the test against libphonenumber). */
export const trunkZeroDialCodes = (): ReadonlySet<string> => TRUNK_ZERO_DIAL_CODES;

/** Length of the longest area code of `country` that `rest` starts with; 0 if none. */
function areaCodeMatch(country: Country, rest: string): number {
  let best = 0;
  for (const areaCode of country.areaCodes ?? []) {
    if (areaCode.length > best && rest.startsWith(areaCode)) best = areaCode.length;
  }
  return best;
}

/**
 * Country of a full international number (digits, optional '+').
 * Tries the first 4 digits as dial code, then 3, 2, 1. Among countries sharing
 * that code, the one with the longest matching area code wins (CA for +1 416…);
 * ties, including no area-code match, go to the lowest priority (US for +1 212…).
 * intl-tel-input lists shared mobile ranges on both countries (IT and VA both
 * have "3"), so the priority tie-break keeps +39 3… in Italy.
 */
export function matchDialCode(value: string, countries: readonly Country[] = COUNTRIES): Country | null {
  const digits = digitsOnly(value);
  for (let len = Math.min(4, digits.length); len >= 1; len--) {
    const code = digits.slice(0, len);
    const rest = digits.slice(len);
    let best: Country | null = null;
    let bestArea = -1;
    for (const c of countries) {
      if (c.dialCode !== code) continue;
      const area = areaCodeMatch(c, rest);
      if (area > bestArea || (area === bestArea && best !== null && c.priority < best.priority)) {
        best = c;
        bestArea = area;
      }
    }
    if (best) return best;
  }
  return null;
}
