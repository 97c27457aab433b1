import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { type PaymentRequest, WebhookVerificationError } from '../provider';
import { UnsupportedPaymentError } from './method-rules';
import { createStripeProvider } from './stripe.server';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

const secretKey = 'sk_test_51SerambiStandIn0000000000';
const publishableKey = 'pk_test_51SerambiStandIn0000000000';
const webhookSecret = 'whsec_serambi_test_0123456789';

/** A local stand-in for api.stripe.com: records requests, keeps created PaymentIntents. */
interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
let api: Server;
let port: number;
let requests: Recorded[] = [];
const intents = new Map<string, Record<string, unknown>>();

function paymentIntent(id: string, form: URLSearchParams): Record<string, unknown> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(\w+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  const types = [...form].filter(([key]) => key.startsWith('allowed_payment_method_types')).map(([, value]) => value);
  return {
    id,
    object: 'payment_intent',
    amount: Number(form.get('amount')),
    amount_received: 0,
    allowed_payment_method_types: types,
    payment_method_types: types,
    capture_method: 'automatic',
    client_secret: `${id}_secret_standin`,
    confirmation_method: 'automatic',
    created: 1_760_000_000,
    currency: form.get('currency'),
    description: form.get('description'),
    last_payment_error: null,
    livemode: false,
    metadata,
    next_action: null,
    receipt_email: form.get('receipt_email'),
    status: 'requires_payment_method',
  };
}

function send(response: import('node:http').ServerResponse, status: number, body: unknown) {
  response
    .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' })
    .end(JSON.stringify(body));
}

beforeAll(async () => {
  api = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(body);
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, form });
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      return send(response, 200, { id: `cus_standin${requests.length}`, object: 'customer', email: form.get('email') });
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents' && form.get('off_session') === 'true') {
      // An off-session charge of a saved card: Stripe's test card pm_card_chargeDeclined answers 402.
      const id = `pi_standin${intents.size + 1}`;
      const intent = {
        ...paymentIntent(id, form),
        customer: form.get('customer'),
        payment_method: form.get('payment_method'),
        status: 'succeeded',
      };
      intents.set(id, intent);
      if (form.get('payment_method') === 'pm_card_chargeDeclined') {
        return send(response, 402, {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: { ...intent, status: 'requires_payment_method' },
          },
        });
      }
      return send(response, 200, intent);
    }
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_standin${intents.size + 1}`;
      const intent = {
        ...paymentIntent(id, form),
        ...(form.get('customer')
          ? { customer: form.get('customer'), setup_future_usage: form.get('setup_future_usage') }
          : {}),
      };
      intents.set(id, intent);
      return send(response, 200, intent);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) {
        return send(response, 400, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
        });
      }
      return send(response, 200, {
        id: `re_standin${requests.length}`,
        object: 'refund',
        amount: Number(form.get('amount')),
        currency: intent.currency,
        payment_intent: form.get('payment_intent'),
        status: form.get('metadata[reason]') === 'slow' ? 'pending' : 'succeeded',
        metadata: {},
      });
    }
    const match = /^\/v1\/payment_intents\/(\w+)$/.exec(url.pathname);
    const intent = match?.[1] ? intents.get(match[1]) : undefined;
    if (request.method === 'GET' && intent) return send(response, 200, intent);
    return send(response, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${match?.[1]}'`,
      },
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  port = (api.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

function provider() {
  return createStripeProvider({
    secretKey,
    publishableKey,
    webhookSecret,
    apiHost: '127.0.0.1',
    apiPort: port,
    apiProtocol: 'http',
  });
}

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    paymentId: '6f1c1b7e-3a8e-4c55-9a34-1f0f3f4b2a10',
    tenantId: '0b8d3f3e-1111-4c55-9a34-1f0f3f4b2a10',
    invoicePublicId: 'inv_pub_123',
    invoiceNumber: 'INV-000042',
    amount: 15_050,
    currency: 'MYR',
    method: 'fpx',
    description: 'Donation to Yayasan',
    customerEmail: 'payer@example.com',
    locale: 'en',
    returnUrl: 'http://yayasan.localhost:4321/invoices/inv_pub_123/verify',
    siteOrigin: 'http://yayasan.localhost:4321',
    ...overrides,
  };
}

