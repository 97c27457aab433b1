import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, DEFAULT_COUNTRY_ISO, findCountry, flagUrl } from './countries';

describe('COUNTRIES', () => {
  it('has about 240 entries with unique uppercase ISO codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(230);
    expect(COUNTRIES.length).toBeLessThanOrEqual(260);
    const isos = COUNTRIES.map((c) => c.iso);
    expect(new Set(isos).size).toBe(isos.length);
    for (const iso of isos) expect(iso).toMatch(/^[A-Z]{2}$/);
  });

  it('gives every country a real English name and a digit dial code', () => {
    for (const c of COUNTRIES) {
      expect(c.name, c.iso).not.toBe(c.iso);
      expect(c.name.length, c.iso).toBeGreaterThan(2);
      expect(c.dialCode, c.iso).toMatch(/^\d{1,4}$/);
      expect(Number.isInteger(c.priority), c.iso).toBe(true);
    }
  });

  it('is sorted by name', () => {
    const names = COUNTRIES.map((c) => c.name);
    const sorted = [...names].sort((a, b) => a.localeCompare(b, 'en'));
    expect(names).toEqual(sorted);
    expect(names.indexOf('Malaysia')).toBeLessThan(names.indexOf('Singapore'));
  });

  it('carries the intl-tel-input data for the countries we care about', () => {
    expect(findCountry('MY')).toEqual({ iso: 'MY', name: 'Malaysia', dialCode: '60', priority: 0, areaCodes: null });
    expect(findCountry('ID')).toMatchObject({ name: 'Indonesia', dialCode: '62' });
    expect(findCountry('SG')).toMatchObject({ name: 'Singapore', dialCode: '65' });
    expect(findCountry('BN')).toMatchObject({ name: 'Brunei', dialCode: '673' });
    expect(findCountry('US')).toMatchObject({ dialCode: '1', priority: 0, areaCodes: null });
    expect(findCountry('CA')?.areaCodes).toContain('416');
  });

  it('does not share area-code arrays with the source data', () => {
    const ca = findCountry('CA');
    expect(Array.isArray(ca?.areaCodes)).toBe(true);
    expect(Object.isFrozen(ca?.areaCodes)).toBe(false);
  });
});

describe('findCountry', () => {
  it('is case-insensitive and returns undefined for unknown codes', () => {
    expect(findCountry('my')?.iso).toBe('MY');
    expect(findCountry(' id ')?.iso).toBe('ID');
    expect(findCountry('XX')).toBeUndefined();
    expect(findCountry('')).toBeUndefined();
  });
});

describe('countryName', () => {
  it('localises through Intl.DisplayNames', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'ms')).toBe('Jerman');
    expect(countryName('DE', 'id')).toBe('Jerman');
    expect(countryName('SG', 'ms')).toBe('Singapura');
    expect(countryName('my', 'id')).toBe('Malaysia');
  });

  it('falls back to the English name, then the code', () => {
    expect(countryName('DE', 'not a locale!!')).toBe('Germany');
    expect(countryName('XX', 'ms')).toBe('XX');
    expect(countryName('X', 'ms')).toBe('X');
  });
});

describe('flagUrl', () => {
  it('points at the lowercase svg', () => {
    expect(flagUrl('MY')).toBe('/flags/my.svg');
    expect(flagUrl('id')).toBe('/flags/id.svg');
  });
});

describe('DEFAULT_COUNTRY_ISO', () => {
  it('is Malaysia and exists in the list', () => {
    expect(DEFAULT_COUNTRY_ISO).toBe('MY');
    expect(findCountry(DEFAULT_COUNTRY_ISO)).toBeDefined();
  });
});
