// Phone field rules (SPEC §5, §9). The normalisation to E.164 (libphonenumber) is in ./phone-e164,
// apart so the browser loads it only when a phone field is used.
import type { Country } from './countries';
import { COUNTRIES, DEFAULT_COUNTRY_ISO, findCountry } from './countries';
import { timeZoneCountry } from './time-zones';

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

/**
 * Default phone country when none is chosen: the country of the browser's
 * time zone (Intl.DateTimeFormat().resolvedOptions().timeZone), limited to
 * countries in the phone list; anything else falls back to Malaysia.
 */
export function countryFromTimeZone(timeZone: string | undefined): string {
  const iso = timeZone ? timeZoneCountry(timeZone) : undefined;
  return iso && findCountry(iso) ? iso : DEFAULT_COUNTRY_ISO;
}
