// A local stand-in for api.stripe.com (customers, PaymentIntents, refunds) and Stripe's webhook
// events signed with the SDK's own generateTestHeaderString, for the Stripe suites.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PaymentRequest } from '../provider';
import { createStripeProvider } from './stripe.server';

export const secretKey = 'sk_test_51SerambiStandIn0000000000';
export const publishableKey = 'pk_test_51SerambiStandIn0000000000';
export const webhookSecret = 'whsec_serambi_test_0123456789';

/** A request the stand-in received. */
export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

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

function send(response: ServerResponse, status: number, body: unknown) {
  response
    .writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' })
    .end(JSON.stringify(body));
}

/**
 * Registers hooks that run the stand-in for the enclosing suite (requests are forgotten before each
 * test) and answers it: the requests received, the PaymentIntents it keeps (tests change their
 * status, amount, errors) and a Stripe provider talking to it.
 */
export function stripeStandIn() {
  let api: Server;
  let port = 0;
  let requests: Recorded[] = [];
  const intents = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    api = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(body);
      requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, form });
      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        return send(response, 200, {
          id: `cus_standin${requests.length}`,
          object: 'customer',
          email: form.get('email'),
        });
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

  return {
    /** The requests since the test began (or since `forget()`). */
    get requests(): Recorded[] {
      return requests;
    },
    forget() {
      requests = [];
    },
    intents,
    /** A PaymentIntent the stand-in made, to change as Stripe would. */
    intent: (id: string) => intents.get(id) as Record<string, unknown>,
    /** Our Stripe provider, talking to the stand-in, verifying webhooks with `secret`. */
    provider: (secret = webhookSecret) =>
      createStripeProvider({
        secretKey,
        publishableKey,
        webhookSecret: secret,
        apiHost: '127.0.0.1',
        apiPort: port,
        apiProtocol: 'http',
      }),
  };
}

/** A Stripe event of `type` about `object` (a PaymentIntent, a refund), as its webhook delivers it. */
export function stripeEvent(id: string, type: string, object: unknown): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** The Stripe-Signature header Stripe would send with `payload`. */
export const signedByStripe = (payload: string, secret = webhookSecret) =>
  new Headers({ 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) });

/** A payment request as createPayment hands it to the provider (FPX, RM150.50, to Yayasan). */
export function aPaymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
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
