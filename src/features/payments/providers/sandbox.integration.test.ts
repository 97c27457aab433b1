import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { payments, sandboxCharges } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import { createPayment, handleWebhook } from '../index.server.ts';
import { klinikOnTwoInstances } from '../instances-test-support.ts';
import { type PaymentRequest, WebhookVerificationError } from '../provider';
import { aConsultationInvoice, logLines, payerChoice } from '../test-support.ts';
import { UnsupportedPaymentError } from './method-rules';
import { completeSandboxCharge, createSandboxProvider, findSandboxCharge, sandboxWebhookUrl } from './sandbox.server';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, verifySandboxSignature } from './sandbox-webhook';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

const secret = 'sandbox-test-secret-0123456789';

/** A stand-in for our webhook endpoint: records each POST and answers the queued statuses (then 200). */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let endpoint: Server;
let webhookUrl: string;
let received: Received[] = [];
let answers: number[] = [];

beforeAll(async () => {
  endpoint = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
    response.writeHead(answers.shift() ?? 200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/webhooks/sandbox`;
});
afterAll(() => new Promise<void>((resolve) => endpoint.close(() => resolve())));
beforeEach(() => {
  received = [];
  answers = [];
});

const fast = { firstDelayMs: 0, retryDelaysMs: [20, 20, 20] };

describe.each(testDatabaseKinds)('sandbox gateway on %s', (kind) => {
  const t = klinikOnTwoInstances(kind, { others: ['yayasan'] });

  function provider() {
    return createSandboxProvider({ db: t.db, secret, webhookUrl, timing: fast });
  }

  function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
    const paymentId = randomUUID();
    return {
      paymentId,
      tenantId: t.klinik.id,
      invoicePublicId: `inv_${paymentId.slice(0, 8)}`,
      invoiceNumber: 'INV-000001',
      amount: 12_345,
      currency: 'MYR',
      method: 'fpx',
      description: 'Consultation',
      customerEmail: null,
      locale: 'ms',
      returnUrl: `http://klinik.localhost:4321/invoices/x/verify?payment=${paymentId}`,
      siteOrigin: 'http://klinik.localhost:4321',
      ...overrides,
    };
  }

  /** The payer's click on the sandbox's hosted page of the charge, through klinik's host. */
  function complete(request: PaymentRequest, choice: 'pay' | 'fail' | 'cancel', hostHeader = 'klinik.localhost:4321') {
    return provider().complete({ tenantId: t.klinik.id, chargeId: request.paymentId, choice, hostHeader });
  }

  async function chargeRow(id: string) {
    const [row] = await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
    return row;
  }

  it('creates a charge once and sends the payer to its hosted page', async () => {
    const request = paymentRequest();
    const start = await provider().createPayment(request);
    expect(start).toEqual({
      kind: 'redirect',
      url: `http://klinik.localhost:4321/ms/pay/sandbox/${request.paymentId}`,
      providerRef: request.paymentId,
    });
    expect(await chargeRow(request.paymentId)).toMatchObject({
      tenantId: t.klinik.id,
      amount: 12_345,
      currency: 'MYR',
      method: 'fpx',
      description: 'Consultation',
      returnUrl: request.returnUrl,
      status: 'requires_action',
    });
    // The same payment again: same answer, still one row, nothing overwritten.
    expect(await provider().createPayment({ ...request, amount: 1 })).toEqual(start);
    expect((await chargeRow(request.paymentId))?.amount).toBe(12_345);
    expect(await t.db.select().from(sandboxCharges).where(eq(sandboxCharges.id, request.paymentId))).toHaveLength(1);
  });

  it('refuses FPX outside ringgit and counter payments, creating nothing', async () => {
    const idr = paymentRequest({ currency: 'IDR', method: 'fpx' });
    await expect(provider().createPayment(idr)).rejects.toBeInstanceOf(UnsupportedPaymentError);
    const counter = paymentRequest({ method: 'counter' });
    await expect(provider().createPayment(counter)).rejects.toBeInstanceOf(UnsupportedPaymentError);
    expect(await chargeRow(idr.paymentId)).toBeUndefined();
    expect(await chargeRow(counter.paymentId)).toBeUndefined();
  });

  it('reports each charge status through fetchStatus', async () => {
    const gateway = provider();
    const cases = [
      { choice: null, status: 'pending' },
      { choice: 'pay', status: 'paid' },
      { choice: 'fail', status: 'failed' },
      { choice: 'cancel', status: 'cancelled' },
    ] as const;
    for (const { choice, status } of cases) {
      const request = paymentRequest({ method: 'card' });
      await gateway.createPayment(request);
      if (choice) {
        const done = await gateway.complete({
          tenantId: t.klinik.id,
          chargeId: request.paymentId,
          choice,
          hostHeader: 'klinik.localhost:4321',
        });
        await done.webhook;
      }
      const result = await gateway.fetchStatus({ id: request.paymentId, providerRef: request.paymentId });
      expect(result.status).toBe(status);
      if (status === 'failed') expect(result.failureReason).toMatch(/declined/i);
    }
    await expect(gateway.fetchStatus({ id: randomUUID(), providerRef: null })).rejects.toThrow(/not found/);
  });

  it('completes a charge once: a second click changes nothing and sends no second webhook', async () => {
    const request = paymentRequest({ amount: 5000 });
    await provider().createPayment(request);
    const input = {
      tenantId: t.klinik.id,
      chargeId: request.paymentId,
      secret,
      webhookUrl,
      hostHeader: 'klinik.localhost:4321',
      timing: fast,
    };
    const first = await completeSandboxCharge(t.db, { ...input, choice: 'pay' });
    const second = await completeSandboxCharge(t.db, { ...input, choice: 'fail' });
    expect(first).toMatchObject({ changed: true, charge: { status: 'succeeded' } });
    expect(second).toMatchObject({ changed: false, webhook: null, charge: { status: 'succeeded' } });
    expect(await first.webhook).toBe(true);
    await sleep(100);

    expect(received).toHaveLength(1);
    const [hook] = received;
    expect(hook?.method).toBe('POST');
    expect(hook?.url).toBe('/api/webhooks/sandbox');
    expect(hook?.headers.host).toBe('klinik.localhost:4321');
    expect(hook?.headers['content-type']).toBe('application/json');
    const signature = hook?.headers[SANDBOX_SIGNATURE_HEADER.toLowerCase()];
    expect(typeof signature).toBe('string');
    expect(() =>
      verifySandboxSignature(hook?.body ?? '', signature as string, secret, Date.now() / 1000),
    ).not.toThrow();
    const event = JSON.parse(hook?.body ?? '{}');
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      type: 'charge.succeeded',
      data: { paymentId: request.paymentId, amount: 5000, currency: 'MYR' },
    });

    // The endpoint side: the provider verifies and parses what the gateway sent.
    const parsed = await provider().parseWebhook({
      headers: new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature as string }),
      rawBody: hook?.body ?? '',
    });
    expect(parsed).toMatchObject({
      provider: 'sandbox',
      eventId: event.id,
      outcome: 'paid',
      paymentId: request.paymentId,
    });
  });

  it('lets exactly one of two simultaneous clicks win', async () => {
    const request = paymentRequest();
    await provider().createPayment(request);
    const gateway = provider();
    const base = { tenantId: t.klinik.id, chargeId: request.paymentId, hostHeader: 'klinik.localhost:4321' };
    const results = await Promise.all([
      gateway.complete({ ...base, choice: 'pay' }),
      gateway.complete({ ...base, choice: 'cancel' }),
    ]);
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    await Promise.all(results.map((r) => r.webhook));
    expect(received).toHaveLength(1);
  });

  it('sends a failure reason with a failed charge', async () => {
    const request = paymentRequest();
    await provider().createPayment(request);
    const done = await complete(request, 'fail', 'klinik.localhost');
    await done.webhook;
    const event = JSON.parse(received[0]?.body ?? '{}');
    expect(event).toMatchObject({ type: 'charge.failed', data: { failureReason: expect.stringMatching(/declined/i) } });
  });

  it('retries with the same event until the endpoint answers 2xx', async () => {
    answers = [500, 503];
    const request = paymentRequest();
    await provider().createPayment(request);
    const done = await complete(request, 'pay');
    expect(await done.webhook).toBe(true);
    expect(received).toHaveLength(3);
    const ids = received.map((r) => JSON.parse(r.body).id);
    expect(new Set(ids).size).toBe(1);
    for (const hook of received) {
      expect(() =>
        verifySandboxSignature(
          hook.body,
          hook.headers['serambi-sandbox-signature'] as string,
          secret,
          Date.now() / 1000,
        ),
      ).not.toThrow();
    }
  });

  it('gives up after the last retry without throwing', async () => {
    answers = [500, 500, 500, 500, 500];
    const request = paymentRequest();
    await provider().createPayment(request);
    const done = await complete(request, 'pay');
    expect(await done.webhook).toBe(false);
    expect(received).toHaveLength(1 + fast.retryDelaysMs.length);
    // The gateway's own record stands: the payer did pay.
    expect((await chargeRow(request.paymentId))?.status).toBe('succeeded');
  });

  it('survives an endpoint that is not listening', async () => {
    const request = paymentRequest();
    await provider().createPayment(request);
    const done = await completeSandboxCharge(t.db, {
      tenantId: t.klinik.id,
      chargeId: request.paymentId,
      choice: 'pay',
      secret,
      webhookUrl: 'http://127.0.0.1:1/api/webhooks/sandbox',
      hostHeader: 'klinik.localhost:4321',
      timing: { firstDelayMs: 0, retryDelaysMs: [5] },
    });
    expect(await done.webhook).toBe(false);
  });

  it("keeps each tenant's charges to itself", async () => {
    const request = paymentRequest();
    await provider().createPayment(request);
    expect(await findSandboxCharge(t.db, t.tenant('yayasan').id, request.paymentId)).toBeNull();
    expect(await findSandboxCharge(t.db, t.klinik.id, request.paymentId)).toMatchObject({ id: request.paymentId });
    expect(await findSandboxCharge(t.db, t.klinik.id, 'x'.repeat(101))).toBeNull();
    const other = await provider().complete({
      tenantId: t.tenant('yayasan').id,
      chargeId: request.paymentId,
      choice: 'pay',
      hostHeader: 'yayasan.localhost',
    });
    expect(other).toEqual({ charge: null, changed: false, webhook: null });
    expect((await chargeRow(request.paymentId))?.status).toBe('requires_action');
    expect(received).toHaveLength(0);
  });

  it("settles nothing on a signed webhook whose amount or currency is not the payment's; the right one settles", async () => {
    const gateway = provider();
    const providers = { forMethod: () => gateway, byName: () => gateway };
    const invoice = await aConsultationInvoice(t.db, t.klinik, {
      amount: 12_000,
      contact: { name: 'Sandbox Payer', email: 'sandbox-payer@example.my' },
    });
    const started = await createPayment(t.db, providers, payerChoice(t.klinik, invoice, '10.9.9.1'));
    if (!started.ok) throw new Error('no sandbox payment');
    const { paymentId } = started;
    const deliver = (eventId: string, amount: number, currency: string) => {
      const rawBody = JSON.stringify({ id: eventId, type: 'charge.succeeded', data: { paymentId, amount, currency } });
      const signature = signSandboxPayload(rawBody, secret, Date.now() / 1000);
      return handleWebhook(t.db, gateway, {
        headers: new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature }),
        rawBody,
      });
    };
    const lines = await logLines(async () => {
      expect(await deliver('evt_sandbox_amount_1', 100, 'MYR')).toEqual({ status: 200, outcome: 'mismatch' });
      expect(await deliver('evt_sandbox_currency_1', 12_000, 'IDR')).toEqual({ status: 200, outcome: 'mismatch' });
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('pending');
    expect((await invoiceByPublicId(t.db, t.klinik, invoice.publicId))?.status).toBe('open');
    const mismatches = lines.filter((line) => line.includes('differs from the payment'));
    expect(mismatches.filter((line) => line.includes('"differs":"amount"')).length).toBeGreaterThan(0);
    expect(mismatches.filter((line) => line.includes('"differs":"currency"')).length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/Sandbox Payer|sandbox-payer@example\.my/);

    expect(await deliver('evt_sandbox_amount_2', 12_000, 'MYR')).toEqual({ status: 200, outcome: 'settled' });
    expect((await invoiceByPublicId(t.db, t.klinik, invoice.publicId))?.status).toBe('paid');
  });

  it('refuses webhooks with a bad, missing or stale signature', async () => {
    const gateway = provider();
    const body = JSON.stringify({
      id: 'evt_1',
      type: 'charge.succeeded',
      data: { paymentId: 'p', amount: 1, currency: 'MYR' },
    });
    const nowSeconds = Date.now() / 1000;
    const cases = [
      new Headers(),
      new Headers({ [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, 'wrong-secret-0123456789', nowSeconds) }),
      new Headers({ [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, secret, nowSeconds - 301) }),
      new Headers({ [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(`${body} `, secret, nowSeconds) }),
    ];
    for (const headers of cases) {
      await expect(gateway.parseWebhook({ headers, rawBody: body })).rejects.toBeInstanceOf(WebhookVerificationError);
    }
    const headers = new Headers({ [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(body, secret, nowSeconds) });
    await expect(gateway.parseWebhook({ headers, rawBody: body })).resolves.toMatchObject({ outcome: 'paid' });
  });
});

describe('sandbox webhook address', () => {
  it('defaults to our own server on the loopback', () => {
    if (process.env.SANDBOX_WEBHOOK_URL) return;
    expect(sandboxWebhookUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/sandbox$/);
  });
});
