import { describe, expect, it } from 'vitest';
import { coverFee, coverFeeForAnyMethod, type FeeRate, grossUp } from './fees';

/** The provider's exact cut leaves at least the gift: gross × (1 − rate) − fixed ≥ amount. */
function netCoversGift(gross: number, amount: number, rate: FeeRate): boolean {
  return gross * (10_000 - rate.rateBps) - rate.fixedMinor * 10_000 >= amount * 10_000;
}

describe('grossUp', () => {
  it('grosses up by rate and fixed part: ceil((amount + fixed) / (1 − rate))', () => {
    // RM50 at 2.5 % + RM0.50: (5000 + 50) / 0.975 = 5179.48… → 5180
    expect(grossUp(5000, { rateBps: 250, fixedMinor: 50 })).toBe(5180);
    // RM100 at 1 % + RM1: 10100 / 0.99 = 10202.02… → 10203
    expect(grossUp(10_000, { rateBps: 100, fixedMinor: 100 })).toBe(10_203);
    // fixed only
    expect(grossUp(5000, { rateBps: 0, fixedMinor: 100 })).toBe(5100);
    // exact division stays exact: 9750 / 0.975 = 10000
    expect(grossUp(9750, { rateBps: 250, fixedMinor: 0 })).toBe(10_000);
  });

  it('is 0 for a zero gift and the amount itself for a free method', () => {
    expect(grossUp(0, { rateBps: 250, fixedMinor: 50 })).toBe(0);
    expect(grossUp(1234, { rateBps: 0, fixedMinor: 0 })).toBe(1234);
  });

  it('is the smallest gross that covers the gift, for many amounts and rates', () => {
    const rates: FeeRate[] = [
      { rateBps: 1, fixedMinor: 0 },
      { rateBps: 150, fixedMinor: 0 },
      { rateBps: 280, fixedMinor: 100 },
      { rateBps: 340, fixedMinor: 50 },
      { rateBps: 9999, fixedMinor: 1 },
    ];
    for (const rate of rates) {
      for (const amount of [1, 99, 100, 1000, 1234, 5000, 99_999, 1_000_000]) {
        const gross = grossUp(amount, rate);
        expect(netCoversGift(gross, amount, rate), `${amount} ${JSON.stringify(rate)}`).toBe(true);
        expect(netCoversGift(gross - 1, amount, rate), `${amount} ${JSON.stringify(rate)}`).toBe(false);
      }
    }
  });

  it('stays exact for large amounts (no float error)', () => {
    const amount = 900_000_000_000; // RM9 billion
    const rate = { rateBps: 333, fixedMinor: 7 };
    const gross = grossUp(amount, rate);
    expect(netCoversGift(gross, amount, rate)).toBe(true);
    expect(netCoversGift(gross - 1, amount, rate)).toBe(false);
  });

  it('refuses impossible rates and amounts', () => {
    expect(() => grossUp(100, { rateBps: 10_000, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => grossUp(100, { rateBps: -1, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => grossUp(100, { rateBps: 1.5, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => grossUp(100, { rateBps: 100, fixedMinor: -1 })).toThrow(RangeError);
    expect(() => grossUp(-1, { rateBps: 100, fixedMinor: 0 })).toThrow(RangeError);
    expect(() => grossUp(1.5, { rateBps: 100, fixedMinor: 0 })).toThrow(RangeError);
  });
});

describe('coverFee', () => {
  it('is gross minus the gift', () => {
    expect(coverFee(5000, { rateBps: 250, fixedMinor: 50 })).toBe(180);
    expect(coverFee(0, { rateBps: 250, fixedMinor: 50 })).toBe(0);
  });

  it('is 0 when the method has no rate', () => {
    expect(coverFee(5000, undefined)).toBe(0);
  });

  it('before a method is chosen: the highest of the enabled methods', () => {
    const rates = { card: { rateBps: 250, fixedMinor: 50 }, fpx: { rateBps: 0, fixedMinor: 100 } };
    expect(coverFeeForAnyMethod(5000, rates, ['card', 'fpx'])).toBe(180);
    expect(coverFeeForAnyMethod(5000, rates, ['fpx'])).toBe(100);
    expect(coverFeeForAnyMethod(5000, rates, ['counter'])).toBe(0);
    expect(coverFeeForAnyMethod(5000, {}, ['card'])).toBe(0);
  });
});
