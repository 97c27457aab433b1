import metadata from 'libphonenumber-js/metadata.min.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import type { Country } from './countries';
import {
  digitsOnly,
  internationalPhone,
  MALAYSIA_DIAL_CODE,
  MALAYSIA_MOBILE,
  matchDialCode,
  phoneValue,
  trunkZeroDialCodes,
  validatePhone,
} from './phone';
import { normalisePhone } from './phone-e164';
import { countryFromTimeZone } from './time-zones';

describe('digitsOnly', () => {
  it('keeps only ASCII digits', () => {
    expect(digitsOnly('+60 12-345 6789')).toBe('60123456789');
    expect(digitsOnly('(012) 345.6789 ext')).toBe('0123456789');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('٠١٢')).toBe(''); // Arabic-Indic digits are not typed digits
    expect(digitsOnly('')).toBe('');
  });
});

describe('MALAYSIA_MOBILE', () => {
  it.each([
    '0123456789',
    '012-3456789',
    '01123456789',
    '0198765432',
    '0101234567',
    '0141234567',
    '0161234567',
    '012--3456789',
  ])('accepts %s', (n) => expect(MALAYSIA_MOBILE.test(n)).toBe(true));

  it.each([
    ['0153456789', '5 after 01'],
    ['012345', 'too short'],
    ['012345678', '6 digits after the prefix'],
    ['012345678901', '9 digits after the prefix'],
    ['0223456789', 'not 01'],
    ['123456789', 'no leading 0'],
    ['012-345-6789', 'dash inside the subscriber digits'],
    ['-0123456789', 'leading dash'],
    [' 0123456789', 'leading space'],
  ])('rejects %s (%s)', (n) => expect(MALAYSIA_MOBILE.test(n)).toBe(false));
});

describe('validatePhone', () => {
  it('requires a value only when required', () => {
    expect(validatePhone('', 'MY', true)).toBe('phone.required');
    expect(validatePhone('   ', 'MY', true)).toBe('phone.required');
    expect(validatePhone('', 'ID', true)).toBe('phone.required');
    expect(validatePhone('', 'MY', false)).toBeNull();
    expect(validatePhone('  ', 'MY', false)).toBeNull();
  });

  it('checks the Malaysian mobile pattern', () => {
    for (const n of ['0123456789', '012-3456789', '01123456789', '0198765432']) {
      expect(validatePhone(n, 'MY', true), n).toBeNull();
      expect(validatePhone(n, 'MY', false), n).toBeNull();
    }
    for (const n of ['0153456789', '012345', '123', 'abc']) {
      expect(validatePhone(n, 'MY', true), n).toBe('phone.invalid');
      // optional does not excuse a filled-in bad number
      expect(validatePhone(n, 'MY', false), n).toBe('phone.invalid');
    }
  });

  it('accepts a Malaysian number that already carries 60 (decision: strip 60, add back 0)', () => {
    expect(validatePhone('60123456789', 'MY', true)).toBeNull();
    expect(validatePhone('+60123456789', 'MY', true)).toBeNull();
    expect(validatePhone('601123456789', 'MY', true)).toBeNull();
    expect(validatePhone('6012-3456789', 'MY', true)).toBeNull();
    expect(validatePhone('60153456789', 'MY', true)).toBe('phone.invalid');
    expect(validatePhone('600123456789', 'MY', true)).toBe('phone.invalid');
    // what phoneValue emits for MY is always valid again
    expect(validatePhone(phoneValue('0123456789', MALAYSIA_DIAL_CODE), 'MY', true)).toBeNull();
  });

  it('is case-insensitive on the country', () => {
    expect(validatePhone('0153456789', 'my', true)).toBe('phone.invalid');
  });

  it('only checks non-empty for other countries', () => {
    expect(validatePhone('0153456789', 'ID', true)).toBeNull();
    expect(validatePhone('1', 'SG', true)).toBeNull();
    expect(validatePhone('8123456', 'ID', false)).toBeNull();
  });
});

