import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { type Db, openDatabase } from '#db/client.server.ts';
import { payments, refunds, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { transaction } from '#db/transaction.server.ts';
import { type InvoiceView, startCheckout } from '#features/invoices/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { events } from '#server/events/index.ts';
import { handleWebhook } from './handle-webhook.server';
import { insertPayment } from './payment-repo.server';
import type { PaymentProvider, ProviderName, VerifiedEvent } from './provider';
import { createCounterProvider } from './providers/counter.server';
import { createSandboxProvider } from './providers/sandbox.server';
import { finishSandboxCharge, insertSandboxCharge, sandboxChargeById } from './providers/sandbox-repo.server';
import { refundsOfPayment } from './refund-repo.server';
import { recordRefundDue, recordRefundsMade, refundDueThroughGateway, refundPayment } from './refunds.server';
import { settlePayment } from './settle-payment.server';

// Effects of payment as the running app registers them.
composeApp();

// Refunds as two app instances sharing one database see them: on PostgreSQL every call runs on its
// own pooled connection, half through a second pool.
describe.each(testDatabaseKinds)('refunds on %s', (kind) => {
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let instances: Db[] = [];
  let klinik: Tenant;
  let staffId = '';
  const refunded: string[] = [];
  let providers: {
    byName(name: ProviderName): ReturnType<typeof createSandboxProvider> | ReturnType<typeof createCounterProvider>;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aTenant(database.db, 'klinik');
    const [member] = await database.db.select().from(staff).where(eq(staff.email, 'staff@kliniksihat.my'));
    staffId = member?.id ?? '';
    if (database.url) second = await openDatabase({ url: database.url });
    instances = second ? [database.db, second.db] : [database.db];
    const sandbox = createSandboxProvider({
      db: database.db,
      secret: 'refund-test-secret',
      webhookUrl: 'http://127.0.0.1:9/',
    });
    const counter = createCounterProvider();
    providers = { byName: (name) => (name === 'counter' ? counter : sandbox) };
    events.on('payment.refunded', 'refunds-test-recorder', async (_tx, event) => {
      refunded.push(event.refund.id);
    });
  });
  afterAll(async () => {
    forgetCachedTenants();
    await second?.close();
    await database?.close();
  });

  const via = (i: number) => instances[i % instances.length] as Db;
  const newInvoice = (amount = 8_500): Promise<InvoiceView> =>
    startCheckout(database.db, {
      tenantId: klinik.id,
      currency: klinik.currency,
      kind: 'appointment',
      locale: 'en',
      lines: [{ description: { en: 'Consultation' }, quantity: 1, unitAmount: amount }],
      contact: { name: 'Test', email: 'test@example.my' },
    });

  /** A payment the sandbox gateway charged and we settled as paid. */
  async function paidSandboxPayment(invoice: InvoiceView, amount = invoice.total) {
    const payment = await insertPayment(database.db, {
      tenantId: klinik.id,
      invoiceId: invoice.id,
      provider: 'sandbox',
      method: 'card',
      amount,
      fee: 0,
    });
    await insertSandboxCharge(database.db, {
      id: payment.id,
      tenantId: klinik.id,
      amount,
      currency: invoice.currency.code,
      method: 'card',
      description: 'Consultation',
      returnUrl: 'http://klinik.localhost/verify',
    });
    await finishSandboxCharge(database.db, {
      tenantId: klinik.id,
      id: payment.id,
      status: 'succeeded',
      now: new Date(),
    });
    const settled = await settlePayment(database.db, {
      tenantId: klinik.id,
      paymentId: payment.id,
      status: 'paid',
      via: 'verify',
    });
    expect(settled.payment?.status).toBe('paid');
    return payment;
  }

  const refundRows = (paymentId: string) => refundsOfPayment(database.db, klinik.id, paymentId);

  it('records a due refund, once, when an invoice is paid twice — no magic string on the payment', async () => {
    const invoice = await newInvoice();
    const first = await paidSandboxPayment(invoice);
    const twice = await insertPayment(database.db, {
      tenantId: klinik.id,
      invoiceId: invoice.id,
      provider: 'sandbox',
      method: 'fpx',
      amount: invoice.total,
      fee: 0,
    });
    // The second payment's success arrives several times at once (webhook retries, the verify page).
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        settlePayment(via(i), { tenantId: klinik.id, paymentId: twice.id, status: 'paid', via: 'webhook' }),
      ),
    );
    expect(await refundRows(first.id)).toEqual([]);
    const rows = await refundRows(twice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'paid_twice', status: 'due', amount: invoice.total, completedAt: null });
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, twice.id));
    expect(payment).toMatchObject({ status: 'paid', failureReason: null });
    // Reported again later (a late webhook replay, another path): still one row.
    await transaction(database.db, (tx) =>
      recordRefundDue(tx, { tenantId: klinik.id, paymentId: twice.id, reason: 'paid_twice' }),
    );
    expect(await refundRows(twice.id)).toHaveLength(1);
  });

  it('records a refund once for one cause when 12 calls race, through the gateway, with one event', async () => {
    const invoice = await newInvoice();
    const payment = await paidSandboxPayment(invoice);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        refundPayment(via(i), providers, {
          tenantId: klinik.id,
          paymentId: payment.id,
          reason: 'booking_cancelled',
          staffId,
        }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.changed)).toHaveLength(1);
    const rows = await refundRows(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: 'booking_cancelled',
      status: 'succeeded',
      amount: invoice.total,
      recordedByStaffId: staffId,
      providerRef: `re_${rows[0]?.id}`,
    });
    expect(refunded.filter((id) => id === rows[0]?.id)).toHaveLength(1);
    // The gateway gave the money back once, and says so when asked (sandbox round trip).
    expect((await sandboxChargeById(database.db, payment.id))?.amountRefunded).toBe(invoice.total);
    expect(await providers.byName('sandbox').fetchStatus({ id: payment.id, providerRef: payment.id })).toEqual({
      status: 'paid',
      charged: { amount: invoice.total, currency: klinik.currency.code },
      amountRefunded: invoice.total,
    });
  });

  it('never refunds above the payment, even when staff refunds race', async () => {
    const invoice = await newInvoice(8_500);
    const payment = await paidSandboxPayment(invoice);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        refundPayment(via(i), providers, {
          tenantId: klinik.id,
          paymentId: payment.id,
          reason: 'staff',
          amount: 3_000,
          staffId,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(
      Array.from({ length: 4 }, () => 'exceeds_payment'),
    );
    const over = await refundPayment(database.db, providers, {
      tenantId: klinik.id,
      paymentId: payment.id,
      reason: 'staff',
      amount: 2_501,
    });
    expect(over).toEqual({ ok: false, reason: 'exceeds_payment' });
    for (const amount of [0, -5, 1.5]) {
      expect(
        await refundPayment(database.db, providers, {
          tenantId: klinik.id,
          paymentId: payment.id,
          reason: 'staff',
          amount,
        }),
      ).toEqual({ ok: false, reason: 'exceeds_payment' });
    }
    // The rest still fits, exactly.
    const rest = await refundPayment(database.db, providers, {
      tenantId: klinik.id,
      paymentId: payment.id,
      reason: 'staff',
      amount: 2_500,
    });
    expect(rest.ok).toBe(true);
    const rows = await refundRows(payment.id);
    expect(rows.map((r) => r.amount).reduce((a, b) => a + b, 0)).toBe(8_500);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    expect((await sandboxChargeById(database.db, payment.id))?.amountRefunded).toBe(8_500);
    // An automatic cause finds nothing left either.
    expect(
      await transaction(database.db, (tx) =>
        recordRefundDue(tx, { tenantId: klinik.id, paymentId: payment.id, reason: 'slot_lost' }),
      ),
    ).toBeNull();
  });

  it('marks a refund the gateway refused as failed, and retries that same row later', async () => {
    const invoice = await newInvoice();
    const payment = await paidSandboxPayment(invoice);
    // The gateway's charge is not refundable yet (say it was disputed): it refuses.
    await database.db.execute(sql`update sandbox_charges set status = 'requires_action' where id = ${payment.id}`);
    const refused = await refundPayment(database.db, providers, {
      tenantId: klinik.id,
      paymentId: payment.id,
      reason: 'slot_lost',
    });
    expect(refused).toEqual({ ok: false, reason: 'provider_failed' });
    const [failed] = await refundRows(payment.id);
    expect(failed).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/cannot be refunded/) });
    await database.db.execute(sql`update sandbox_charges set status = 'succeeded' where id = ${payment.id}`);
    const retried = await refundPayment(database.db, providers, {
      tenantId: klinik.id,
      paymentId: payment.id,
      reason: 'slot_lost',
    });
    expect(retried.ok && retried.refund).toMatchObject({ id: failed?.id, status: 'succeeded', failureReason: null });
    expect(await refundRows(payment.id)).toHaveLength(1);
    expect((await sandboxChargeById(database.db, payment.id))?.amountRefunded).toBe(invoice.total);
  });

  it('gives back what is due through the gateway when staff ask, once, leaving counter money to staff', async () => {
    const invoice = await newInvoice();
    await paidSandboxPayment(invoice);
    const twice = await paidSandboxPayment(invoice); // paid again: a refund of it is due
    const [due] = await refundRows(twice.id);
    expect(due).toMatchObject({ reason: 'paid_twice', status: 'due' });
    const before = refunded.length;
    const input = { tenantId: klinik.id, invoiceId: invoice.id, staffId };
    const runs = await Promise.all([0, 1, 2].map((i) => refundDueThroughGateway(via(i), providers, input)));
    expect(runs.reduce((sum, run) => sum + run.refunded, 0)).toBeGreaterThanOrEqual(1);
    expect(runs.every((run) => run.failed === 0)).toBe(true);
    expect(refunded.length - before).toBe(1);
    expect(await refundRows(twice.id)).toMatchObject([
      { id: due?.id, status: 'succeeded', recordedByStaffId: staffId },
    ]);
    expect((await sandboxChargeById(database.db, twice.id))?.amountRefunded).toBe(invoice.total);
    expect(await refundDueThroughGateway(database.db, providers, input)).toEqual({ refunded: 0, failed: 0 });
  });

  it('settles a refund the gateway finished later from its webhook, once, however often it is delivered', async () => {
    const invoice = await newInvoice();
    const payment = await paidSandboxPayment(invoice);
    // A gateway that takes the refund but confirms it later (Stripe answers `pending` for some methods).
    const later = { byName: () => ({ refund: async () => ({ status: 'pending' as const, providerRef: 're_later' }) }) };
    const asked = await refundPayment(database.db, later, {
      tenantId: klinik.id,
      paymentId: payment.id,
      reason: 'staff',
      amount: 500,
      staffId,
    });
    expect(asked.ok && asked.refund).toMatchObject({ status: 'pending', providerRef: 're_later' });
    const refundId = asked.ok ? asked.refund.id : '';
    const before = refunded.length;
    const gateway = (refund: VerifiedEvent['refund'], eventId: string) =>
      ({
        name: 'sandbox',
        parseWebhook: async () => ({
          provider: 'sandbox',
          eventId,
          type: 'refund.updated',
          paymentId: payment.id,
          providerRef: null,
          outcome: 'ignored',
          refund,
          payload: {},
        }),
      }) as unknown as PaymentProvider;
    const done = gateway({ refundId, providerRef: 're_later', status: 'succeeded' }, `evt-refund-${refundId}`);
    const deliveries = await Promise.all(
      Array.from({ length: 6 }, (_, i) => handleWebhook(via(i), done, { headers: new Headers(), rawBody: '{}' })),
    );
    const outcomes = deliveries.map((d) => (d.status === 200 ? d.outcome : 'error')).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'refund_settled']);
    expect(refunded.length - before).toBe(1);
    const [row] = await refundRows(payment.id);
    expect(row).toMatchObject({ id: refundId, status: 'succeeded', providerRef: 're_later' });
    // A late "failed" for a refund already finished changes nothing.
    const late = gateway({ refundId, providerRef: 're_later', status: 'failed' }, `evt-refund-late-${refundId}`);
    expect(await handleWebhook(database.db, late, { headers: new Headers(), rawBody: '{}' })).toEqual({
      status: 200,
      outcome: 'already_final',
    });
    expect((await refundRows(payment.id))[0]?.status).toBe('succeeded');
  });

  it('marks a pending refund the gateway gave up on as failed, found by the gateway reference', async () => {
    const invoice = await newInvoice();
    const payment = await paidSandboxPayment(invoice);
    const later = { byName: () => ({ refund: async () => ({ status: 'pending' as const, providerRef: 're_gone' }) }) };
    await refundPayment(database.db, later, { tenantId: klinik.id, paymentId: payment.id, reason: 'staff', staffId });
    const failed = {
      name: 'sandbox',
      parseWebhook: async () => ({
        provider: 'sandbox',
        eventId: `evt-gone-${payment.id}`,
        type: 'refund.failed',
        paymentId: payment.id,
        providerRef: null,
        outcome: 'ignored',
        refund: { refundId: null, providerRef: 're_gone', status: 'failed', failureReason: 'expired_or_canceled_card' },
        payload: {},
      }),
    } as unknown as PaymentProvider;
    expect(await handleWebhook(database.db, failed, { headers: new Headers(), rawBody: '{}' })).toEqual({
      status: 200,
      outcome: 'refund_settled',
    });
    expect((await refundRows(payment.id))[0]).toMatchObject({
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
  });

  it('refuses a refund of a payment that is not paid, or of another tenant', async () => {
    const invoice = await newInvoice();
    const open = await insertPayment(database.db, {
      tenantId: klinik.id,
      invoiceId: invoice.id,
      provider: 'sandbox',
      method: 'card',
      amount: invoice.total,
      fee: 0,
    });
    expect(
      await refundPayment(database.db, providers, { tenantId: klinik.id, paymentId: open.id, reason: 'staff' }),
    ).toEqual({ ok: false, reason: 'not_paid' });
    const peduli = await aTenant(database.db, 'peduli');
    expect(
      await refundPayment(database.db, providers, { tenantId: peduli.id, paymentId: open.id, reason: 'staff' }),
    ).toEqual({ ok: false, reason: 'not_found' });
    expect(await database.db.select().from(refunds).where(eq(refunds.paymentId, open.id))).toEqual([]);
  });

  it('leaves a counter refund due until staff record handing the cash back, once', async () => {
    const invoice = await newInvoice();
    const payment = await insertPayment(database.db, {
      tenantId: klinik.id,
      invoiceId: invoice.id,
      provider: 'counter',
      method: 'counter',
      amount: invoice.total,
      fee: 0,
    });
    await settlePayment(database.db, {
      tenantId: klinik.id,
      paymentId: payment.id,
      status: 'paid',
      via: 'staff',
      staffId,
    });
    const asked = await refundPayment(database.db, providers, {
      tenantId: klinik.id,
      paymentId: payment.id,
      reason: 'booking_cancelled',
    });
    expect(asked.ok && asked.refund).toMatchObject({ status: 'due', completedAt: null, recordedByStaffId: null });
    const at = new Date('2026-11-20T03:00:00Z');
    const records = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        transaction(via(i), (tx) => recordRefundsMade(tx, { tenantId: klinik.id, invoiceId: invoice.id, staffId, at })),
      ),
    );
    expect(records.flatMap((r) => r.refunds)).toHaveLength(1);
    const rows = await refundRows(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', completedAt: at, recordedByStaffId: staffId });
    expect(refunded.filter((id) => id === rows[0]?.id)).toHaveLength(1);
  });

  it('keeps one row per cause in the database itself', async () => {
    const invoice = await newInvoice();
    const payment = await paidSandboxPayment(invoice);
    const row = { tenantId: klinik.id, paymentId: payment.id, amount: 100, reason: 'slot_lost' as const };
    await database.db.insert(refunds).values(row);
    await expect(database.db.insert(refunds).values(row)).rejects.toThrow();
    await expect(database.db.insert(refunds).values({ ...row, reason: 'staff', amount: 0 })).rejects.toThrow();
    const staffRows = await database.db
      .insert(refunds)
      .values([
        { ...row, reason: 'staff' },
        { ...row, reason: 'staff' },
      ])
      .returning();
    expect(staffRows).toHaveLength(2);
    expect(
      await database.db
        .select()
        .from(refunds)
        .where(and(eq(refunds.paymentId, payment.id), eq(refunds.reason, 'slot_lost'))),
    ).toHaveLength(1);
  });
});
