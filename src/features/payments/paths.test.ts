import { describe, expect, it } from 'vitest';
import { sandboxPaymentPath } from './paths';

describe('payment addresses', () => {
  it('builds the sandbox page in the payer’s language and encodes the id', () => {
    expect(sandboxPaymentPath('id', 'p1')).toBe('/id/pay/sandbox/p1');
    expect(sandboxPaymentPath('en', 'p/1?x')).toBe('/pay/sandbox/p%2F1%3Fx');
  });
});
