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

/** The switch to `code` (`/locale/{code}`): it saves the choice and returns to `next` in that language. */
export function switchLocalePath(code: string, next: string): string {
  return `/locale/${encodeURIComponent(code)}?next=${encodeURIComponent(next)}`;
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
  /**
   * The language already decided for this request, when a page rewrites it to another (its 404
   * page): the visitor asked for one URL, and its language stays.
   */
  decided?: Locale | undefined;
}

/** What decided the language: the URL, the saved choice, the browser on `/`, or the tenant. */
export type LocaleSource = 'prefix' | 'rewrite' | 'cookie' | 'browser' | 'default';

export interface ResolvedLocale {
  locale: Locale;
  path: string;
  prefixed: boolean;
  source: LocaleSource;
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
  decided,
}: LocaleInputs): ResolvedLocale {
  const { locale, path } = splitLocalePrefix(pathname);
  if (locale) return { locale, path, prefixed: true, source: 'prefix' };
  if (decided) return { locale: decided, path, prefixed: false, source: 'rewrite' };
  const fromBrowser = localeFromAcceptLanguage(acceptLanguage);
  // Islands send the language of the page they are on: it beats a cookie saved on another page.
  if (api && fromBrowser) return { locale: fromBrowser, path, prefixed: false, source: 'browser' };
  if (isLocale(cookie)) return { locale: cookie, path, prefixed: false, source: 'cookie' };
  if (pathname === '/' && fromBrowser) return { locale: fromBrowser, path, prefixed: false, source: 'browser' };
  return { locale: fallback, path, prefixed: false, source: 'default' };
}

/**
 * The language to save in the locale cookie, if any (docs/decisions/0012). On `/` the browser's
 * language decides. Malay and Indonesian then move to their prefix, and every link after carries
 * it. English is the unprefixed language: its links carry nothing, and the next page would fall
 * back to the tenant's default (an English visitor of an Indonesian-default tenant turned
 * Indonesian on the first click). So English chosen on `/` where the tenant's default is another
 * language is saved, as the switcher would save it: the visitor's language sticks. Nothing is
 * saved otherwise (the home page stays cacheable for most first visits).
 */
export function localeToRemember(resolved: ResolvedLocale, fallback: Locale, page: boolean): Locale | null {
  if (!page || resolved.source !== 'browser' || resolved.prefixed) return null;
  if (resolved.locale !== DEFAULT_LOCALE || fallback === DEFAULT_LOCALE) return null;
  return resolved.locale;
}

/**
 * The URL a page must move to so that each URL has one language (docs/decisions/0001): an
 * unprefixed page in Malay or Indonesian goes to its prefixed URL. A rewrite keeps its URL.
 */
export function mustRedirect(resolved: ResolvedLocale): boolean {
  return !resolved.prefixed && resolved.source !== 'rewrite' && resolved.locale !== DEFAULT_LOCALE;
}

/**
 * The hreflang alternates of a page: each language's URL, where a visitor without a saved choice
 * (a crawler) gets that language. The unprefixed URL is English, but on a tenant whose default
 * language is another it sends such a visitor to the default's prefix, so it is listed only as
 * x-default there (an alternate that redirects is no alternate).
 */
export function hreflangAlternates(path: string, tenantDefault: Locale): { hreflang: string; path: string }[] {
  return [
    ...LOCALES.filter((l) => l !== DEFAULT_LOCALE || tenantDefault === DEFAULT_LOCALE).map((l) => ({
      hreflang: l,
      path: localePath(l, path),
    })),
    { hreflang: 'x-default', path: localePath(DEFAULT_LOCALE, path) },
  ];
}

export { LOCALES };
