import { describe, expect, it } from 'vitest';
import { parseAppointmentCart, parseDonationCart } from './cart-shapes';

const line = { campaignId: 'c1', amountMinor: 5000, type: 'monthly', count: 6 };
const donation = { lines: [line] };

describe('donation cart shape', () => {
  it('defaults coverFees to false and turns numeric ids into strings', () => {
    expect(parseDonationCart({ lines: [{ ...line, campaignId: 42 }] })).toEqual({
      lines: [{ ...line, campaignId: '42', coverFees: false }],
    });
  });

  it('holds lines across campaigns, each with its own type and count', () => {
    const lines = [
      { campaignId: 'a', amountMinor: 1000, type: 'one-time', coverFees: true },
      { campaignId: 'b', amountMinor: 2000, type: 'weekly', count: 4, coverFees: false },
      { campaignId: 'c', amountMinor: 3000, type: 'monthly', count: 6, coverFees: false },
    ];
    expect(parseDonationCart({ lines })?.lines).toEqual(lines);
  });

  it('keeps the fundraiser a line is given through', () => {
    expect(parseDonationCart(withLine({ fundraiserId: 'f1' }))?.lines[0]?.fundraiserId).toBe('f1');
  });

  it('keeps keys it does not know (a newer page may store more)', () => {
    expect(parseDonationCart({ ...donation, source: 'ad' })?.source).toBe('ad');
    expect(parseDonationCart({ lines: [{ ...line, source: 'ad' }] })?.lines[0]?.source).toBe('ad');
  });

  const withLine = (patch: Record<string, unknown>) => ({ lines: [{ ...line, ...patch }] });
  it.each([
    ['a fractional amount', withLine({ amountMinor: 10.5 })],
    ['a negative amount', withLine({ amountMinor: -1 })],
    ['an amount as text', withLine({ amountMinor: '5000' })],
    ['an unknown type', withLine({ type: 'yearly' })],
    ['a zero count', withLine({ count: 0 })],
    ['a count over 1000', withLine({ count: 1001 })],
    ['an empty id', withLine({ campaignId: '' })],
    ['an id over 100 characters', withLine({ campaignId: 'x'.repeat(101) })],
    ['a fractional numeric id', withLine({ campaignId: 1.5 })],
    ['coverFees as text', withLine({ coverFees: 'yes' })],
    ['a fundraiser id that is not an id', withLine({ fundraiserId: { id: 'f1' } })],
    ['an older single-gift cart', line],
    ['lines that are not an array', { lines: line }],
    ['more than 20 lines', { lines: Array.from({ length: 21 }, () => line) }],
    ['a line that is not an object', { lines: ['c1'] }],
    ['a donor name over 1000 characters', { ...donation, donor: { name: 'x'.repeat(1001) } }],
    ['a donor that is not an object', { ...donation, donor: 'Siti' }],
    ['anonymous as text', { ...donation, donor: { anonymous: 'true' } }],
    ['an array', [donation]],
    ['null', null],
  ])('refuses %s', (_, value) => {
    expect(parseDonationCart(value)).toBeNull();
  });
});

describe('appointment cart shape', () => {
  it('accepts an empty cart and every field', () => {
    expect(parseAppointmentCart({})).toEqual({});
    const full = {
      serviceId: 's1',
      resourceId: 'any',
      date: '2026-03-01',
      slotStart: '2026-03-01T09:00:00+08:00',
      customer: { name: 'Siti', phone: '60123456789' },
      answers: { fasted: 'yes', age: 40 },
    };
    expect(parseAppointmentCart(full)).toEqual(full);
    expect(parseAppointmentCart({ slotStart: '2026-03-01T01:00:00.000Z' })?.slotStart).toBe('2026-03-01T01:00:00.000Z');
    expect(parseAppointmentCart({ serviceId: 7 })).toEqual({ serviceId: '7' });
  });

  it.each([
    ['a slot without an offset', { slotStart: '2026-03-01T09:00:00' }],
    ['a slot that is a number', { slotStart: 12 }],
    ['a date in words', { date: 'tomorrow' }],
    ['a date with a time', { date: '2026-03-01T09:00' }],
    ['answers that are a list', { answers: ['yes'] }],
    ['a customer phone that is a number', { customer: { phone: 60123456789 } }],
  ])('refuses %s', (_, value) => {
    expect(parseAppointmentCart(value)).toBeNull();
  });
});
