// Pure helpers behind PhoneInput: splitting a stored value into country + number, and searching
// the country list. Kept apart from the component so they are unit-tested directly.
import { COUNTRIES, type Country, countryName, DEFAULT_COUNTRY_ISO, findCountry } from '#lib/countries.ts';
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

export interface CountryOption {
  iso: string;
  /** Localised name. */
  name: string;
  dialCode: string;
  /** Lower-cased, accent-free text the search matches against. */
  search: string;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The country list in `locale`, sorted by localised name. */
export function countryOptions(locale: string, countries: readonly Country[] = COUNTRIES): CountryOption[] {
  const collator = new Intl.Collator(locale);
  return countries
    .map((c) => {
      const name = countryName(c.iso, locale);
      return { iso: c.iso, name, dialCode: c.dialCode, search: fold(`${name} ${c.name} ${c.iso}`) };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * Shown first in the unsearched picker, in this order: Malaysia (the default, SPEC.md §9), then
 * the neighbours this product's visitors most often dial from. The rest follow by name.
 */
export const PREFERRED_COUNTRIES: readonly string[] = ['MY', 'SG', 'ID', 'BN', 'TH', 'PH'];

function preferredFirst(options: readonly CountryOption[]): CountryOption[] {
  const rank = (iso: string) => {
    const index = PREFERRED_COUNTRIES.indexOf(iso);
    return index === -1 ? PREFERRED_COUNTRIES.length : index;
  };
  // A stable sort keeps the rest in their (localised, alphabetical) order.
  return [...options].sort((a, b) => rank(a.iso) - rank(b.iso));
}

/**
 * The picker's list for a search. Unsearched, the preferred countries come first. Searched: by localised or English name, ISO code, or dial code ("60",
 * "+60"). Names starting with the text come first, then names with a word starting with it.
 */
export function filterCountries(options: readonly CountryOption[], query: string): CountryOption[] {
  const q = fold(query.trim());
  if (q === '') return preferredFirst(options);
  const dial = q.replace(/^\+/, '');
  if (/^\d+$/.test(dial)) return options.filter((o) => o.dialCode.startsWith(dial));
  // "in" lists India and Indonesia before British Indian Ocean Territory, and that before Benin.
  const nameStarts: CountryOption[] = [];
  const wordStarts: CountryOption[] = [];
  const contains: CountryOption[] = [];
  for (const o of options) {
    if (o.search.startsWith(q)) nameStarts.push(o);
    else if (o.search.includes(` ${q}`)) wordStarts.push(o);
    else if (o.search.includes(q)) contains.push(o);
  }
  return [...nameStarts, ...wordStarts, ...contains];
}

/** The country for an ISO code, falling back to Malaysia. */
export function countryOrDefault(iso: string): Country {
  return findCountry(iso) ?? (findCountry(DEFAULT_COUNTRY_ISO) as Country);
}
