// Searching the country list of PhoneInput's picker. Only the picker (CountryList, loaded when the
// visitor opens it) imports this: it stays out of the bytes every page with a phone field ships.
import { COUNTRIES, type Country, countryName } from '#lib/countries.ts';

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
