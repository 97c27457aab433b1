import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { outbox, paymentEvents, payments } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import {
  findInvoiceRow,
  type InvoiceView,
  invoiceByPublicId,
  MAX_MINOR_AMOUNT,
  startCheckout,
} from '#features/invoices/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { events } from '#server/events/index.ts';
import { hitRateLimit } from '#server/rate-limit.server.ts';
import {
  ATTEMPTS_FREE_OF_TENANT_LIMIT,
  createPayment,
  expireInvoices,
  findPayment,
  handleWebhook,
  markPaidAtCounter,
  PAYMENT_LIMITS,
  type PaymentProvider,
  settlePayment,
  storedPaymentState,
  verifyPayment,
  verifyReturn,
  WebhookVerificationError,
} from './index.server.ts';

type Outcome = 'pending' | 'declined' | 'paid' | 'failed';

/** A gateway stand-in for the port: HMAC-signed JSON webhooks, a status table it controls. */
function fakeGateway(): PaymentProvider & {
  outcomes: Map<string, Outcome>;
  sign(body: string): string;
} {
  const secret = 'test-secret';
  const outcomes = new Map<string, Outcome>();
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  return {
    name: 'sandbox',
    outcomes,
    sign,
    async createPayment(request) {
      outcomes.set(request.paymentId, 'pending');
      return { kind: 'redirect', url: `https://gateway.example/${request.paymentId}`, providerRef: request.paymentId };
    },
    async fetchStatus(payment) {
      return { status: outcomes.get(payment.id) ?? 'pending' };
    },
    async refund() {
      throw new Error('not used');
    },
    async parseWebhook({ headers, rawBody }) {
      if (headers.get('x-signature') !== sign(rawBody)) throw new WebhookVerificationError('bad signature');
      const body = JSON.parse(rawBody) as { id: string; paymentId: string; outcome: 'paid' | 'failed' | 'declined' };
      return {
        provider: 'sandbox',
        eventId: body.id,
        type: `charge.${body.outcome}`,
        paymentId: body.paymentId,
        providerRef: body.paymentId,
        outcome: body.outcome,
        payload: body,
      };
    },
  };
}

composeApp();

