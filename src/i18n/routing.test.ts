import { describe, expect, it } from 'vitest';
import {
  hreflangAlternates,
  localeFromAcceptLanguage,
  localePath,
  localeToRemember,
  mustRedirect,
  resolveLocale,
  splitLocalePrefix,
} from './routing';

describe('locale prefix', () => {
  it.each([
    // /ms and /id prefixes are split off the path
    ['/ms/appointment/3', 'ms', '/appointment/3'],
    ['/id', 'id', '/'],
    ['/id/', 'id', '/'],
    // English (no prefix), /en and look-alike paths are left alone
    ['/appointment', null, '/appointment'],
    ['/en/x', null, '/en/x'],
    ['/msx/y', null, '/msx/y'],
    ['/fr/y', null, '/fr/y'],
  ])('splits %s into %s and %s', (pathname, locale, path) =>
    expect(splitLocalePrefix(pathname)).toEqual({ locale, path }),
  );
  it.each([
    ['en', '/donation/7', '/donation/7'],
    ['ms', '/donation/7', '/ms/donation/7'],
    ['id', '/', '/id/'],
    ['ms', 'invoices', '/ms/invoices'],
  ] as const)('builds the %s path of %s: %s', (locale, path, localised) =>
    expect(localePath(locale, path)).toBe(localised),
  );
});

describe('browser language', () => {
  it.each([
    // the first supported language by weight
    ['ms-MY,ms;q=0.9,en;q=0.8', 'ms'],
    ['fr-FR,id;q=0.7,en;q=0.9', 'en'],
    ['fr-FR,id;q=0.7', 'id'],
    ['in-ID', 'id'],
    // q=0 and unsupported languages are ignored
    ['ms;q=0, de', null],
    ['', null],
    [null, null],
  ])('picks from %j: %s', (header, locale) => expect(localeFromAcceptLanguage(header)).toBe(locale));
});

describe('resolveLocale (SPEC.md §2)', () => {
  it('lets the URL prefix win over cookie and browser', () => {
    expect(resolveLocale({ pathname: '/id/x', cookie: 'ms', acceptLanguage: 'en' })).toEqual({
      locale: 'id',
      path: '/x',
      prefixed: true,
      source: 'prefix',
    });
  });
  it.each([
    ['uses the saved cookie on unprefixed paths', { pathname: '/x', cookie: 'ms', acceptLanguage: 'id' }, 'ms'],
    ['uses the saved cookie on unprefixed paths', { pathname: '/', cookie: 'en', acceptLanguage: 'id' }, 'en'],
    ['uses the browser language on the root path', { pathname: '/', acceptLanguage: 'id-ID' }, 'id'],
    ['uses the browser language on the root path only', { pathname: '/x', acceptLanguage: 'id-ID' }, 'en'],
    [
      'lets API calls use the browser language on any path',
      { pathname: '/api/x', acceptLanguage: 'ms', api: true },
      'ms',
    ],
    [
      'falls back to the tenant default, ignoring a tampered cookie',
      { pathname: '/x', cookie: 'xx', acceptLanguage: null, fallback: 'id' },
      'id',
    ],
    ['falls back to English, ignoring a tampered cookie', { pathname: '/x', cookie: 'xx', acceptLanguage: null }, 'en'],
  ] as const)('%s: %j is %s', (_rule, request, locale) =>
    expect(resolveLocale({ cookie: undefined, ...request }).locale).toBe(locale),
  );
});

describe('a visitor language that sticks (docs/decisions/0012)', () => {
  it('keeps the language of the request a page rewrites (its 404), after the prefix only', () => {
    expect(
      resolveLocale({ pathname: '/404', cookie: undefined, acceptLanguage: 'en', fallback: 'id', decided: 'ms' }),
    ).toMatchObject({ locale: 'ms', source: 'rewrite' });
    expect(
      mustRedirect(resolveLocale({ pathname: '/404', cookie: undefined, acceptLanguage: null, decided: 'id' })),
    ).toBe(false);
    expect(resolveLocale({ pathname: '/id/500', cookie: undefined, acceptLanguage: null, decided: 'ms' }).locale).toBe(
      'id',
    );
  });
  it("saves English chosen on / by the browser when the tenant's default is another language", () => {
    const english = resolveLocale({ pathname: '/', cookie: undefined, acceptLanguage: 'en-US', fallback: 'id' });
    expect(localeToRemember(english, 'id', true)).toBe('en');
    expect(mustRedirect(english)).toBe(false);
    const indonesian = resolveLocale({ pathname: '/', cookie: undefined, acceptLanguage: 'id', fallback: 'id' });
    expect(localeToRemember(indonesian, 'id', true)).toBeNull();
    expect(localeToRemember(english, 'en', true)).toBeNull();
    // Malay moves to /ms/, whose links keep the prefix: no cookie needed.
    const malay = resolveLocale({ pathname: '/', cookie: undefined, acceptLanguage: 'ms', fallback: 'id' });
    expect(localeToRemember(malay, 'id', true)).toBeNull();
    expect(mustRedirect(malay)).toBe(true);
    const saved = resolveLocale({ pathname: '/', cookie: 'en', acceptLanguage: 'ms', fallback: 'id' });
    expect(localeToRemember(saved, 'id', true)).toBeNull();
    const api = resolveLocale({
      pathname: '/api/x',
      cookie: undefined,
      acceptLanguage: 'en',
      fallback: 'id',
      api: true,
    });
    expect(localeToRemember(api, 'id', false)).toBeNull();
  });
  it('with the saved choice, the next unprefixed page stays in it', () => {
    expect(resolveLocale({ pathname: '/appointment', cookie: 'en', acceptLanguage: 'en', fallback: 'id' }).locale).toBe(
      'en',
    );
    expect(
      resolveLocale({ pathname: '/appointment', cookie: undefined, acceptLanguage: 'en', fallback: 'id' }).locale,
    ).toBe('id');
  });
  it("answers an island in its page's language (sent as Accept-Language) over a cookie saved elsewhere", () => {
    expect(resolveLocale({ pathname: '/api/x', cookie: 'en', acceptLanguage: 'id', api: true }).locale).toBe('id');
    expect(resolveLocale({ pathname: '/api/x', cookie: 'ms', acceptLanguage: null, api: true }).locale).toBe('ms');
    expect(resolveLocale({ pathname: '/x', cookie: 'en', acceptLanguage: 'id' }).locale).toBe('en');
  });
  it('lists hreflang alternates that serve their language without a saved choice', () => {
    expect(hreflangAlternates('/donation/5', 'en')).toEqual([
      { hreflang: 'en', path: '/donation/5' },
      { hreflang: 'ms', path: '/ms/donation/5' },
      { hreflang: 'id', path: '/id/donation/5' },
      { hreflang: 'x-default', path: '/donation/5' },
    ]);
    expect(hreflangAlternates('/', 'id')).toEqual([
      { hreflang: 'ms', path: '/ms/' },
      { hreflang: 'id', path: '/id/' },
      { hreflang: 'x-default', path: '/' },
    ]);
  });
});
