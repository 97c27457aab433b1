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
  it.each([
    ['+60 12-345 6789', '60123456789'],
    ['(012) 345.6789 ext', '0123456789'],
    ['abc', ''],
    ['٠١٢', ''], // Arabic-Indic digits are not typed digits
    ['', ''],
  ])('keeps only ASCII digits of %j', (typed, digits) => expect(digitsOnly(typed)).toBe(digits));
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
  const MY_GOOD = ['0123456789', '012-3456789', '01123456789', '0198765432'];
  const MY_BAD = ['0153456789', '012345', '123', 'abc'];
  it.each([
    // a value is required only when required
    ['', 'MY', true, 'phone.required'],
    ['   ', 'MY', true, 'phone.required'],
    ['', 'ID', true, 'phone.required'],
    ['', 'MY', false, null],
    ['  ', 'MY', false, null],
    // the Malaysian mobile pattern; optional does not excuse a filled-in bad number
    ...MY_GOOD.flatMap((n) => [true, false].map((required) => [n, 'MY', required, null] as const)),
    ...MY_BAD.flatMap((n) => [true, false].map((required) => [n, 'MY', required, 'phone.invalid'] as const)),
    // a Malaysian number that already carries 60 (decision: strip 60, add back 0)
    ['60123456789', 'MY', true, null],
    ['+60123456789', 'MY', true, null],
    ['601123456789', 'MY', true, null],
    ['6012-3456789', 'MY', true, null],
    ['60153456789', 'MY', true, 'phone.invalid'],
    ['600123456789', 'MY', true, 'phone.invalid'],
    // what phoneValue emits for MY is always valid again
    [phoneValue('0123456789', MALAYSIA_DIAL_CODE), 'MY', true, null],
    // case-insensitive on the country
    ['0153456789', 'my', true, 'phone.invalid'],
    // other countries: only non-empty is checked
    ['0153456789', 'ID', true, null],
    ['1', 'SG', true, null],
    ['8123456', 'ID', false, null],
  ] as const)('%j in %s (required: %s) gives %s', (phone, country, required, error) =>
    expect(validatePhone(phone, country, required)).toBe(error),
  );
});

describe('phoneValue', () => {
  it('takes 6 as the Malaysian dial code (SPEC §9)', () => expect(MALAYSIA_DIAL_CODE).toBe('6'));

  it.each([
    // Malaysia is prefixed with 6, whether given 6 or 60
    ['0123456789', '6', '60123456789'],
    ['0123456789', '60', '60123456789'],
    ['0123456789', '+60', '60123456789'],
    // no prefix twice
    ['60123456789', '6', '60123456789'],
    ['60123456789', '60', '60123456789'],
    ['628123456', '62', '628123456'],
    // other dial codes
    ['8123456', '62', '628123456'],
    ['91234567', '65', '6591234567'],
    ['4165551234', '1', '14165551234'],
    // non-digits stripped, empty stays empty
    ['012-345 6789', '6', '60123456789'],
    ['', '6', ''],
    ['--', '62', ''],
    ['8123456', '', '8123456'],
  ])('%j with dial code %j is %j', (typed, code, value) => expect(phoneValue(typed, code)).toBe(value));
});

describe('normalisePhone', () => {
  it.each([
    // the national trunk 0 typed after the dial code is dropped
    [phoneValue('0812-3456-7890', '62'), '6281234567890'],
    ['+62 0812 3456 7890', '6281234567890'],
    [phoneValue('07911 123456', '44'), '447911123456'],
    [phoneValue('0412 345 678', '61'), '61412345678'],
    // the Malaysian rule: 6 + 0123456789 is already E.164
    [phoneValue('0123456789', MALAYSIA_DIAL_CODE), '60123456789'],
    [phoneValue('01123456789', MALAYSIA_DIAL_CODE), '601123456789'],
    ['+60 12-345 6789', '60123456789'],
    // numbers that are already right, and what it cannot place, are kept
    ['6281234567890', '6281234567890'],
    ['6591234567', '6591234567'],
    ['390669812345', '390669812345'], // Italy keeps its leading 0
    ['651', '651'],
    ['', ''],
    ['abc', ''],
  ])('%j is %j', (phone, e164) => expect(normalisePhone(phone)).toBe(e164));
});

describe('matchDialCode', () => {
  it.each([
    // the examples
    ['60123456789', 'MY'],
    ['6281234', 'ID'],
    ['6591234567', 'SG'],
    ['14165551234', 'CA'],
    ['12125551234', 'US'],
    // the longest dial code wins
    ['6738123456', 'BN'], // 673, not 67x/6x
    ['+44 20 7946 0000', 'GB'],
    ['73', 'RU'], // RU and KZ share 7; no area code yet
    ['77011234567', 'KZ'],
    // by area code, then by priority
    ['18765551234', 'JM'],
    ['1', 'US'],
    ['393123456789', 'IT'], // shared mobile range: main country wins
    ['3906698123', 'VA'], // longer area code wins
    ['441481123456', 'GG'],
    ['447700900123', 'GB'],
  ])('matches %j to %s', (phone, iso) => expect(matchDialCode(phone)?.iso).toBe(iso));

  it.each(['', 'abc', '0123456789'])('returns null for %j', (phone) => expect(matchDialCode(phone)).toBeNull());

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
  it.each([
    ['Asia/Kuala_Lumpur', 'MY'],
    ['Asia/Kuching', 'MY'],
    ['Asia/Jakarta', 'ID'],
    ['Asia/Makassar', 'ID'],
    ['Asia/Jayapura', 'ID'],
    ['Asia/Pontianak', 'ID'],
    ['Asia/Singapore', 'SG'],
    ['Asia/Brunei', 'BN'],
    ['Asia/Bangkok', 'TH'],
    ['Asia/Calcutta', 'IN'],
    ['Australia/Sydney', 'AU'],
    ['Europe/London', 'GB'],
    ['America/New_York', 'US'],
  ])('maps the browser zone %s to %s', (zone, iso) => expect(countryFromTimeZone(zone)).toBe(iso));

  it.each([
    undefined,
    '',
    'UTC',
    'Etc/GMT-8',
    'Nowhere/Atlantis',
    // zones whose country has no phone entry
    'Antarctica/McMurdo',
    'Pacific/Pitcairn',
  ])('falls back to MY for %j', (zone) => expect(countryFromTimeZone(zone)).toBe('MY'));
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
