/** The three languages Serambi speaks. English has no URL prefix; the others use /ms and /id. */
export const LOCALES = ['en', 'ms', 'id'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Locale entries as SPEC.md §3 describes them: a code and an optional ISO code. */
export const LOCALE_ENTRIES: { code: Locale; iso: string; name: string }[] = [
  { code: 'en', iso: 'en-MY', name: 'English' },
  { code: 'ms', iso: 'ms-MY', name: 'Bahasa Melayu' },
  { code: 'id', iso: 'id-ID', name: 'Bahasa Indonesia' },
];

export type LocalizedText = Record<Locale, string>;

export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isoCode(locale: Locale): string {
  return LOCALE_ENTRIES.find((e) => e.code === locale)?.iso ?? 'en-MY';
}

/** Picks the text for a locale, falling back to English, then to any non-empty text. */
export function localized(text: Partial<LocalizedText> | null | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text.en || Object.values(text).find(Boolean) || '';
}
