import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { aPaymentRequest, secretKey, stripeStandIn } from './stripe-test-support.ts';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

describe('Stripe refunds (local stand-in for api.stripe.com)', () => {
  const api = stripeStandIn();

  it('asks the Refunds API for the amount on the PaymentIntent, once per refund row', async () => {
    const start = await api
      .provider()
      .createPayment(aPaymentRequest({ paymentId: 'refund-me', currency: 'IDR', method: 'card' }));
    const providerRef = start.kind === 'client_secret' ? start.providerRef : '';
    api.forget();
    const outcome = await api.provider().refund({
      refundId: '0c4a3c1e-2b7d-4f55-9a34-1f0f3f4b2a10',
      payment: { id: 'refund-me', providerRef, currency: 'IDR' },
      amount: 50_000,
      reason: 'booking_cancelled',
    });
    expect(outcome).toEqual({ status: 'succeeded', providerRef: 're_standin1' });
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(request?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(request?.headers['idempotency-key']).toBe('refund-0c4a3c1e-2b7d-4f55-9a34-1f0f3f4b2a10');
    const form = request?.form ?? new URLSearchParams();
    expect(form.get('payment_intent')).toBe(providerRef);
    // Rupiah in hundredths, as for the PaymentIntent.
    expect(form.get('amount')).toBe('5000000');
    expect(form.get('metadata[paymentId]')).toBe('refund-me');
    expect(form.get('metadata[refundId]')).toBe('0c4a3c1e-2b7d-4f55-9a34-1f0f3f4b2a10');
    expect(form.get('metadata[reason]')).toBe('booking_cancelled');
  });

  it('reports a refund Stripe has not finished as pending, and refuses one without a PaymentIntent', async () => {
    const start = await api.provider().createPayment(aPaymentRequest({ paymentId: 'refund-slow' }));
    const providerRef = start.kind === 'client_secret' ? start.providerRef : '';
    const payment = { id: 'refund-slow', providerRef, currency: 'MYR' };
    const slow = await api.provider().refund({ refundId: 'r-slow', payment, amount: 100, reason: 'slow' });
    expect(slow.status).toBe('pending');
    api.forget();
    await expect(
      api.provider().refund({
        refundId: 'r-none',
        payment: { ...payment, providerRef: null },
        amount: 100,
        reason: 'staff',
      }),
    ).rejects.toThrow(/no PaymentIntent/);
    expect(api.requests).toHaveLength(0);
  });
});
