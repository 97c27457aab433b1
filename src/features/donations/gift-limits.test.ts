import { describe, expect, it } from 'vitest';
import { currencyFromSubUnit } from '#lib/money.ts';
import { defaultMaxGiftMinor, giftMaximum, tenantMaxGiftMinor } from './gift-limits';

const ringgit = { code: 'MYR', multiplier: 100 };
const rupiah = { code: 'IDR', multiplier: 100 };

describe('the largest gift (issue 23)', () => {
  it('defaults to RM1,000,000 and Rp10,000,000,000, in minor units', () => {
    expect(defaultMaxGiftMinor(ringgit)).toBe(100_000_000);
    expect(defaultMaxGiftMinor(rupiah)).toBe(1_000_000_000_000);
    expect(defaultMaxGiftMinor({ code: 'IDR', multiplier: 1 })).toBe(10_000_000_000);
    expect(Number.isSafeInteger(defaultMaxGiftMinor(rupiah))).toBe(true);
    expect(defaultMaxGiftMinor(currencyFromSubUnit('EUR', '€', 100))).toBe(100_000_000);
  });

  it('takes the tenant’s own setting when it has one, and the smaller of campaign and tenant', () => {
    expect(tenantMaxGiftMinor(null, ringgit)).toBe(100_000_000);
    expect(tenantMaxGiftMinor(5_000_000, ringgit)).toBe(5_000_000);
    expect(giftMaximum(null, 100_000_000)).toBe(100_000_000);
    expect(giftMaximum(2_000_000, 100_000_000)).toBe(2_000_000);
    expect(giftMaximum(900_000_000, 100_000_000)).toBe(100_000_000);
  });
});
