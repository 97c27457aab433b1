import { describe, expect, it } from 'vitest';
import { deductibleReceipt, displayReceiptNumber } from './receipt-number';

describe('receipt numbers', () => {
  it('prints the year and a zero-padded place', () => {
    expect(displayReceiptNumber(2026, 42)).toBe('2026-000042');
    expect(displayReceiptNumber(2027, 1_234_567)).toBe('2027-1234567');
  });
  it('carries the s.44(6) part only with an approval, the option on and an identity number', () => {
    const on = { taxExemptRef: 'LHDN.01/35/42/51/179-6.7311', issuesTaxReceipts: true };
    expect(deductibleReceipt(on, { taxReceipt: true, taxId: '800101-14-5566' })).toBe(true);
    expect(deductibleReceipt(on, { taxReceipt: false, taxId: '800101-14-5566' })).toBe(false);
    expect(deductibleReceipt(on, { taxReceipt: true, taxId: null })).toBe(false);
    expect(deductibleReceipt({ ...on, taxExemptRef: null }, { taxReceipt: true, taxId: 'x' })).toBe(false);
    expect(deductibleReceipt({ ...on, issuesTaxReceipts: false }, { taxReceipt: true, taxId: 'x' })).toBe(false);
  });
});
