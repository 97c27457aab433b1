import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { TIME_ZONES_BY_COUNTRY, timeZoneCountry } from './time-zones';

describe('timeZoneCountry', () => {
  it.each([
    // South-East Asian zones
    ['Asia/Kuala_Lumpur', 'MY'],
    ['Asia/Kuching', 'MY'],
    ['Asia/Jakarta', 'ID'],
    ['Asia/Makassar', 'ID'],
    ['Asia/Jayapura', 'ID'],
    ['Asia/Pontianak', 'ID'],
    ['Asia/Singapore', 'SG'],
    ['Asia/Brunei', 'BN'],
    ['Asia/Bangkok', 'TH'],
    ['Asia/Manila', 'PH'],
    ['Asia/Ho_Chi_Minh', 'VN'],
    // legacy names browsers report
    ['Asia/Calcutta', 'IN'],
    ['Asia/Saigon', 'VN'],
    ['Asia/Ujung_Pandang', 'ID'],
    ['Europe/Kiev', 'UA'],
    ['US/Eastern', 'US'],
    ['Singapore', 'SG'],
    // links that tzdata points at another country map to the real one
    ['Iceland', 'IS'],
    ['Pacific/Truk', 'FM'],
    ['Africa/Asmera', 'ER'],
    // case-insensitive and trimmed
    ['asia/kuala_lumpur', 'MY'],
    [' Asia/Jakarta ', 'ID'],
  ])('maps %j to %s', (zone, iso) => expect(timeZoneCountry(zone)).toBe(iso));

  it.each(['UTC', 'Etc/UTC', 'Etc/GMT+8', 'GMT', 'Mars/Olympus', ''])('has no country for %j', (zone) =>
    expect(timeZoneCountry(zone)).toBeUndefined(),
  );

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