describe.each(testDatabaseKinds)('invoices and payments on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let peduli: Tenant;
  const gateway = fakeGateway();
  const providers = { forMethod: () => gateway, byName: () => gateway };
  const paidEvents: string[] = [];
  let ip = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aTenant(database.db, 'klinik');
    peduli = await aTenant(database.db, 'peduli');
    events.on('invoice.paid', 'test-recorder', async (_tx, event) => {
      paidEvents.push(event.invoice.publicId);
    });
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const newInvoice = (tenant: Tenant = klinik, amount = 10_000, dueAt: Date | null = null) =>
    startCheckout(database.db, {
      dueAt,
      tenantId: tenant.id,
      currency: tenant.currency,
      kind: 'appointment',
      locale: 'en',
      lines: [{ description: { en: 'Consultation' }, quantity: 1, unitAmount: amount }],
      contact: { name: 'Test', email: 'test@example.my' },
    });

  async function startPayment(invoice: InvoiceView, coverFees = false) {
    const result = await createPayment(database.db, providers, {
      tenant: klinik,
      invoice,
      method: 'card',
      coverFees,
      locale: 'en',
      ip: `10.9.0.${++ip}`,
      siteOrigin: 'http://klinik.localhost',
      returnPath: `/invoices/${invoice.publicId}/verify`,
    });
    if (!result.ok) throw new Error(result.reason);
    return result.paymentId;
  }

  function webhook(
    eventId: string,
    paymentId: string,
    outcome: 'paid' | 'failed' | 'declined' = 'paid',
    signature?: string,
  ) {
    const rawBody = JSON.stringify({ id: eventId, paymentId, outcome });
    return handleWebhook(database.db, gateway, {
      headers: new Headers({ 'x-signature': signature ?? gateway.sign(rawBody) }),
      rawBody,
    });
  }

  it('numbers invoices per tenant without gaps or duplicates under 50 concurrent creations', async () => {
    const created = await Promise.all(Array.from({ length: 50 }, () => newInvoice(peduli, 50_000)));
    const numbers = created.map((i) => i.number).sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
  });

  it("keeps another tenant's invoice out of reach", async () => {
    const invoice = await newInvoice(klinik);
    expect(await invoiceByPublicId(database.db, peduli, invoice.publicId)).toBeNull();
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.total).toBe(10_000);
  });

  it('charges the covered fee and records it on the paid invoice', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice, true);
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ amount: 10_235, fee: 235, status: 'pending' });
    await webhook(`evt-fee-${paymentId}`, paymentId);
    const paid = await invoiceByPublicId(database.db, klinik, invoice.publicId);
    expect(paid).toMatchObject({ status: 'paid', subtotal: 10_000, fee: 235, total: 10_235 });
  });

  it('settles once when the same webhook arrives 10 times', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice);
    const results = [];
    for (let i = 0; i < 10; i += 1) results.push(await webhook('evt-replayed-1', paymentId));
    expect(results.map((r) => (r.status === 200 ? r.outcome : 'error'))).toEqual([
      'settled',
      ...Array(9).fill('duplicate'),
    ]);
    expect(
      await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt-replayed-1')),
    ).toHaveLength(1);
    expect(paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
  });

  const receiptsOf = async (invoice: InvoiceView) =>
    (
      await database.db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.template, 'receipt'), sql`${outbox.payload}->>'number' = ${invoice.displayNumber}`))
    ).length;

  it('settles once when the same webhook event arrives 10 times at once', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice);
    const results = await Promise.all(Array.from({ length: 10 }, () => webhook('evt-concurrent-1', paymentId)));
    const outcomes = results.map((r) => (r.status === 200 ? r.outcome : 'error')).sort();
    expect(outcomes).toEqual(['settled', ...Array(9).fill('duplicate')].sort());
    expect(
      await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt-concurrent-1')),
    ).toHaveLength(1);
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'paid', settledVia: 'webhook' });
    expect(paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
    expect(await receiptsOf(invoice)).toBe(1);
  });

  it('records a declined attempt without settling: a later success on the same payment is paid once', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice);
    expect(await webhook(`evt-declined-${paymentId}`, paymentId, 'declined')).toEqual({
      status: 200,
      outcome: 'declined',
    });
    const [declined] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(declined).toMatchObject({ status: 'declined', settledAt: null });
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('failed');
    // The verify page says "Payment failed" (Try again / Verify again) while the gateway agrees.
    gateway.outcomes.set(paymentId, 'declined');
    const verified = await verifyPayment(database.db, providers, {
      tenantId: klinik.id,
      invoiceId: invoice.id,
      paymentId,
    });
    expect(verified?.status).toBe('failed');

    // The payer confirms again on the same provider payment and it succeeds.
    gateway.outcomes.set(paymentId, 'paid');
    expect(await webhook(`evt-succeeded-${paymentId}`, paymentId, 'paid')).toEqual({ status: 200, outcome: 'settled' });
    expect(await webhook(`evt-succeeded-${paymentId}`, paymentId, 'paid')).toEqual({
      status: 200,
      outcome: 'duplicate',
    });
    // A decline delivered late (out of order) changes nothing any more.
    expect(await webhook(`evt-declined-late-${paymentId}`, paymentId, 'declined')).toEqual({
      status: 200,
      outcome: 'already_final',
    });
    const [paid] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(paid?.status).toBe('paid');
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('paid');
    expect(paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
    expect(await receiptsOf(invoice)).toBe(1);
    const verifiedAgain = await verifyPayment(database.db, providers, {
      tenantId: klinik.id,
      invoiceId: invoice.id,
      paymentId,
    });
    expect(verifiedAgain?.status).toBe('paid');
  });

  it('settles a declined payment once when declines, successes and verifications race', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice);
    await webhook(`evt-race-declined-${paymentId}`, paymentId, 'declined');
    gateway.outcomes.set(paymentId, 'paid');
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? webhook(`evt-race-ok-${i}-${paymentId}`, paymentId, 'paid')
          : i % 3 === 1
            ? webhook(`evt-race-no-${i}-${paymentId}`, paymentId, 'declined')
            : verifyPayment(database.db, providers, { tenantId: klinik.id, invoiceId: invoice.id, paymentId }),
      ),
    );
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('paid');
    expect(paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
    expect(await receiptsOf(invoice)).toBe(1);
  });

  it('settles once when webhooks and verifications race (50 at once)', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice);
    gateway.outcomes.set(paymentId, 'paid');
    const racers = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? webhook(`evt-race-${i}`, paymentId).then((r) => r.status === 200 && r.outcome === 'settled')
        : verifyPayment(database.db, providers, { tenantId: klinik.id, invoiceId: invoice.id, paymentId }).then(
            () => false,
          ),
    );
    await Promise.all(racers);
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('paid');
    expect(paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
  });

  it('changes nothing on a bad signature', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice);
    const result = await webhook('evt-forged', paymentId, 'paid', 'forged');
    expect(result.status).toBe(400);
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('pending');
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt-forged'))).toHaveLength(
      0,
    );
  });

  it('lets a failed payment be tried again, and ignores a late failure after success', async () => {
    const invoice = await newInvoice();
    const first = await startPayment(invoice);
    await webhook(`evt-fail-${first}`, first, 'failed');
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('failed');
    const again = await invoiceByPublicId(database.db, klinik, invoice.publicId);
    const second = await startPayment(again as InvoiceView);
    await webhook(`evt-ok-${second}`, second, 'paid');
    await webhook(`evt-late-${second}`, second, 'failed');
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('paid');
  });

  it('refuses to start paying a paid invoice', async () => {
    const invoice = await newInvoice();
    await startPayment(invoice).then((id) => webhook(`evt-p-${id}`, id));
    const paid = (await invoiceByPublicId(database.db, klinik, invoice.publicId)) as InvoiceView;
    const result = await createPayment(database.db, providers, {
      tenant: klinik,
      invoice: paid,
      method: 'card',
      coverFees: false,
      locale: 'en',
      ip: '10.9.9.9',
      siteOrigin: 'http://klinik.localhost',
      returnPath: '/x',
    });
    expect(result).toEqual({ ok: false, reason: 'not_payable' });
  });

  it('refuses a method the tenant does not offer', async () => {
    const invoice = await newInvoice(peduli, 100_000);
    const result = await createPayment(database.db, providers, {
      tenant: peduli,
      invoice,
      method: 'fpx',
      coverFees: false,
      locale: 'id',
      ip: '10.9.9.8',
      siteOrigin: 'http://peduli.localhost',
      returnPath: '/x',
    });
    expect(result).toEqual({ ok: false, reason: 'method_unavailable' });
  });

  it('rate-limits payment creation per invoice', async () => {
    const invoice = await newInvoice();
    const results = [];
    for (let i = 0; i < 11; i += 1) {
      results.push(
        await createPayment(database.db, providers, {
          tenant: klinik,
          invoice,
          method: 'card',
          coverFees: false,
          locale: 'en',
          ip: `10.8.${i}.1`,
          siteOrigin: 'http://klinik.localhost',
          returnPath: '/x',
        }),
      );
    }
    expect(results.slice(0, 10).every((r) => r.ok)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, reason: 'rate_limited' });
  });

  it('keeps a real payer paying while 15 addresses flood the tenant, at once', async () => {
    // A minute of its own, far from the other tests' clock.
    const now = new Date('2031-05-05T10:00:00Z');
    const attempt = (invoice: InvoiceView, address: string) =>
      createPayment(database.db, providers, {
        tenant: klinik,
        invoice,
        method: 'card',
        coverFees: false,
        locale: 'en',
        ip: address,
        siteOrigin: 'http://klinik.localhost',
        returnPath: '/x',
        now,
      });
    // 15 addresses, 20 attempts each (their own limit), over 30 invoices of theirs, all at once.
    const theirs = await Promise.all(Array.from({ length: 30 }, () => newInvoice()));
    const flood = await Promise.all(
      Array.from({ length: 300 }, (_, n) => attempt(theirs[n % 30] as InvoiceView, `10.77.0.${n % 15}`)),
    );
    // Never more than each limit allows, even at once: 10 per invoice.
    expect(flood.filter((r) => r.ok)).toHaveLength(300);
    const more = await Promise.all(Array.from({ length: 5 }, () => attempt(theirs[0] as InvoiceView, '10.77.1.1')));
    expect(more.every((r) => !r.ok && r.reason === 'rate_limited')).toBe(true);
    // A payer of their own invoice from their own address pays.
    expect((await attempt(await newInvoice(), '10.77.2.1')).ok).toBe(true);

    // The tenant's limit still stops retries once used up, but never an invoice's first tries.
    const later = new Date(now.getTime() + 5 * 60_000);
    const tenantKey = `pay:tenant:${klinik.id}`;
    for (let i = 0; i < PAYMENT_LIMITS.perTenant.limit; i += 1) {
      await hitRateLimit(database.db, tenantKey, PAYMENT_LIMITS.perTenant, later);
    }
    const retried = await newInvoice();
    const tries = [];
    for (let i = 0; i <= ATTEMPTS_FREE_OF_TENANT_LIMIT; i += 1) {
      tries.push(
        await createPayment(database.db, providers, {
          tenant: klinik,
          invoice: retried,
          method: 'card',
          coverFees: false,
          locale: 'en',
          ip: `10.77.3.${i}`,
          siteOrigin: 'http://klinik.localhost',
          returnPath: '/x',
          now: later,
        }),
      );
    }
    expect(tries.slice(0, ATTEMPTS_FREE_OF_TENANT_LIMIT).every((r) => r.ok)).toBe(true);
    expect(tries[ATTEMPTS_FREE_OF_TENANT_LIMIT]).toMatchObject({ ok: false, reason: 'rate_limited' });
  });

  it('limits each payer on their own', async () => {
    const now = new Date('2031-05-06T10:00:00Z');
    const invoices = await Promise.all(Array.from({ length: 3 }, () => newInvoice()));
    const attempt = (invoice: InvoiceView, address: string) =>
      createPayment(database.db, providers, {
        tenant: klinik,
        invoice,
        method: 'card',
        coverFees: false,
        locale: 'en',
        ip: address,
        siteOrigin: 'http://klinik.localhost',
        returnPath: '/x',
        now,
      });
    const one = await Promise.all(
      Array.from({ length: PAYMENT_LIMITS.perIp.limit + 5 }, (_, n) =>
        attempt(invoices[n % 3] as InvoiceView, '10.78.0.1'),
      ),
    );
    // Each invoice's first attempt is free of the address's limit; retries count.
    expect(one.filter((r) => r.ok)).toHaveLength(PAYMENT_LIMITS.perIp.limit + 3);
    expect((await attempt(await newInvoice(), '10.78.0.2')).ok).toBe(true);
  });

  it('never refuses payers who share one address, each paying their own invoice (issue 23)', async () => {
    const now = new Date('2031-05-07T10:00:00Z');
    const payers = PAYMENT_LIMITS.perIp.limit * 2;
    const invoices = await Promise.all(Array.from({ length: payers }, () => newInvoice()));
    const results = await Promise.all(
      invoices.map((invoice) =>
        createPayment(database.db, providers, {
          tenant: klinik,
          invoice,
          method: 'card',
          coverFees: false,
          locale: 'en',
          ip: '10.79.0.1',
          siteOrigin: 'http://klinik.localhost',
          returnPath: '/x',
          now,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(payers);
  });

  it('marks a counter payment paid by staff, with who and when, once', async () => {
    const invoice = await newInvoice();
    const staffRow = await database.db.query.staff.findFirst({
      where: (s, { eq: is }) => is(s.email, 'staff@kliniksihat.my'),
    });
    if (!staffRow) throw new Error('demo staff missing');
    const at = new Date('2026-11-22T03:00:00Z');
    const first = await markPaidAtCounter(database.db, { tenantId: klinik.id, invoice, staffId: staffRow.id, now: at });
    expect(first.changed).toBe(true);
    expect(first.payment).toMatchObject({
      status: 'paid',
      method: 'counter',
      settledVia: 'staff',
      settledByStaffId: staffRow.id,
    });
    expect(first.payment?.settledAt?.toISOString()).toBe(at.toISOString());
    const paid = (await invoiceByPublicId(database.db, klinik, invoice.publicId)) as InvoiceView;
    const second = await markPaidAtCounter(database.db, { tenantId: klinik.id, invoice: paid, staffId: staffRow.id });
    expect(second.changed).toBe(false);
  });

  it('keeps amounts above 2^31 minor units exact (RM50 million), through payment and the covered fee', async () => {
    const big = 5_000_000_000;
    const invoice = await newInvoice(klinik, big);
    expect(invoice).toMatchObject({ subtotal: big, total: big });
    expect(invoice.lines[0]).toMatchObject({ unitAmount: big, amount: big });
    const paymentId = await startPayment(invoice, true);
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(typeof payment?.amount).toBe('number');
    expect(payment?.amount).toBeGreaterThan(big);
    await webhook(`evt-big-${paymentId}`, paymentId);
    const paid = await invoiceByPublicId(database.db, klinik, invoice.publicId);
    expect(paid).toMatchObject({ status: 'paid', subtotal: big, total: payment?.amount });
    await expect(newInvoice(klinik, MAX_MINOR_AMOUNT + 1)).rejects.toThrow(RangeError);
  });

  it('treats a malformed payment id as not found, never as a query error', async () => {
    const invoice = await newInvoice();
    expect(await findPayment(database.db, klinik.id, 'notauuid')).toBeNull();
    expect(await findPayment(database.db, klinik.id, "1' OR '1'='1")).toBeNull();
    const ask = (payment: string | null) =>
      verifyReturn(database.db, providers, { tenantId: klinik.id, invoiceId: invoice.id, payment });
    expect(await ask('notauuid')).toBe('bad_link');
    expect(await ask('00000000-0000-4000-8000-000000000000')).toBe('not_found');
    expect(await ask(null)).toEqual({ verified: null });
    const paymentId = await startPayment(invoice);
    expect(await ask(paymentId)).toMatchObject({ verified: { status: 'pending', payment: { id: paymentId } } });
    // Another invoice's payment is not this invoice's.
    const other = await newInvoice();
    expect(
      await verifyReturn(database.db, providers, { tenantId: klinik.id, invoiceId: other.id, payment: paymentId }),
    ).toBe('not_found');
    // Another tenant cannot see it at all.
    expect(await findPayment(database.db, peduli.id, paymentId)).toBeNull();
  });

  it('tells an open verify page where the payment stands now (the settlement it may have missed)', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice);
    const state = () =>
      invoiceByPublicId(database.db, klinik, invoice.publicId).then((now) =>
        storedPaymentState(database.db, {
          tenantId: klinik.id,
          invoiceId: invoice.id,
          invoiceStatus: now?.status ?? 'open',
          paymentId,
        }),
      );
    expect(await state()).toEqual({ invoice: 'open', payment: 'pending' });
    await webhook(`evt-missed-${paymentId}`, paymentId);
    expect(await state()).toEqual({ invoice: 'paid', payment: 'paid' });
  });

  describe('expiry', () => {
    const statusOf = async (invoice: InvoiceView) =>
      (await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status;

    it('expires an open invoice past its due time, and no one can start paying it', async () => {
      const due = new Date(Date.now() - 60_000);
      const overdue = await newInvoice(klinik, 10_000, due);
      const later = await newInvoice(klinik, 10_000, new Date(Date.now() + 3_600_000));
      const undated = await newInvoice(klinik, 10_000, null);
      // Even before the sweep, the due time has passed: paying is refused.
      await expect(startPayment(overdue)).rejects.toThrow('not_payable');
      expect(await expireInvoices(database.db)).toBeGreaterThanOrEqual(1);
      expect(await statusOf(overdue)).toBe('expired');
      expect(await statusOf(later)).toBe('open');
      expect(await statusOf(undated)).toBe('open');
      await expect(
        startPayment((await invoiceByPublicId(database.db, klinik, overdue.publicId)) as InvoiceView),
      ).rejects.toThrow('not_payable');
      // A second sweep changes nothing.
      const again = await expireInvoices(database.db);
      expect(await statusOf(overdue)).toBe('expired');
      expect(again).toBe(0);
    });

    it('waits for a payment in flight, then settles a late payment paid (money is never lost)', async () => {
      const invoice = await newInvoice(klinik, 10_000, new Date(Date.now() + 60_000));
      const paymentId = await startPayment(invoice);
      const afterDue = new Date(Date.now() + 5 * 60_000);
      await expireInvoices(database.db, afterDue);
      expect(await statusOf(invoice)).toBe('open'); // the payer is still at the gateway
      // An hour later the pending payment counts as abandoned: the invoice expires.
      await expireInvoices(database.db, new Date(Date.now() + 2 * 3_600_000));
      expect(await statusOf(invoice)).toBe('expired');
      // …and then the gateway's success arrives after all.
      expect(await webhook(`evt-late-pay-${paymentId}`, paymentId)).toEqual({ status: 200, outcome: 'settled' });
      expect(await statusOf(invoice)).toBe('paid');
      expect(paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
      expect(await receiptsOf(invoice)).toBe(1);
      await expireInvoices(database.db, new Date(Date.now() + 3 * 3_600_000));
      expect(await statusOf(invoice)).toBe('paid');
    });

    it('expires an invoice whose last attempt failed, and never a paid one', async () => {
      const failed = await newInvoice(klinik, 10_000, new Date(Date.now() + 60_000));
      const first = await startPayment(failed);
      await webhook(`evt-exp-fail-${first}`, first, 'failed');
      const paid = await newInvoice(klinik, 10_000, new Date(Date.now() + 60_000));
      const second = await startPayment(paid);
      await webhook(`evt-exp-paid-${second}`, second, 'paid');
      await expireInvoices(database.db, new Date(Date.now() + 10 * 60_000));
      expect(await statusOf(failed)).toBe('expired');
      expect(await statusOf(paid)).toBe('paid');
    });
  });

  it('a cancelled payment leaves the invoice open (nothing failed); a failed one marks it failed', async () => {
    const statusOf = async (invoice: InvoiceView) =>
      (await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status;
    const cancelled = await newInvoice();
    await settlePayment(database.db, {
      tenantId: klinik.id,
      paymentId: await startPayment(cancelled),
      status: 'cancelled',
      via: 'verify',
    });
    expect(await statusOf(cancelled)).toBe('open');
    const failed = await newInvoice();
    await settlePayment(database.db, {
      tenantId: klinik.id,
      paymentId: await startPayment(failed),
      status: 'failed',
      via: 'verify',
    });
    expect(await statusOf(failed)).toBe('failed');
  });

  it('settles only pending payments: a second settlement is a no-op', async () => {
    const invoice = await newInvoice();
    const paymentId = await startPayment(invoice);
    const a = await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'verify' });
    const b = await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'failed', via: 'webhook' });
    expect([a.changed, b.changed]).toEqual([true, false]);
    expect(b.payment?.status).toBe('paid');
  });
  it("runs an effect's after-commit work once the payment is committed, never for a rollback", async () => {
    const seen: { publicId: string; committed: boolean }[] = [];
    const failing = { on: false };
    events.on('invoice.paid', 'test-after-commit', async (_tx, event) => {
      if (failing.on) throw new Error('effect failed');
      return async () => {
        // Read outside the settlement's transaction: it sees the invoice paid, so it has committed.
        const row = await findInvoiceRow(database.db, klinik.id, event.invoice.id);
        seen.push({ publicId: event.invoice.publicId, committed: row?.status === 'paid' });
      };
    });
    try {
      const invoice = await newInvoice();
      await settlePayment(database.db, {
        tenantId: klinik.id,
        paymentId: await startPayment(invoice),
        status: 'paid',
        via: 'verify',
      });
      expect(seen).toEqual([{ publicId: invoice.publicId, committed: true }]);

      failing.on = true;
      const other = await newInvoice();
      const paymentId = await startPayment(other);
      await expect(
        settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'verify' }),
      ).rejects.toThrow('effect failed');
      expect(seen).toHaveLength(1);
    } finally {
      events.on('invoice.paid', 'test-after-commit', async () => {});
    }
  });
});
