import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { UnsupportedPaymentError } from './method-rules';
import { aPaymentRequest, publishableKey, secretKey, stripeStandIn } from './stripe-test-support.ts';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

describe('Stripe provider (local stand-in for api.stripe.com)', () => {
  const api = stripeStandIn();

  it('creates an FPX PaymentIntent in ringgit with our references and the payment id as idempotency key', async () => {
    const start = await api.provider().createPayment(aPaymentRequest());
    expect(start).toEqual({
      kind: 'client_secret',
      clientSecret: 'pi_standin1_secret_standin',
      publishableKey,
      providerRef: 'pi_standin1',
    });
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/payment_intents');
    expect(request?.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(request?.headers['idempotency-key']).toBe('6f1c1b7e-3a8e-4c55-9a34-1f0f3f4b2a10');
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = request?.form ?? new URLSearchParams();
    expect(form.get('amount')).toBe('15050');
    expect(form.get('currency')).toBe('myr');
    // The SDK encodes arrays with indexes: allowed_payment_method_types[0]=fpx.
    expect(form.get('allowed_payment_method_types[0]')).toBe('fpx');
    expect(form.get('metadata[paymentId]')).toBe('6f1c1b7e-3a8e-4c55-9a34-1f0f3f4b2a10');
    expect(form.get('metadata[tenantId]')).toBe('0b8d3f3e-1111-4c55-9a34-1f0f3f4b2a10');
    expect(form.get('metadata[invoicePublicId]')).toBe('inv_pub_123');
    expect(form.get('description')).toBe('Donation to Yayasan');
    expect(form.get('receipt_email')).toBe('payer@example.com');
  });

  it('creates card PaymentIntents, without a receipt e-mail when there is none, rupiah in hundredths', async () => {
    await api
      .provider()
      .createPayment(aPaymentRequest({ method: 'card', currency: 'IDR', amount: 50_000, customerEmail: null }));
    const form = api.requests[0]?.form ?? new URLSearchParams();
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(form.get('currency')).toBe('idr');
    expect(form.get('amount')).toBe('5000000');
    expect(form.has('receipt_email')).toBe(false);
  });

  it("saves the card of a recurring gift's first payment on a customer, and reads it back once paid", async () => {
    const start = await api
      .provider()
      .createPayment(aPaymentRequest({ method: 'card', paymentId: 'first-of-plan', saveMethod: true }));
    expect(api.requests.map((r) => r.path)).toEqual(['/v1/customers', '/v1/payment_intents']);
    expect(api.requests[0]?.headers['idempotency-key']).toBe('customer-first-of-plan');
    expect(api.requests[0]?.form.get('email')).toBe('payer@example.com');
    expect(api.requests[0]?.form.get('metadata[paymentId]')).toBe('first-of-plan');
    const form = api.requests[1]?.form ?? new URLSearchParams();
    expect(form.get('customer')).toMatch(/^cus_standin/);
    expect(form.get('setup_future_usage')).toBe('off_session');
    const providerRef = start.kind === 'client_secret' ? start.providerRef : '';
    const intent = api.intent(providerRef);
    expect(await api.provider().savedMethodOf?.({ id: 'first-of-plan', providerRef })).toBeNull();
    intent.status = 'succeeded';
    intent.payment_method = 'pm_saved_visa';
    expect(await api.provider().savedMethodOf?.({ id: 'first-of-plan', providerRef })).toEqual({
      customerRef: form.get('customer'),
      methodRef: 'pm_saved_visa',
    });
    // FPX never saves anything (it cannot recur).
    api.forget();
    await api.provider().createPayment(aPaymentRequest({ method: 'fpx', paymentId: 'fpx-plan', saveMethod: true }));
    expect(api.requests.map((r) => r.path)).toEqual(['/v1/payment_intents']);
    expect(api.requests[0]?.form.has('setup_future_usage')).toBe(false);
  });

  it("charges a saved card off-session with the attempt's idempotency key; a decline is an outcome", async () => {
    const charge = (methodRef: string, key: string) =>
      api.provider().chargeSaved?.({
        paymentId: `pay-${key}`,
        idempotencyKey: key,
        tenantId: '0b8d3f3e-1111-4c55-9a34-1f0f3f4b2a10',
        invoicePublicId: 'inv_pub_9',
        amount: 3_106,
        currency: 'MYR',
        description: 'Yayasan: plan 2/6',
        saved: { customerRef: 'cus_saved', methodRef },
      });
    const paid = await charge('pm_saved_visa', 'instalment-plan1:2:1');
    expect(paid).toEqual({ status: 'paid', providerRef: expect.stringMatching(/^pi_standin/) });
    const form = api.requests[0]?.form ?? new URLSearchParams();
    expect(api.requests[0]?.headers['idempotency-key']).toBe('saved-instalment-plan1:2:1');
    expect(Object.fromEntries(form)).toMatchObject({
      amount: '3106',
      currency: 'myr',
      customer: 'cus_saved',
      payment_method: 'pm_saved_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[paymentId]': 'pay-instalment-plan1:2:1',
    });
    const declined = await charge('pm_card_chargeDeclined', 'instalment-plan1:3:1');
    expect(declined).toEqual({
      status: 'declined',
      providerRef: expect.stringMatching(/^pi_standin/),
      failureReason: 'Your card was declined.',
    });
  });

  it('refuses FPX in rupiah before calling Stripe', async () => {
    const refusal = api.provider().createPayment(aPaymentRequest({ method: 'fpx', currency: 'IDR' }));
    await expect(refusal).rejects.toBeInstanceOf(UnsupportedPaymentError);
    await expect(refusal).rejects.toThrow(/FPX accepts only MYR/);
    expect(api.requests).toHaveLength(0);
  });

  it('asks Stripe where a PaymentIntent stands', async () => {
    const start = await api.provider().createPayment(aPaymentRequest({ paymentId: 'status-check' }));
    const providerRef = start.kind === 'client_secret' ? start.providerRef : '';
    const intent = api.intent(providerRef);
    const status = () => api.provider().fetchStatus({ id: 'status-check', providerRef });

    // What the intent is for, back in our minor units: settlement compares it with the payment's.
    const charged = { amount: 15_050, currency: 'MYR' };
    expect(await status()).toEqual({ status: 'pending', charged });
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${providerRef}` });
    intent.status = 'processing';
    expect(await status()).toEqual({ status: 'pending', charged });
    intent.status = 'succeeded';
    expect(await status()).toEqual({ status: 'paid', charged });
    intent.status = 'canceled';
    expect(await status()).toEqual({ status: 'cancelled', charged });
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    // Declined, not final: the payer may confirm again on the same PaymentIntent.
    expect(await status()).toEqual({ status: 'declined', failureReason: 'Your card was declined.', charged });

    intent.currency = 'idr';
    intent.amount = 5_000_000;
    expect((await status()).charged).toEqual({ amount: 50_000, currency: 'IDR' });
    await expect(api.provider().fetchStatus({ id: 'x', providerRef: 'pi_missing' })).rejects.toThrow(
      /No such payment_intent/,
    );
    await expect(api.provider().fetchStatus({ id: 'x', providerRef: null })).rejects.toThrow(/no PaymentIntent/);
  });
});
