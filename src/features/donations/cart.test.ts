import { describe, expect, it } from 'vitest';
import {
  addLine,
  allowedCounts,
  cartTotals,
  chargesOf,
  type DonationCartLine,
  feeForMethods,
  type GivingOptions,
  lineAmounts,
  lineProblem,
  offeredTypes,
  removeLine,
  updateLine,
} from './cart';

const options: GivingOptions = {
  minAmountMinor: 1000,
  maxAmountMinor: 1_000_000,
  oneTime: true,
  weeklyCounts: [4, 8],
  monthlyCounts: [6, 12],
  coverFeesAllowed: true,
  live: true,
};

const oneTime: DonationCartLine = { campaignId: 'a', amountMinor: 5000, type: 'one-time', coverFees: false };
const weekly: DonationCartLine = { campaignId: 'b', amountMinor: 2000, type: 'weekly', count: 4, coverFees: false };
const monthly: DonationCartLine = { campaignId: 'c', amountMinor: 3000, type: 'monthly', count: 6, coverFees: true };

describe('what a campaign offers', () => {
  it('lists offered types in order and their counts', () => {
    expect(offeredTypes(options)).toEqual(['one-time', 'weekly', 'monthly']);
    expect(offeredTypes({ ...options, oneTime: false, weeklyCounts: [] })).toEqual(['monthly']);
    expect(allowedCounts(options, 'weekly')).toEqual([4, 8]);
    expect(allowedCounts(options, 'one-time')).toEqual([]);
  });
});

describe('lineProblem', () => {
  it('accepts a line the campaign takes', () => {
    expect(lineProblem(oneTime, options)).toBeNull();
    expect(lineProblem(weekly, options)).toBeNull();
    expect(lineProblem(monthly, options)).toBeNull();
  });

  it('names the first problem', () => {
    expect(lineProblem(oneTime, { ...options, live: false })).toBe('donation.form.campaignClosed');
    expect(lineProblem(oneTime, { ...options, oneTime: false })).toBe('donation.form.typeUnavailable');
    expect(lineProblem(weekly, { ...options, weeklyCounts: [] })).toBe('donation.form.typeUnavailable');
    expect(lineProblem({ ...weekly, count: 5 }, options)).toBe('donation.form.countUnavailable');
    expect(lineProblem({ ...monthly, count: undefined }, options)).toBe('donation.form.countUnavailable');
    expect(lineProblem({ ...oneTime, amountMinor: 999 }, options)).toBe('donation.form.amountTooSmall');
    expect(lineProblem({ ...oneTime, amountMinor: 1_000_001 }, options)).toBe('donation.form.amountTooLarge');
    expect(lineProblem({ ...oneTime, coverFees: true }, { ...options, coverFeesAllowed: false })).toBe(
      'donation.form.coverFeesUnavailable',
    );
  });

  it('refuses a zero gift even where the campaign sets no minimum', () => {
    expect(lineProblem({ ...oneTime, amountMinor: 0 }, { ...options, minAmountMinor: 0 })).toBe(
      'donation.form.amountTooSmall',
    );
  });

  it('takes any amount above the minimum when there is no maximum', () => {
    expect(lineProblem({ ...oneTime, amountMinor: 99_999_999 }, { ...options, maxAmountMinor: null })).toBeNull();
  });
});

describe('cart lines', () => {
  it('appends new gifts across campaigns', () => {
    const lines = [oneTime, weekly, monthly].reduce<DonationCartLine[]>((all, l) => addLine(all, l, 20) ?? all, []);
    expect(lines).toEqual([oneTime, weekly, monthly]);
  });

  it('replaces the same gift (campaign, type and count) instead of doubling it', () => {
    const lines = addLine([oneTime, weekly], { ...weekly, amountMinor: 9000 }, 20);
    expect(lines).toEqual([oneTime, { ...weekly, amountMinor: 9000 }]);
  });

  it('keeps a different count of the same campaign as its own line', () => {
    expect(addLine([weekly], { ...weekly, count: 8 }, 20)).toHaveLength(2);
  });

  it('keeps a gift through a fundraiser apart from the same gift made directly, and replaces it through the same one', () => {
    const through = { ...weekly, fundraiserId: 'f1' };
    expect(addLine([weekly], through, 20)).toEqual([weekly, through]);
    expect(addLine([weekly, through], { ...through, amountMinor: 9000 }, 20)).toEqual([
      weekly,
      { ...through, amountMinor: 9000 },
    ]);
    expect(addLine([through], { ...through, fundraiserId: 'f2' }, 20)).toHaveLength(2);
  });

  it('drops the count of a one-time gift', () => {
    expect(addLine([], { ...oneTime, count: 3 }, 20)).toEqual([oneTime]);
  });

  it('refuses a new line when the cart is full', () => {
    expect(addLine([oneTime], weekly, 1)).toBeNull();
    expect(addLine([oneTime], { ...oneTime, amountMinor: 1 }, 1)).toEqual([{ ...oneTime, amountMinor: 1 }]);
  });

  it('edits a line, merging it into an equal gift', () => {
    expect(updateLine([oneTime, weekly], 1, { amountMinor: 2500 })).toEqual([
      oneTime,
      { ...weekly, amountMinor: 2500 },
    ]);
    const twoWeekly = [weekly, { ...weekly, count: 8 }];
    expect(updateLine(twoWeekly, 1, { count: 4 })).toEqual([{ ...weekly, count: 4 }]);
    expect(updateLine([weekly], 0, { type: 'one-time' })).toEqual([
      { campaignId: 'b', amountMinor: 2000, type: 'one-time', coverFees: false },
    ]);
    expect(updateLine([weekly], 5, { amountMinor: 1 })).toEqual([weekly]);
  });

  it('removes a line', () => {
    expect(removeLine([oneTime, weekly, monthly], 1)).toEqual([oneTime, monthly]);
    expect(removeLine([oneTime], 3)).toEqual([oneTime]);
  });
});

describe('amounts', () => {
  const rate = feeForMethods({ card: { rateBps: 250, fixedMinor: 50 }, fpx: { rateBps: 0, fixedMinor: 100 } }, [
    'card',
    'fpx',
  ]);

  it('counts charges', () => {
    expect([oneTime, weekly, monthly].map(chargesOf)).toEqual([1, 4, 6]);
  });

  it('adds the covered fee to each charge', () => {
    // 3000 + 50 = 3050 / 0.975 = 3128.2 → 3129: fee 129
    expect(lineAmounts(monthly, rate)).toEqual({
      amountMinor: 3000,
      feeMinor: 129,
      chargeMinor: 3129,
      pledgedMinor: 6 * 3129,
    });
    expect(lineAmounts(oneTime, rate)).toEqual({
      amountMinor: 5000,
      feeMinor: 0,
      chargeMinor: 5000,
      pledgedMinor: 5000,
    });
    expect(lineAmounts(monthly, feeForMethods({}, ['card'])).feeMinor).toBe(0);
  });

  it('totals what is due now (first charge of each line) and what is pledged', () => {
    expect(cartTotals([oneTime, weekly, monthly], rate)).toEqual({
      dueNowMinor: 5000 + 2000 + 3129,
      feeNowMinor: 129,
      pledgedMinor: 5000 + 4 * 2000 + 6 * 3129,
    });
    expect(cartTotals([], rate)).toEqual({ dueNowMinor: 0, feeNowMinor: 0, pledgedMinor: 0 });
  });
});
