import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  discountOf,
  expiryOf,
  type Lot,
  netEarningAmount,
  normaliseVoucherCode,
  planClawback,
  planSpend,
  pointsForAmount,
  tierStanding,
  voucherCode,
} from './loyalty-rules';

const NOW = new Date('2026-06-15T10:00:00Z');
const lot = (id: string, remaining: number, expires: string | null, usable = '2026-01-01T00:00:00Z'): Lot => ({
  id,
  remaining,
  usableFrom: new Date(usable),
  expiresAt: expires ? new Date(expires) : null,
});

describe('earning', () => {
  it('earns on the net amount: appointment lines less rewards, never fees or other lines', () => {
    const lines = [
      { amount: 15_000, source: { kind: 'booking' as const, id: 'b' } },
      { amount: -2_000, source: { kind: 'reward' as const, id: 'r' } },
      { amount: 5_000, source: { kind: 'donation' as const, id: 'd' } },
      { amount: 300, source: null },
    ];
    expect(netEarningAmount(lines, { earnOnDonations: false })).toBe(13_000);
    expect(netEarningAmount(lines, { earnOnDonations: true })).toBe(18_000);
    expect(netEarningAmount([{ amount: -500, source: { kind: 'reward', id: 'r' } }], { earnOnDonations: false })).toBe(
      0,
    );
  });

  it('rounds down to whole steps in minor units (MYR sen)', () => {
    const rules = { earnPoints: 1, earnPerMinor: 100, earnOnDonations: false };
    expect(pointsForAmount(12_999, rules)).toBe(129);
    expect(pointsForAmount(99, rules)).toBe(0);
    expect(pointsForAmount(0, rules)).toBe(0);
    expect(pointsForAmount(-100, rules)).toBe(0);
    expect(pointsForAmount(10_050, rules, 150)).toBe(150);
  });

  it('earns in rupiah without decimals (1 point per Rp10.000)', () => {
    const rules = { earnPoints: 1, earnPerMinor: 10_000, earnOnDonations: true };
    expect(pointsForAmount(250_000, rules)).toBe(25);
    expect(pointsForAmount(259_999, rules)).toBe(25);
    expect(pointsForAmount(9_999, rules)).toBe(0);
  });

  it('expires months later, clamped to the month end', () => {
    expect(expiryOf(new Date('2026-01-31T08:00:00Z'), 1)?.toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(expiryOf(new Date('2026-03-10T08:00:00Z'), 12)?.toISOString()).toBe('2027-03-10T08:00:00.000Z');
    expect(expiryOf(NOW, null)).toBeNull();
  });
});

describe('spending', () => {
  it('spends the soonest-expiring lots first, never-expiring last', () => {
    const lots = [
      lot('never', 100, null),
      lot('late', 100, '2027-01-01T00:00:00Z'),
      lot('soon', 50, '2026-07-01T00:00:00Z'),
    ];
    expect(planSpend(lots, 120, 0, NOW)).toEqual([
      { lotId: 'soon', points: 50 },
      { lotId: 'late', points: 70 },
    ]);
    expect(planSpend(lots, 250, 0, NOW)).toEqual([
      { lotId: 'soon', points: 50 },
      { lotId: 'late', points: 100 },
      { lotId: 'never', points: 100 },
    ]);
  });

  it('skips expired and not-yet-usable lots and refuses what the balance does not cover', () => {
    const lots = [
      lot('expired', 500, '2026-06-01T00:00:00Z'),
      lot('tomorrow', 500, null, '2026-06-16T00:00:00Z'),
      lot('ok', 40, null),
    ];
    expect(planSpend(lots, 50, 0, NOW)).toBeNull();
    expect(planSpend(lots, 40, 0, NOW)).toEqual([{ lotId: 'ok', points: 40 }]);
    expect(planSpend(lots, 40, 10, NOW)).toBeNull();
    expect(planSpend(lots, 0, 0, NOW)).toBeNull();
    expect(balanceOf(lots, 10, NOW)).toBe(530);
  });

  it('claws back from the refunded lot first and reports what is short', () => {
    const lots = [lot('a', 30, '2026-07-01T00:00:00Z'), lot('refunded', 20, null)];
    expect(planClawback(lots, 60, 'refunded', NOW)).toEqual({
      draws: [
        { lotId: 'refunded', points: 20 },
        { lotId: 'a', points: 30 },
      ],
      short: 10,
    });
  });
});

describe('tiers', () => {
  const tiers = [
    { name: { en: 'Gold' }, threshold: 1000, benefits: {}, earnPercent: 150 },
    { name: { en: 'Silver' }, threshold: 300, benefits: {}, earnPercent: 120 },
  ];
  it('places a member by points earned in the window', () => {
    expect(tierStanding(tiers, 0)).toMatchObject({ current: null, toNext: 300 });
    expect(tierStanding(tiers, 300).current?.name.en).toBe('Silver');
    expect(tierStanding(tiers, 999)).toMatchObject({ toNext: 1 });
    expect(tierStanding(tiers, 5000)).toMatchObject({ next: null, toNext: 0 });
    expect(tierStanding(tiers, 5000).current?.name.en).toBe('Gold');
  });
});

describe('rewards and vouchers', () => {
  it('discounts fixed, or by percentage up to the cap, never beyond the charge', () => {
    expect(discountOf({ kind: 'discount_fixed', valueMinor: 2000, percent: null }, 1500)).toBe(1500);
    expect(discountOf({ kind: 'discount_percent', valueMinor: 3000, percent: 10 }, 50_000)).toBe(3000);
    expect(discountOf({ kind: 'discount_percent', valueMinor: null, percent: 10 }, 12_345)).toBe(1234);
    expect(discountOf({ kind: 'counter_item', valueMinor: null, percent: null }, 12_345)).toBe(0);
  });
  it('makes codes people can read out and finds them however typed', () => {
    const code = voucherCode(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 31]));
    expect(code).toBe('ABCDE-FGHJ9');
    expect(normaliseVoucherCode(' abcde fghj9 ')).toBe(code);
    expect(normaliseVoucherCode('ABCDE-FGHJ0')).toBeNull();
  });
});
