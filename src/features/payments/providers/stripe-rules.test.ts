import { describe, expect, it } from 'vitest';
import { statusOfIntent, toStripeAmount } from './stripe-rules';

describe('Stripe rules', () => {
  it('converts amounts to what Stripe counts', () => {
    expect(toStripeAmount(12_345, 'MYR')).toBe(12_345);
    expect(toStripeAmount(50_000, 'idr')).toBe(5_000_000);
    expect(toStripeAmount(500, 'JPY')).toBe(500);
  });

  it('treats an untried intent as pending, a declined one as declined (not final), canceled as final', () => {
    expect(
      statusOfIntent({
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', message: 'Your card was declined.' } as never,
      }),
    ).toEqual({ status: 'declined', failureReason: 'Your card was declined.' });
    expect(statusOfIntent({ status: 'canceled', last_payment_error: null })).toEqual({ status: 'cancelled' });
    expect(statusOfIntent({ status: 'succeeded', last_payment_error: null })).toEqual({ status: 'paid' });
    expect(statusOfIntent({ status: 'requires_payment_method', last_payment_error: null })).toEqual({
      status: 'pending',
    });
    expect(statusOfIntent({ status: 'requires_action', last_payment_error: null })).toEqual({ status: 'pending' });
    expect(statusOfIntent({ status: 'requires_confirmation', last_payment_error: null })).toEqual({
      status: 'pending',
    });
  });
});
