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
  it('splits /ms and /id prefixes off the path', () => {
    expect(splitLocalePrefix('/ms/appointment/3')).toEqual({ locale: 'ms', path: '/appointment/3' });
    expect(splitLocalePrefix('/id')).toEqual({ locale: 'id', path: '/' });
    expect(splitLocalePrefix('/id/')).toEqual({ locale: 'id', path: '/' });
  });
  it('leaves English (no prefix), /en and look-alike paths alone', () => {
    expect(splitLocalePrefix('/appointment')).toEqual({ locale: null, path: '/appointment' });
    expect(splitLocalePrefix('/en/x')).toEqual({ locale: null, path: '/en/x' });
    expect(splitLocalePrefix('/msx/y')).toEqual({ locale: null, path: '/msx/y' });
    expect(splitLocalePrefix('/fr/y')).toEqual({ locale: null, path: '/fr/y' });
  });
  it('builds the path of a page in each language', () => {
    expect(localePath('en', '/donation/7')).toBe('/donation/7');
    expect(localePath('ms', '/donation/7')).toBe('/ms/donation/7');
    expect(localePath('id', '/')).toBe('/id/');
    expect(localePath('ms', 'invoices')).toBe('/ms/invoices');
  });
});

describe('browser language', () => {
  it('picks the first supported language by weight', () => {
    expect(localeFromAcceptLanguage('ms-MY,ms;q=0.9,en;q=0.8')).toBe('ms');
    expect(localeFromAcceptLanguage('fr-FR,id;q=0.7,en;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('fr-FR,id;q=0.7')).toBe('id');
    expect(localeFromAcceptLanguage('in-ID')).toBe('id');
  });
  it('ignores q=0 and unsupported languages', () => {
    expect(localeFromAcceptLanguage('ms;q=0, de')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
    expect(localeFromAcceptLanguage(null)).toBeNull();
  });
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
  it('uses the saved cookie on unprefixed paths', () => {
    expect(resolveLocale({ pathname: '/x', cookie: 'ms', acceptLanguage: 'id' }).locale).toBe('ms');
    expect(resolveLocale({ pathname: '/', cookie: 'en', acceptLanguage: 'id' }).locale).toBe('en');
  });
  it('uses the browser language on the root path only', () => {
    expect(resolveLocale({ pathname: '/', cookie: undefined, acceptLanguage: 'id-ID' }).locale).toBe('id');
    expect(resolveLocale({ pathname: '/x', cookie: undefined, acceptLanguage: 'id-ID' }).locale).toBe('en');
  });
  it('lets API calls use the browser language on any path', () => {
    expect(resolveLocale({ pathname: '/api/x', cookie: undefined, acceptLanguage: 'ms', api: true }).locale).toBe('ms');
  });
  it('falls back to the tenant default, ignoring a tampered cookie', () => {
    expect(resolveLocale({ pathname: '/x', cookie: 'xx', acceptLanguage: null, fallback: 'id' }).locale).toBe('id');
    expect(resolveLocale({ pathname: '/x', cookie: 'xx', acceptLanguage: null }).locale).toBe('en');
  });
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
