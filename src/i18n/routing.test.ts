import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, localePath, resolveLocale, splitLocalePrefix } from './routing';

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
