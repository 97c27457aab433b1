import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { WebhookVerificationError } from '../provider';
import { signedByStripe, stripeEvent, stripeStandIn } from './stripe-test-support.ts';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

describe('Stripe webhooks', () => {
  const api = stripeStandIn();

  const event = (type: string, intent: Record<string, unknown>) =>
    stripeEvent('evt_1StandIn', type, {
      id: 'pi_123',
      object: 'payment_intent',
      status: 'succeeded',
      last_payment_error: null,
      ...intent,
    });
  const signed = signedByStripe;

  it('verifies with the SDK and maps the PaymentIntent events', async () => {
    const paid = event('payment_intent.succeeded', { metadata: { paymentId: 'pay-1' } });
    expect(await api.provider().parseWebhook({ headers: signed(paid), rawBody: paid })).toMatchObject({
      provider: 'stripe',
      eventId: 'evt_1StandIn',
      type: 'payment_intent.succeeded',
      paymentId: 'pay-1',
      providerRef: 'pi_123',
      outcome: 'paid',
    });
    const failed = event('payment_intent.payment_failed', {
      status: 'requires_payment_method',
      metadata: { paymentId: 'pay-2' },
      last_payment_error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    expect(await api.provider().parseWebhook({ headers: signed(failed), rawBody: failed })).toMatchObject({
      outcome: 'declined',
      paymentId: 'pay-2',
      failureReason: 'Your card has insufficient funds.',
    });
    const canceled = event('payment_intent.canceled', { status: 'canceled', metadata: {} });
    expect(await api.provider().parseWebhook({ headers: signed(canceled), rawBody: canceled })).toMatchObject({
      outcome: 'cancelled',
      paymentId: null,
      providerRef: 'pi_123',
    });
    const other = event('payment_intent.created', { status: 'requires_payment_method', metadata: { paymentId: 'p' } });
    expect(await api.provider().parseWebhook({ headers: signed(other), rawBody: other })).toMatchObject({
      outcome: 'ignored',
    });
  });

  it('maps a refund Stripe finished later to our refund row, succeeded or failed', async () => {
    const refund = (type: string, fields: Record<string, unknown>) =>
      JSON.stringify({
        ...JSON.parse(event(type, {})),
        data: {
          object: {
            id: 're_1',
            object: 'refund',
            amount: 5000,
            payment_intent: 'pi_123',
            metadata: { paymentId: 'pay-1', refundId: 'ref-1', reason: 'staff' },
            ...fields,
          },
        },
      });
    const done = refund('refund.updated', { status: 'succeeded' });
    expect(await api.provider().parseWebhook({ headers: signed(done), rawBody: done })).toMatchObject({
      outcome: 'ignored',
      paymentId: 'pay-1',
      providerRef: 'pi_123',
      refund: { refundId: 'ref-1', providerRef: 're_1', status: 'succeeded' },
    });
    const failed = refund('refund.failed', { status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(await api.provider().parseWebhook({ headers: signed(failed), rawBody: failed })).toMatchObject({
      refund: { refundId: 'ref-1', status: 'failed', failureReason: 'expired_or_canceled_card' },
    });
    const waiting = refund('charge.refund.updated', { status: 'pending' });
    expect((await api.provider().parseWebhook({ headers: signed(waiting), rawBody: waiting })).refund?.status).toBe(
      'pending',
    );
  });

  it('refuses a bad or missing signature and a tampered body', async () => {
    const paid = event('payment_intent.succeeded', { metadata: { paymentId: 'pay-1' } });
    const refused = (headers: Headers, rawBody = paid) =>
      expect(api.provider().parseWebhook({ headers, rawBody })).rejects.toBeInstanceOf(WebhookVerificationError);
    await refused(signed(paid, 'whsec_somebody_else'));
    await refused(new Headers());
    await refused(new Headers({ 'stripe-signature': 't=1,v1=abc' }));
    await refused(signed(paid), paid.replace('pay-1', 'pay-9'));
  });
});
