import { describe, expect, it } from 'vitest';
import type { Address } from './address';
import { POSTCODE_LENGTH, REQUIRED_ADDRESS_FIELDS, shouldLookupPostcode, validateAddress } from './address';

const FULL: Address = {
  address_1: '12 Jalan Ampang',
  address_2: 'Level 3',
  postcode: '50450',
  city: 'Kuala Lumpur',
  state: 'Wilayah Persekutuan',
  country: 'MY',
};

const ALL_REQUIRED = {
  address_1: 'field.required',
  postcode: 'field.required',
  city: 'field.required',
  state: 'field.required',
  country: 'field.required',
};

describe('REQUIRED_ADDRESS_FIELDS', () => {
  it('lists every field but address_2', () => {
    expect(REQUIRED_ADDRESS_FIELDS).toEqual(['address_1', 'postcode', 'city', 'state', 'country']);
  });
});

describe('validateAddress', () => {
  it('passes a complete address, required or not', () => {
    expect(validateAddress(FULL, true)).toEqual({});
    expect(validateAddress(FULL, false)).toEqual({});
  });

  it('never requires address_2', () => {
    const { address_2: _, ...withoutLine2 } = FULL;
    expect(validateAddress(withoutLine2, true)).toEqual({});
    expect(validateAddress({ ...FULL, address_2: '' }, false)).toEqual({});
  });

  it('flags every missing part when required', () => {
    expect(validateAddress({}, true)).toEqual(ALL_REQUIRED);
    expect(validateAddress({ ...FULL, city: '', state: '   ' }, true)).toEqual({
      city: 'field.required',
      state: 'field.required',
    });
  });

  it('asks nothing of a blank optional address', () => {
    expect(validateAddress({}, false)).toEqual({});
    expect(
      validateAddress({ address_1: '', address_2: ' ', postcode: '\t', city: '', state: '', country: '' }, false),
    ).toEqual({});
  });

  it('requires the rest once any part of an optional address is filled', () => {
    expect(validateAddress({ postcode: '50450' }, false)).toEqual({
      address_1: 'field.required',
      city: 'field.required',
      state: 'field.required',
      country: 'field.required',
    });
    // address_2 alone also counts as started
    expect(validateAddress({ address_2: 'Level 3' }, false)).toEqual(ALL_REQUIRED);
    expect(validateAddress({ country: 'MY' }, false)).toEqual({
      address_1: 'field.required',
      postcode: 'field.required',
      city: 'field.required',
      state: 'field.required',
    });
  });

  it('treats null and undefined as empty', () => {
    const loose = { address_1: null, city: undefined } as unknown as Partial<Address>;
    expect(validateAddress(loose, false)).toEqual({});
    expect(validateAddress(loose, true)).toEqual(ALL_REQUIRED);
  });
});

describe('shouldLookupPostcode', () => {
  it('fires only at exactly 5 characters', () => {
    expect(POSTCODE_LENGTH).toBe(5);
    expect(shouldLookupPostcode('50450')).toBe(true);
    expect(shouldLookupPostcode('01000')).toBe(true);
    expect(shouldLookupPostcode('5045')).toBe(false);
    expect(shouldLookupPostcode('504501')).toBe(false);
    expect(shouldLookupPostcode('')).toBe(false);
  });

  it('ignores surrounding spaces', () => {
    expect(shouldLookupPostcode(' 50450 ')).toBe(true);
    expect(shouldLookupPostcode('5045 ')).toBe(false);
  });
});
