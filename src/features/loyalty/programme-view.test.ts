import { describe, expect, it } from 'vitest';
import { translator } from '#i18n/t.ts';
import { howItWorks } from './programme-view';

const IDR = { code: 'IDR', symbol: 'Rp', multiplier: 1, exponent: 0 } as const;
const MYR = { code: 'MYR', symbol: 'RM', multiplier: 100, exponent: 2 } as const;
const rules = {
  earnPoints: 1,
  earnPerMinor: 10_000,
  visitPoints: 5,
  signupBonus: 10,
  earnOnDonations: true,
  expiryMonths: null,
  notUsableSameDay: false,
};

describe('how a programme works, in words (issue 23)', () => {
  it('promises a foundation’s members only what it offers: points for gifts, vouchers at the counter', () => {
    const lines = howItWorks(rules, translator('id'), IDR, { appointments: false, donations: true });
    expect(lines.join(' ')).not.toMatch(/janji temu|kunjungan/i);
    expect(lines).toContain('1 poin untuk setiap Rp10.000 yang Anda donasikan.');
    expect(lines.at(-1)).toBe('Tukarkan poin dengan voucher untuk ditunjukkan di loket.');
    const english = howItWorks(rules, translator('en'), IDR, { appointments: false, donations: true });
    expect(english.join(' ')).not.toMatch(/appointment|visit/i);
  });

  it('tells a clinic’s members about appointments, visits and discounts', () => {
    const lines = howItWorks({ ...rules, earnPerMinor: 100, earnOnDonations: false }, translator('en'), MYR, {
      appointments: true,
      donations: false,
    });
    expect(lines).toContain('1 point for every RM1.00 you pay for appointments (after discounts, not on fees).');
    expect(lines).toContain('5 points for every visit.');
    expect(lines.join(' ')).not.toMatch(/Donations/);
    expect(lines.at(-1)).toMatch(/discount on your next appointment/);
  });
});
