import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { TIME_ZONES_BY_COUNTRY, timeZoneCountry } from './time-zones';

describe('timeZoneCountry', () => {
  it('maps South-East Asian zones', () => {
    expect(timeZoneCountry('Asia/Kuala_Lumpur')).toBe('MY');
    expect(timeZoneCountry('Asia/Kuching')).toBe('MY');
    for (const z of ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Pontianak']) {
      expect(timeZoneCountry(z), z).toBe('ID');
    }
    expect(timeZoneCountry('Asia/Singapore')).toBe('SG');
    expect(timeZoneCountry('Asia/Brunei')).toBe('BN');
    expect(timeZoneCountry('Asia/Bangkok')).toBe('TH');
    expect(timeZoneCountry('Asia/Manila')).toBe('PH');
    expect(timeZoneCountry('Asia/Ho_Chi_Minh')).toBe('VN');
  });

  it('maps legacy names browsers report', () => {
    expect(timeZoneCountry('Asia/Calcutta')).toBe('IN');
    expect(timeZoneCountry('Asia/Saigon')).toBe('VN');
    expect(timeZoneCountry('Asia/Ujung_Pandang')).toBe('ID');
    expect(timeZoneCountry('Europe/Kiev')).toBe('UA');
    expect(timeZoneCountry('US/Eastern')).toBe('US');
    expect(timeZoneCountry('Singapore')).toBe('SG');
  });

  it('maps links that tzdata points at another country to the real one', () => {
    expect(timeZoneCountry('Iceland')).toBe('IS');
    expect(timeZoneCountry('Pacific/Truk')).toBe('FM');
    expect(timeZoneCountry('Africa/Asmera')).toBe('ER');
  });

  it('is case-insensitive and trims', () => {
    expect(timeZoneCountry('asia/kuala_lumpur')).toBe('MY');
    expect(timeZoneCountry(' Asia/Jakarta ')).toBe('ID');
  });

  it('has no country for UTC-style or unknown zones', () => {
    for (const z of ['UTC', 'Etc/UTC', 'Etc/GMT+8', 'GMT', 'Mars/Olympus', '']) {
      expect(timeZoneCountry(z), z).toBeUndefined();
    }
  });

  it('covers every geographic zone this runtime knows', () => {
    const missing = Intl.supportedValuesOf('timeZone').filter((z) => !timeZoneCountry(z) && !/^(Etc\/|UTC$)/.test(z));
    expect(missing).toEqual([]);
  });

  it('only names real ISO 3166 regions', () => {
    const dn = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    const unknown = Object.keys(TIME_ZONES_BY_COUNTRY).filter((iso) => !/^[A-Z]{2}$/.test(iso) || !dn.of(iso));
    expect(unknown).toEqual([]);
  });

  it('names phone countries except a few territories without their own dial code', () => {
    const known = new Set(COUNTRIES.map((c) => c.iso));
    const withoutDialCode = Object.keys(TIME_ZONES_BY_COUNTRY).filter((iso) => !known.has(iso));
    expect(withoutDialCode.sort()).toEqual(['AQ', 'GS', 'PN', 'TF', 'UM']);
  });
});