describe('phoneValue', () => {
  it('prefixes Malaysia with 6 (SPEC §9), whether given 6 or 60', () => {
    expect(MALAYSIA_DIAL_CODE).toBe('6');
    expect(phoneValue('0123456789', '6')).toBe('60123456789');
    expect(phoneValue('0123456789', '60')).toBe('60123456789');
    expect(phoneValue('0123456789', '+60')).toBe('60123456789');
  });

  it('does not prefix twice', () => {
    expect(phoneValue('60123456789', '6')).toBe('60123456789');
    expect(phoneValue('60123456789', '60')).toBe('60123456789');
    expect(phoneValue('628123456', '62')).toBe('628123456');
  });

  it('prefixes other dial codes', () => {
    expect(phoneValue('8123456', '62')).toBe('628123456');
    expect(phoneValue('91234567', '65')).toBe('6591234567');
    expect(phoneValue('4165551234', '1')).toBe('14165551234');
  });

  it('strips non-digits and returns empty for empty input', () => {
    expect(phoneValue('012-345 6789', '6')).toBe('60123456789');
    expect(phoneValue('', '6')).toBe('');
    expect(phoneValue('--', '62')).toBe('');
    expect(phoneValue('8123456', '')).toBe('8123456');
  });
});

describe('normalisePhone', () => {
  it('drops the national trunk 0 typed after the dial code', () => {
    expect(normalisePhone(phoneValue('0812-3456-7890', '62'))).toBe('6281234567890');
    expect(normalisePhone('+62 0812 3456 7890')).toBe('6281234567890');
    expect(normalisePhone(phoneValue('07911 123456', '44'))).toBe('447911123456');
    expect(normalisePhone(phoneValue('0412 345 678', '61'))).toBe('61412345678');
  });

  it('keeps the Malaysian rule: 6 + 0123456789 is already E.164', () => {
    expect(normalisePhone(phoneValue('0123456789', MALAYSIA_DIAL_CODE))).toBe('60123456789');
    expect(normalisePhone(phoneValue('01123456789', MALAYSIA_DIAL_CODE))).toBe('601123456789');
    expect(normalisePhone('+60 12-345 6789')).toBe('60123456789');
  });

  it('keeps numbers that are already right, and what it cannot place', () => {
    expect(normalisePhone('6281234567890')).toBe('6281234567890');
    expect(normalisePhone('6591234567')).toBe('6591234567');
    expect(normalisePhone('390669812345')).toBe('390669812345'); // Italy keeps its leading 0
    expect(normalisePhone('651')).toBe('651');
    expect(normalisePhone('')).toBe('');
    expect(normalisePhone('abc')).toBe('');
  });
});

describe('matchDialCode', () => {
  it('matches the examples', () => {
    expect(matchDialCode('60123456789')?.iso).toBe('MY');
    expect(matchDialCode('6281234')?.iso).toBe('ID');
    expect(matchDialCode('6591234567')?.iso).toBe('SG');
    expect(matchDialCode('14165551234')?.iso).toBe('CA');
    expect(matchDialCode('12125551234')?.iso).toBe('US');
  });

  it('prefers the longest dial code', () => {
    expect(matchDialCode('6738123456')?.iso).toBe('BN'); // 673, not 67x/6x
    expect(matchDialCode('+44 20 7946 0000')?.iso).toBe('GB');
    expect(matchDialCode('73')?.iso).toBe('RU'); // RU and KZ share 7; no area code yet
    expect(matchDialCode('77011234567')?.iso).toBe('KZ');
  });

  it('picks by area code, then by priority', () => {
    expect(matchDialCode('18765551234')?.iso).toBe('JM');
    expect(matchDialCode('1')?.iso).toBe('US');
    expect(matchDialCode('393123456789')?.iso).toBe('IT'); // shared mobile range: main country wins
    expect(matchDialCode('3906698123')?.iso).toBe('VA'); // longer area code wins
    expect(matchDialCode('441481123456')?.iso).toBe('GG');
    expect(matchDialCode('447700900123')?.iso).toBe('GB');
  });

  it('returns null when nothing matches', () => {
    expect(matchDialCode('')).toBeNull();
    expect(matchDialCode('abc')).toBeNull();
    expect(matchDialCode('0123456789')).toBeNull();
  });

  it('uses the given country list', () => {
    const list: Country[] = [
      { iso: 'AA', name: 'A', dialCode: '99', priority: 1, areaCodes: null },
      { iso: 'BB', name: 'B', dialCode: '99', priority: 0, areaCodes: null },
      { iso: 'CC', name: 'C', dialCode: '99', priority: 2, areaCodes: ['5'] },
      { iso: 'DD', name: 'D', dialCode: '9912', priority: 0, areaCodes: null },
    ];
    expect(matchDialCode('991234', list)?.iso).toBe('DD');
    expect(matchDialCode('995123', list)?.iso).toBe('CC');
    expect(matchDialCode('997123', list)?.iso).toBe('BB');
    expect(matchDialCode('60123456789', list)).toBeNull();
  });
});

