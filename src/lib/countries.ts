// Country list for the phone and address pickers, built from intl-tel-input's
// data (dial codes, priorities, area codes). That data ships without names, so
// names come from Intl.DisplayNames, which also gives Malay/Indonesian for free.
import telData from 'intl-tel-input/data';

export interface Country {
  /** Uppercase ISO 3166-1 alpha-2, e.g. 'MY'. */
  iso: string;
  /** English name. */
  name: string;
  /** Digits only, no '+', e.g. '60'. */
  dialCode: string;
  /** Among countries sharing a dial code, 0 is the main one. */
  priority: number;
  /** Leading national digits that identify this country within a shared dial code. */
  areaCodes: string[] | null;
}

export const DEFAULT_COUNTRY_ISO = 'MY';

const displayNamesCache = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  let dn = displayNamesCache.get(locale);
  if (dn === undefined) {
    try {
      // fallback 'none' so an unknown code gives undefined rather than echoing the code.
      dn = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    } catch {
      dn = null; // malformed locale tag
    }
    displayNamesCache.set(locale, dn);
  }
  return dn;
}

function regionName(iso: string, locale: string): string | undefined {
  try {
    return displayNames(locale)?.of(iso) ?? undefined;
  } catch {
    return undefined; // malformed region code
  }
}

const collator = new Intl.Collator('en');

export const COUNTRIES: Country[] = telData
  .map((c) => {
    const iso = c.iso2.toUpperCase();
    return {
      iso,
      name: regionName(iso, 'en') ?? iso,
      dialCode: c.dialCode,
      priority: c.priority,
      areaCodes: c.areaCodes ? [...c.areaCodes] : null,
    };
  })
  .sort((a, b) => collator.compare(a.name, b.name));

const byIso = new Map(COUNTRIES.map((c) => [c.iso, c]));

/** Case-insensitive lookup by ISO code. */
export function findCountry(iso: string): Country | undefined {
  return byIso.get(iso.trim().toUpperCase());
}

/** Country name in `locale` ('ms' → "Jerman" for DE), else the English name, else the code. */
export function countryName(iso: string, locale: string): string {
  const code = iso.trim().toUpperCase();
  return regionName(code, locale) ?? findCountry(code)?.name ?? code;
}

/** Flag images are served from /public/flags. */
export function flagUrl(iso: string): string {
  return `/flags/${iso.trim().toLowerCase()}.svg`;
}
