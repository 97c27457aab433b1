import { describe, expect, it } from 'vitest';
import { countryOptions, filterCountries } from './country-options';
import { parsePastedPhone, splitPhoneValue } from './phone-model';

describe('splitPhoneValue', () => {
  it('reads a Malaysian value back into the national form', () => {
    expect(splitPhoneValue('60123456789')).toEqual({ iso: 'MY', number: '0123456789' });
    expect(splitPhoneValue('+60 12-345 6789')).toEqual({ iso: 'MY', number: '0123456789' });
  });

  it('picks other countries by dial code', () => {
    expect(splitPhoneValue('628123456789')).toEqual({ iso: 'ID', number: '8123456789' });
    expect(splitPhoneValue('6591234567')).toEqual({ iso: 'SG', number: '91234567' });
    expect(splitPhoneValue('442071234567')).toEqual({ iso: 'GB', number: '2071234567' });
  });

  it('defaults to Malaysia when empty', () => {
    expect(splitPhoneValue('')).toEqual({ iso: 'MY', number: '' });
  });
});

describe('parsePastedPhone', () => {
  it('switches country for international numbers', () => {
    expect(parsePastedPhone(' +62 812-3456-789 ')).toEqual({ iso: 'ID', number: '8123456789' });
    expect(parsePastedPhone('0060123456789')).toEqual({ iso: 'MY', number: '0123456789' });
  });

  it('leaves national numbers to the digit filter', () => {
    expect(parsePastedPhone('012-345 6789')).toBeNull();
  });
});

describe('country search', () => {
  const en = countryOptions('en');
  const ms = countryOptions('ms');

  it('lists about 240 countries', () => {
    expect(en.length).toBeGreaterThan(230);
    expect(en.length).toBeLessThan(260);
  });

  it('finds by localised and English name, ignoring case and accents', () => {
    expect(filterCountries(en, 'malay')[0]?.iso).toBe('MY');
    expect(filterCountries(ms, 'jerman')[0]?.iso).toBe('DE');
    expect(filterCountries(ms, 'germany')[0]?.iso).toBe('DE');
    expect(filterCountries(en, 'cote').map((c) => c.iso)).toContain('CI');
  });

  it('lists Malaysia and the region first when nothing is searched, then the rest by name', () => {
    const isos = filterCountries(en, '').map((c) => c.iso);
    expect(isos.slice(0, 6)).toEqual(['MY', 'SG', 'ID', 'BN', 'TH', 'PH']);
    expect(isos.slice(6, 8)).toEqual(['AF', 'AX']); // Afghanistan, Åland Islands
    expect(new Set(isos).size).toBe(en.length);
    expect(filterCountries(ms, '')[0]?.iso).toBe('MY');
  });

  it('finds by dial code', () => {
    expect(filterCountries(en, '+60').map((c) => c.iso)).toEqual(['MY']);
    expect(filterCountries(en, '62').map((c) => c.iso)).toContain('ID');
  });

  it('ranks name starts, then word starts, then matches inside a word', () => {
    const isos = filterCountries(en, 'in').map((c) => c.iso);
    expect(isos.slice(0, 2)).toEqual(['IN', 'ID']);
    expect(isos.indexOf('IO')).toBeLessThan(isos.indexOf('BJ'));
    expect(filterCountries(en, 'xyzzy')).toEqual([]);
  });
});
