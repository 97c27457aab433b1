import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales';

/** Splits `/ms/appointment` into the locale and the unprefixed path `/appointment`. */
export function splitLocalePrefix(pathname: string): { locale: Locale | null; path: string } {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  const code = match?.[1];
  if (code && code !== DEFAULT_LOCALE && isLocale(code)) {
    return { locale: code, path: match[2] || '/' };
  }
  return { locale: null, path: pathname };
}

/** The path of `path` (unprefixed) in `locale`: `/appointment` → `/ms/appointment`. */
export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}/` : `/${locale}${clean}`;
}

/**
 * The first of our locales the browser asks for in Accept-Language, honouring q-values.
 * `ms-MY`, `ms` and `zsm` count as Malay; `id-ID`, `id` and `in` (old Java code) as Indonesian.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), weight: Number.isNaN(weight) ? 0 : weight, order };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'ms' || primary === 'zsm') return 'ms';
    if (primary === 'id' || primary === 'in') return 'id';
    if (primary === 'en') return 'en';
  }
  return null;
}

export interface LocaleInputs {
  pathname: string;
  cookie: string | undefined;
  acceptLanguage: string | null;
  /** The tenant's default language, used when nothing else decides. */
  fallback?: Locale;
  /** API calls honour Accept-Language on every path (islands send the page's language). */
  api?: boolean;
}

/**
 * SPEC.md §2: the URL prefix first; else a saved locale cookie; else the browser language when on
 * the root path; else the tenant's default language (English unless the tenant says otherwise).
 */
export function resolveLocale({
  pathname,
  cookie,
  acceptLanguage,
  fallback = DEFAULT_LOCALE,
  api = false,
}: LocaleInputs): {
  locale: Locale;
  path: string;
  prefixed: boolean;
} {
  const { locale, path } = splitLocalePrefix(pathname);
  if (locale) return { locale, path, prefixed: true };
  if (isLocale(cookie)) return { locale: cookie, path, prefixed: false };
  if (pathname === '/' || api) {
    const fromBrowser = localeFromAcceptLanguage(acceptLanguage);
    if (fromBrowser) return { locale: fromBrowser, path, prefixed: false };
  }
  return { locale: fallback, path, prefixed: false };
}

export { LOCALES };