describe('countryFromTimeZone', () => {
  it('maps browser zones to countries', () => {
    expect(countryFromTimeZone('Asia/Kuala_Lumpur')).toBe('MY');
    expect(countryFromTimeZone('Asia/Kuching')).toBe('MY');
    for (const z of ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'Asia/Pontianak']) {
      expect(countryFromTimeZone(z), z).toBe('ID');
    }
    expect(countryFromTimeZone('Asia/Singapore')).toBe('SG');
    expect(countryFromTimeZone('Asia/Brunei')).toBe('BN');
    expect(countryFromTimeZone('Asia/Bangkok')).toBe('TH');
    expect(countryFromTimeZone('Asia/Calcutta')).toBe('IN');
    expect(countryFromTimeZone('Australia/Sydney')).toBe('AU');
    expect(countryFromTimeZone('Europe/London')).toBe('GB');
    expect(countryFromTimeZone('America/New_York')).toBe('US');
  });

  it('falls back to MY', () => {
    expect(countryFromTimeZone(undefined)).toBe('MY');
    expect(countryFromTimeZone('')).toBe('MY');
    expect(countryFromTimeZone('UTC')).toBe('MY');
    expect(countryFromTimeZone('Etc/GMT-8')).toBe('MY');
    expect(countryFromTimeZone('Nowhere/Atlantis')).toBe('MY');
    // zones whose country has no phone entry
    expect(countryFromTimeZone('Antarctica/McMurdo')).toBe('MY');
    expect(countryFromTimeZone('Pacific/Pitcairn')).toBe('MY');
  });
});

describe("internationalPhone: the field's value without libphonenumber (issue 25)", () => {
  it("drops the trunk 0 as the server's normalisePhone does", () => {
    for (const [typed, code] of [
      ['0812-3456-7890', '62'],
      ['07911 123456', '44'],
      ['0412 345 678', '61'],
      ['0123456789', MALAYSIA_DIAL_CODE],
      ['01123456789', MALAYSIA_DIAL_CODE],
      ['0669812345', '39'],
      ['91234567', '65'],
      ['+62 812 3456 7890', '62'],
    ] as const) {
      expect(internationalPhone(typed, code), `${code} ${typed}`).toBe(normalisePhone(phoneValue(typed, code)));
    }
    expect(internationalPhone('0812-3456-7890', '62')).toBe('6281234567890');
    expect(internationalPhone('0669812345', '39')).toBe('390669812345'); // Italy dials its 0
    expect(internationalPhone('', '62')).toBe('');
  });

  it('knows exactly the dial codes whose countries write a trunk 0, as libphonenumber does', () => {
    const { countries, country_calling_codes } = metadata as unknown as {
      countries: Record<string, unknown[]>;
      country_calling_codes: Record<string, string[]>;
    };
    const expected = Object.entries(country_calling_codes)
      .filter(([, regions]) => regions.every((region) => countries[region]?.[5] === '0'))
      .map(([code]) => code)
      .sort();
    expect([...trunkZeroDialCodes()].sort()).toEqual(expected);
  });
});
