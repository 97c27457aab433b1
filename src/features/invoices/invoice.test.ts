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
  it('adds only the fixed fee when there is no rate, and nothing when both are zero', () => {
    expect(grossUp(5_000, { fixed: 100, rateBp: 0 })).toBe(5_100);
    expect(grossUp(5_000, { fixed: 0, rateBp: 0 })).toBe(5_000);
  });
  it('is exact when the division is exact', () => {
    expect(grossUp(9_800, { fixed: 0, rateBp: 200 })).toBe(10_000);
  });
  it('works for currencies without decimals', () => {
    expect(grossUp(250_000, { fixed: 2_000, rateBp: 290 })).toBe(259_527);
  });
  it('is the fee only when the payer chooses to cover it', () => {
    expect(coverFee(10_000, { fixed: 50, rateBp: 180 }, true)).toBe(235);
    expect(coverFee(10_000, { fixed: 50, rateBp: 180 }, false)).toBe(0);
  });
  it('refuses nonsense', () => {
    expect(() => grossUp(-1, { fixed: 0, rateBp: 0 })).toThrow(RangeError);
    expect(() => grossUp(1.5, { fixed: 0, rateBp: 0 })).toThrow(RangeError);
    expect(() => grossUp(100, { fixed: 0, rateBp: 10_000 })).toThrow(RangeError);
  });
});

describe('invoices', () => {
  it('show numbers as INV-000042', () => {
    expect(displayInvoiceNumber(42)).toBe('INV-000042');
    expect(displayInvoiceNumber(1_234_567)).toBe('INV-1234567');
  });
  it('can be paid while open or after a failed attempt only', () => {
    expect(isPayable('open')).toBe(true);
    expect(isPayable('failed')).toBe(true);
    expect(isPayable('paid')).toBe(false);
    expect(isPayable('void')).toBe(false);
    expect(isPayable('expired')).toBe(false);
  });
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
  it('allows a payable invoice until its due time, and one without a due time always', () => {
    expect(canPayNow({ status: 'open', dueAt: null }, now)).toBe(true);
    expect(canPayNow({ status: 'failed', dueAt: new Date('2026-11-23T10:00:01Z') }, now)).toBe(true);
    expect(canPayNow({ status: 'open', dueAt: new Date('2026-11-23T10:00:00Z') }, now)).toBe(false);
    expect(canPayNow({ status: 'expired', dueAt: null }, now)).toBe(false);
    expect(canPayNow({ status: 'paid', dueAt: null }, now)).toBe(false);
  });
  it('shows an overdue open or failed invoice as expired before the sweep records it', () => {
    const past = new Date('2026-11-23T09:59:00Z');
    expect(displayStatus({ status: 'open', dueAt: past }, now)).toBe('expired');
    expect(displayStatus({ status: 'failed', dueAt: past }, now)).toBe('expired');
    expect(displayStatus({ status: 'open', dueAt: null }, now)).toBe('open');
    expect(displayStatus({ status: 'paid', dueAt: past }, now)).toBe('paid');
  });
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

  it('refuses a checkout without a charge, negative or fractional amounts, and totals over the maximum', () => {
    expect(() => checkoutAmounts([])).toThrow(RangeError);
    expect(() => checkoutAmounts([discount(100)])).toThrow('at least one charge');
    expect(() => checkoutAmounts([charge(-1)])).toThrow(RangeError);
    expect(() => checkoutAmounts([charge(1.5)])).toThrow(RangeError);
    expect(() => checkoutAmounts([charge(100, 0)])).toThrow(RangeError);
    expect(() => checkoutAmounts([charge(MAX_MINOR_AMOUNT), charge(1)])).toThrow('at most');
  });
});

describe('sourceIdOf', () => {
  it('finds what the lines pay for, by kind', () => {
    const sources = [null, { kind: 'donation' as const, id: 'd1' }, { kind: 'booking' as const, id: 'b1' }];
    expect(sourceIdOf(sources, 'booking')).toBe('b1');
    expect(sourceIdOf(sources, 'reward')).toBeNull();
  });
});