describe('Stripe provider (local stand-in for api.stripe.com)', () => {
  it('creates an FPX PaymentIntent in ringgit with our references and the payment id as idempotency key', async () => {
    const start = await provider().createPayment(paymentRequest());
    expect(start).toEqual({
      kind: 'client_secret',
      clientSecret: 'pi_standin1_secret_standin',
      publishableKey,
      providerRef: 'pi_standin1',
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
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
    await provider().createPayment(
      paymentRequest({ method: 'card', currency: 'IDR', amount: 50_000, customerEmail: null }),
    );
    const form = requests[0]?.form ?? new URLSearchParams();
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(form.get('currency')).toBe('idr');
    expect(form.get('amount')).toBe('5000000');
    expect(form.has('receipt_email')).toBe(false);
  });

  it("saves the card of a recurring gift's first payment on a customer, and reads it back once paid", async () => {
    const start = await provider().createPayment(
      paymentRequest({ method: 'card', paymentId: 'first-of-plan', saveMethod: true }),
    );
    expect(requests.map((r) => r.path)).toEqual(['/v1/customers', '/v1/payment_intents']);
    expect(requests[0]?.headers['idempotency-key']).toBe('customer-first-of-plan');
    expect(requests[0]?.form.get('email')).toBe('payer@example.com');
    expect(requests[0]?.form.get('metadata[paymentId]')).toBe('first-of-plan');
    const form = requests[1]?.form ?? new URLSearchParams();
    expect(form.get('customer')).toMatch(/^cus_standin/);
    expect(form.get('setup_future_usage')).toBe('off_session');
    const providerRef = start.kind === 'client_secret' ? start.providerRef : '';
    const intent = intents.get(providerRef) as Record<string, unknown>;
    expect(await provider().savedMethodOf?.({ id: 'first-of-plan', providerRef })).toBeNull();
    intent.status = 'succeeded';
    intent.payment_method = 'pm_saved_visa';
    expect(await provider().savedMethodOf?.({ id: 'first-of-plan', providerRef })).toEqual({
      customerRef: form.get('customer'),
      methodRef: 'pm_saved_visa',
    });
    // FPX never saves anything (it cannot recur).
    requests = [];
    await provider().createPayment(paymentRequest({ method: 'fpx', paymentId: 'fpx-plan', saveMethod: true }));
    expect(requests.map((r) => r.path)).toEqual(['/v1/payment_intents']);
    expect(requests[0]?.form.has('setup_future_usage')).toBe(false);
  });

  it("charges a saved card off-session with the attempt's idempotency key; a decline is an outcome", async () => {
    const charge = (methodRef: string, key: string) =>
      provider().chargeSaved?.({
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
    const form = requests[0]?.form ?? new URLSearchParams();
    expect(requests[0]?.headers['idempotency-key']).toBe('saved-instalment-plan1:2:1');
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
    const refusal = provider().createPayment(paymentRequest({ method: 'fpx', currency: 'IDR' }));
    await expect(refusal).rejects.toBeInstanceOf(UnsupportedPaymentError);
    await expect(refusal).rejects.toThrow(/FPX accepts only MYR/);
    expect(requests).toHaveLength(0);
  });

  it('asks Stripe where a PaymentIntent stands', async () => {
    const start = await provider().createPayment(paymentRequest({ paymentId: 'status-check' }));
    const providerRef = start.kind === 'client_secret' ? start.providerRef : '';
    const intent = intents.get(providerRef) as Record<string, unknown>;
    const status = () => provider().fetchStatus({ id: 'status-check', providerRef });

    // What the intent is for, back in our minor units: settlement compares it with the payment's.
    const charged = { amount: 15_050, currency: 'MYR' };
    expect(await status()).toEqual({ status: 'pending', charged });
    expect(requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${providerRef}` });
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
    await expect(provider().fetchStatus({ id: 'x', providerRef: 'pi_missing' })).rejects.toThrow(
      /No such payment_intent/,
    );
    await expect(provider().fetchStatus({ id: 'x', providerRef: null })).rejects.toThrow(/no PaymentIntent/);
  });
});

describe('Stripe refunds (local stand-in for api.stripe.com)', () => {
  it('asks the Refunds API for the amount on the PaymentIntent, once per refund row', async () => {
    const start = await provider().createPayment(
      paymentRequest({ paymentId: 'refund-me', currency: 'IDR', method: 'card' }),
    );
    const providerRef = start.kind === 'client_secret' ? start.providerRef : '';
    requests = [];
    const outcome = await provider().refund({
      refundId: '0c4a3c1e-2b7d-4f55-9a34-1f0f3f4b2a10',
      payment: { id: 'refund-me', providerRef, currency: 'IDR' },
      amount: 50_000,
      reason: 'booking_cancelled',
    });
    expect(outcome).toEqual({ status: 'succeeded', providerRef: 're_standin1' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
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
    const start = await provider().createPayment(paymentRequest({ paymentId: 'refund-slow' }));
    const providerRef = start.kind === 'client_secret' ? start.providerRef : '';
    const payment = { id: 'refund-slow', providerRef, currency: 'MYR' };
    const slow = await provider().refund({ refundId: 'r-slow', payment, amount: 100, reason: 'slow' });
    expect(slow.status).toBe('pending');
    requests = [];
    await expect(
      provider().refund({
        refundId: 'r-none',
        payment: { ...payment, providerRef: null },
        amount: 100,
        reason: 'staff',
      }),
    ).rejects.toThrow(/no PaymentIntent/);
    expect(requests).toHaveLength(0);
  });
});

describe('Stripe webhooks', () => {
  function event(type: string, intent: Record<string, unknown>) {
    return JSON.stringify({
      id: 'evt_1StandIn',
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: {
        object: { id: 'pi_123', object: 'payment_intent', status: 'succeeded', last_payment_error: null, ...intent },
      },
    });
  }
  const signed = (payload: string, secret = webhookSecret) =>
    new Headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) });

  it('verifies with the SDK and maps the PaymentIntent events', async () => {
    const paid = event('payment_intent.succeeded', { metadata: { paymentId: 'pay-1' } });
    expect(await provider().parseWebhook({ headers: signed(paid), rawBody: paid })).toMatchObject({
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
    expect(await provider().parseWebhook({ headers: signed(failed), rawBody: failed })).toMatchObject({
      outcome: 'declined',
      paymentId: 'pay-2',
      failureReason: 'Your card has insufficient funds.',
    });
    const canceled = event('payment_intent.canceled', { status: 'canceled', metadata: {} });
    expect(await provider().parseWebhook({ headers: signed(canceled), rawBody: canceled })).toMatchObject({
      outcome: 'cancelled',
      paymentId: null,
      providerRef: 'pi_123',
    });
    const other = event('payment_intent.created', { status: 'requires_payment_method', metadata: { paymentId: 'p' } });
    expect(await provider().parseWebhook({ headers: signed(other), rawBody: other })).toMatchObject({
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
    expect(await provider().parseWebhook({ headers: signed(done), rawBody: done })).toMatchObject({
      outcome: 'ignored',
      paymentId: 'pay-1',
      providerRef: 'pi_123',
      refund: { refundId: 'ref-1', providerRef: 're_1', status: 'succeeded' },
    });
    const failed = refund('refund.failed', { status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect(await provider().parseWebhook({ headers: signed(failed), rawBody: failed })).toMatchObject({
      refund: { refundId: 'ref-1', status: 'failed', failureReason: 'expired_or_canceled_card' },
    });
    const waiting = refund('charge.refund.updated', { status: 'pending' });
    expect((await provider().parseWebhook({ headers: signed(waiting), rawBody: waiting })).refund?.status).toBe(
      'pending',
    );
  });

  it('refuses a bad or missing signature and a tampered body', async () => {
    const paid = event('payment_intent.succeeded', { metadata: { paymentId: 'pay-1' } });
    const refused = (headers: Headers, rawBody = paid) =>
      expect(provider().parseWebhook({ headers, rawBody })).rejects.toBeInstanceOf(WebhookVerificationError);
    await refused(signed(paid, 'whsec_somebody_else'));
    await refused(new Headers());
    await refused(new Headers({ 'stripe-signature': 't=1,v1=abc' }));
    await refused(signed(paid), paid.replace('pay-1', 'pay-9'));
  });
});
