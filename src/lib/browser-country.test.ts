import { describe, expect, it } from 'vitest';
import { countryOfZone, regionCountry } from './browser-country';
import { countryFromTimeZone } from './time-zones';

describe('the phone country of a browser’s zone', () => {
  it('knows the region’s zones without the table, and agrees with it', () => {
    for (const zone of ['Asia/Kuala_Lumpur', 'Asia/Kuching', 'Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']) {
      expect(regionCountry(zone), zone).toBe(countryFromTimeZone(zone));
    }
    for (const zone of [
      'Asia/Singapore',
      'Singapore',
      'Asia/Brunei',
      'Asia/Bangkok',
      'Asia/Manila',
      'Asia/Pontianak',
    ]) {
      expect(regionCountry(zone), zone).toBe(countryFromTimeZone(zone));
    }
    expect(regionCountry('Europe/London')).toBeUndefined();
    expect(regionCountry(undefined)).toBeUndefined();
  });

  it('answers every zone as countryFromTimeZone does, loading the table for the others', async () => {
    const zones = [
      ...Intl.supportedValuesOf('timeZone'),
      'Asia/Calcutta',
      'US/Eastern',
      'UTC',
      'Etc/GMT-8',
      'Nowhere/Atlantis',
      'Antarctica/McMurdo',
      '',
      undefined,
    ];
    for (const zone of zones) expect(await countryOfZone(zone), String(zone)).toBe(countryFromTimeZone(zone));
  });
});
