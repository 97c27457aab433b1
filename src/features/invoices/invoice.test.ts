import { describe, expect, it } from 'vitest';
import { newPublicId } from './checkout.server';
import {
  canPayNow,
  checkoutAmounts,
  coverFee,
  displayInvoiceNumber,
  displayStatus,
  grossUp,
  isPayable,
  MAX_MINOR_AMOUNT,
  sourceIdOf,
} from './invoice';

describe('cover-the-fees gross-up', () => {
  it('nets the organisation at least the amount: gross = ceil((amount + fixed) / (1 − rate))', () => {
    // RM100.00 with 1.8% + RM0.50: (10000 + 50) / 0.982 = 10234.21… → 10235
    expect(grossUp(10_000, { fixed: 50, rateBp: 180 })).toBe(10_235);
    const gross = grossUp(10_000, { fixed: 50, rateBp: 180 });
    expect(gross - Math.round((gross * 180) / 10_000) - 50).toBeGreaterThanOrEqual(10_000);
  });
  it.each([
    ['adds only the fixed fee when there is no rate', 5_000, 100, 0, 5_100],
    ['adds nothing when both are zero', 5_000, 0, 0, 5_000],
    ['is exact when the division is exact', 9_800, 0, 200, 10_000],
    ['works for currencies without decimals', 250_000, 2_000, 290, 259_527],
  ])('%s', (_case, amount, fixed, rateBp, gross) => expect(grossUp(amount, { fixed, rateBp })).toBe(gross));
  it('is the fee only when the payer chooses to cover it', () => {
    expect(coverFee(10_000, { fixed: 50, rateBp: 180 }, true)).toBe(235);
    expect(coverFee(10_000, { fixed: 50, rateBp: 180 }, false)).toBe(0);
  });
  it.each([
    [-1, 0],
    [1.5, 0],
    [100, 10_000],
  ])('refuses nonsense: %d at %d bp', (amount, rateBp) =>
    expect(() => grossUp(amount, { fixed: 0, rateBp })).toThrow(RangeError),
  );
});

describe('invoices', () => {
  it.each([
    [42, 'INV-000042'],
    [1_234_567, 'INV-1234567'],
  ])('show number %i as %s', (n, shown) => expect(displayInvoiceNumber(n)).toBe(shown));
  it.each([
    ['open', true],
    ['failed', true],
    ['paid', false],
    ['void', false],
    ['expired', false],
  ] as const)('can be paid while open or after a failed attempt only: %s is %s', (status, payable) =>
    expect(isPayable(status)).toBe(payable),
  );
  it('get unguessable, URL-safe public ids', () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newPublicId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{22}$/);
  });
});

describe('invoice input', () => {
  it('takes whole amounts above zero up to the bound, with message keys for the rest', async () => {
    const { MinorAmount, InvoiceKindInput } = await import('./invoice-input');
    const { MAX_MINOR_AMOUNT } = await import('./invoice');
    expect(MinorAmount.parse(2_147_483_648)).toBe(2_147_483_648);
    expect(MinorAmount.parse(MAX_MINOR_AMOUNT)).toBe(MAX_MINOR_AMOUNT);
    const message = (value: unknown) => MinorAmount.safeParse(value).error?.issues[0]?.message;
    expect(message(MAX_MINOR_AMOUNT + 1)).toBe('invoice.amountTooLarge');
    expect(message(1e20)).toBe('invoice.amountTooLarge');
    for (const bad of [0, -5, 1.5, '100', null, Number.NaN]) expect(message(bad)).toBe('invoice.amountInvalid');
    expect(InvoiceKindInput.safeParse('refund').error?.issues[0]?.message).toBe('invoice.kindInvalid');
  });
});

describe('paying before the due time', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it.each([
    ['open', null, true],
    ['failed', '2026-11-23T10:00:01Z', true],
    ['open', '2026-11-23T10:00:00Z', false],
    ['expired', null, false],
    ['paid', null, false],
  ] as const)('allows a payable invoice until its due time, one without always: %s due %s is %s', (status, due, ok) =>
    expect(canPayNow({ status, dueAt: due ? new Date(due) : null }, now)).toBe(ok),
  );
  const past = new Date('2026-11-23T09:59:00Z');
  it.each([
    ['open', past, 'expired'],
    ['failed', past, 'expired'],
    ['open', null, 'open'],
    ['paid', past, 'paid'],
  ] as const)(
    'shows an overdue open or failed invoice as expired before the sweep: %s due %s shows %s',
    (status, dueAt, shown) => expect(displayStatus({ status, dueAt }, now)).toBe(shown),
  );
});

describe('checkoutAmounts: lines into amounts', () => {
  const charge = (unitAmount: number, quantity = 1) => ({ description: { en: 'Visit' }, quantity, unitAmount });
  const discount = (unitAmount: number) => ({ description: { en: 'Reward' }, quantity: 1, unitAmount, discount: true });

  it('adds the charges', () => {
    expect(checkoutAmounts([charge(8_500), charge(1_000, 3)])).toEqual({ amounts: [8_500, 3_000], subtotal: 11_500 });
  });

  it('subtracts a discount, stored as a negative amount', () => {
    expect(checkoutAmounts([charge(8_500), discount(2_000)])).toEqual({ amounts: [8_500, -2_000], subtotal: 6_500 });
  });

  it('never takes the total below zero: a discount larger than what is left is cut down', () => {
    expect(checkoutAmounts([charge(3_000), discount(5_000)])).toEqual({ amounts: [3_000, -3_000], subtotal: 0 });
    expect(checkoutAmounts([charge(3_000), discount(2_000), discount(2_000)])).toEqual({
      amounts: [3_000, -2_000, -1_000],
      subtotal: 0,
    });
  });

  it.each([
    ['no line', [], RangeError],
    ['no charge', [discount(100)], 'at least one charge'],
    ['a negative amount', [charge(-1)], RangeError],
    ['a fractional amount', [charge(1.5)], RangeError],
    ['a zero quantity', [charge(100, 0)], RangeError],
    ['a total over the maximum', [charge(MAX_MINOR_AMOUNT), charge(1)], 'at most'],
  ])('refuses a checkout with %s', (_case, lines, error) => expect(() => checkoutAmounts(lines)).toThrow(error));
});

describe('sourceIdOf', () => {
  it('finds what the lines pay for, by kind', () => {
    const sources = [null, { kind: 'donation' as const, id: 'd1' }, { kind: 'booking' as const, id: 'b1' }];
    expect(sourceIdOf(sources, 'booking')).toBe('b1');
    expect(sourceIdOf(sources, 'reward')).toBeNull();
  });
});
