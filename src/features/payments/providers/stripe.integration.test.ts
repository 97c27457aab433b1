import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { paymentEvents, payments } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { createPayment, handleWebhook, type PaymentProvider, verifyPayment } from '../index.server.ts';
import { aConsultationInvoice, logLines, payerChoice, receiptsOf } from '../test-support.ts';
import { signedByStripe, stripeEvent, stripeStandIn } from './stripe-test-support.ts';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

// A Stripe card payment from start to settlement, offline: PaymentIntents from a local stand-in of
// api.stripe.com, webhooks signed with the SDK's own generateTestHeaderString and verified by it.

describe.each(testDatabaseKinds)('Stripe through to settlement on %s', (kind) => {
  const api = stripeStandIn();
  let database: TestDatabase;
  let klinik: Tenant;
  let stripe: PaymentProvider;
  const providers = { forMethod: () => stripe, byName: () => stripe };
  const intents = api.intents;

  beforeAll(async () => {
    stripe = api.provider();
    database = await createTestDatabase(kind);
    klinik = await aTenant(database.db, 'klinik');
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  async function startCardPayment(): Promise<{ invoice: InvoiceView; paymentId: string; intentId: string }> {
    const invoice = await aConsultationInvoice(database.db, klinik, {
      amount: 12_000,
      contact: { name: 'Card Payer', email: 'card@example.my' },
    });
    const started = await createPayment(database.db, providers, payerChoice(klinik, invoice, `10.7.${intents.size}.1`));
    if (!started.ok || started.start.kind !== 'client_secret') throw new Error('no PaymentIntent');
    return { invoice, paymentId: started.paymentId, intentId: started.start.providerRef };
  }

  /** Stripe's delivery of an event about the intent as it stands, signed with the SDK's test helper. */
  function deliver(eventId: string, type: string, intentId: string) {
    const rawBody = stripeEvent(eventId, type, intents.get(intentId));
    return handleWebhook(database.db, stripe, { headers: signedByStripe(rawBody), rawBody });
  }
  const receipts = (invoice: InvoiceView) => receiptsOf(database.db, invoice);

  it('settles a signed payment_intent.succeeded, once, however often it is delivered', async () => {
    const { invoice, paymentId, intentId } = await startCardPayment();
    (intents.get(intentId) as Record<string, unknown>).status = 'succeeded';
    const results = await Promise.all(
      Array.from({ length: 10 }, () => deliver('evt_it_succeeded_1', 'payment_intent.succeeded', intentId)),
    );
    expect(results.map((r) => (r.status === 200 ? r.outcome : 'error')).sort()).toEqual(
      ['settled', ...Array(9).fill('duplicate')].sort(),
    );
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'paid', provider: 'stripe', providerRef: intentId, settledVia: 'webhook' });
    expect(
      await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_it_succeeded_1')),
    ).toHaveLength(1);
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('paid');
    expect(await receipts(invoice)).toBe(1);
  });

  it('a declined card, then a successful retry on the same PaymentIntent: paid, one event, one receipt', async () => {
    const { invoice, paymentId, intentId } = await startCardPayment();
    const intent = intents.get(intentId) as Record<string, unknown>;
    intent.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
    expect(await deliver('evt_it_failed_1', 'payment_intent.payment_failed', intentId)).toEqual({
      status: 200,
      outcome: 'declined',
    });
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('failed');
    const onReturn = await verifyPayment(database.db, providers, {
      tenantId: klinik.id,
      invoiceId: invoice.id,
      paymentId,
    });
    expect(onReturn).toMatchObject({
      status: 'failed',
      payment: { status: 'declined', failureReason: 'Your card was declined.' },
    });

    // The payer confirms again with another card in the same Payment Element.
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    expect(await deliver('evt_it_succeeded_2', 'payment_intent.succeeded', intentId)).toEqual({
      status: 200,
      outcome: 'settled',
    });
    expect(await deliver('evt_it_succeeded_2', 'payment_intent.succeeded', intentId)).toEqual({
      status: 200,
      outcome: 'duplicate',
    });
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('paid');
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('paid');
    expect(await receipts(invoice)).toBe(1);
    expect(
      (await verifyPayment(database.db, providers, { tenantId: klinik.id, invoiceId: invoice.id, paymentId }))?.status,
    ).toBe('paid');
  });

  it("settles nothing on a signed webhook whose amount or currency is not the payment's, and logs it without personal data", async () => {
    const { invoice, paymentId, intentId } = await startCardPayment();
    const intent = intents.get(intentId) as Record<string, unknown>;
    const amount = intent.amount;
    intent.status = 'succeeded';
    const lines = await logLines(async () => {
      intent.amount = 1; // a payment_intent for RM0.01 claimed as this RM120 payment
      expect(await deliver('evt_it_amount_1', 'payment_intent.succeeded', intentId)).toEqual({
        status: 200,
        outcome: 'mismatch',
      });
      intent.amount = amount;
      intent.currency = 'usd';
      expect(await deliver('evt_it_currency_1', 'payment_intent.succeeded', intentId)).toEqual({
        status: 200,
        outcome: 'mismatch',
      });
      // "Verify again" and the pending check ask Stripe, which says the same: still nothing settles.
      expect(
        (await verifyPayment(database.db, providers, { tenantId: klinik.id, invoiceId: invoice.id, paymentId }))
          ?.payment.status,
      ).toBe('pending');
    });
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('pending');
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('open');
    expect(await receipts(invoice)).toBe(0);
    const mismatches = lines.filter((line) => line.includes('differs from the payment'));
    expect(
      mismatches.some((line) => line.includes('"eventId":"evt_it_amount_1"') && line.includes('"differs":"amount"')),
    ).toBe(true);
    expect(
      mismatches.some(
        (line) => line.includes('"eventId":"evt_it_currency_1"') && line.includes('"differs":"currency"'),
      ),
    ).toBe(true);
    expect(lines.join('\n')).not.toMatch(/Card Payer|card@example\.my/);

    // The right amount in the right currency settles it.
    intent.currency = 'myr';
    expect(await deliver('evt_it_amount_2', 'payment_intent.succeeded', intentId)).toEqual({
      status: 200,
      outcome: 'settled',
    });
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('paid');
    expect(await receipts(invoice)).toBe(1);
  });

  it('the return page settles the retry even when the success webhook never comes', async () => {
    const { invoice, paymentId, intentId } = await startCardPayment();
    const intent = intents.get(intentId) as Record<string, unknown>;
    intent.last_payment_error = { type: 'card_error', message: 'Your card has insufficient funds.' };
    await deliver('evt_it_failed_3', 'payment_intent.payment_failed', intentId);
    intent.status = 'succeeded';
    const verified = await verifyPayment(database.db, providers, {
      tenantId: klinik.id,
      invoiceId: invoice.id,
      paymentId,
    });
    expect(verified).toMatchObject({ status: 'paid', payment: { status: 'paid', settledVia: 'verify' } });
    expect(await receipts(invoice)).toBe(1);
  });
});
