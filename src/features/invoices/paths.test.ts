import { describe, expect, it } from 'vitest';
import { invoicePath, invoicePdfPath, invoiceStatusApiPath, invoiceVerifyPath } from './paths';

describe('invoice addresses', () => {
  it('builds each page in the visitor’s language', () => {
    expect(invoicePath('en', 'donation', 'AbC123')).toBe('/invoices/AbC123/donation');
    expect(invoicePath('ms', 'appointment', 'AbC123')).toBe('/ms/invoices/AbC123/appointment');
    expect(invoiceVerifyPath('id', 'donation', 'AbC123')).toBe('/id/invoices/AbC123/donation/verify');
    expect(invoiceVerifyPath('en', 'appointment', 'AbC123')).toBe('/invoices/AbC123/verify');
  });

  it('encodes odd segments, so an id never adds a segment or a query', () => {
    expect(invoicePdfPath('en', '../x?y=1#z')).toBe('/invoices/..%2Fx%3Fy%3D1%23z/pdf');
    expect(invoiceStatusApiPath('a b', 'p/1&x')).toBe('/api/invoices/a%20b/status?payment=p%2F1%26x');
    expect(invoiceStatusApiPath('ab', null)).toBe('/api/invoices/ab/status');
  });
});
