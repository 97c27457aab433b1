import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { paymentEvents, payments } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { findInvoiceRow, type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import { events } from '#server/events/index.ts';
import { gatewaySuite } from './gateway-test-support.ts';
import { markPaidAtCounter, settlePayment, storedPaymentState, verifyPayment } from './index.server.ts';
import { receiptsOf } from './test-support.ts';

composeApp();

// Settling payments: webhooks replayed and raced, declines, verifications, counter payments,
// and the effects that run once the payment is committed.
describe.each(testDatabaseKinds)('settling payments on %s', (kind) => {
  const t = gatewaySuite(kind);

  it('charges the covered fee and records it on the paid invoice', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice, true);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ amount: 10_235, fee: 235, status: 'pending' });
    await t.webhook(`evt-fee-${paymentId}`, paymentId);
    const paid = await invoiceByPublicId(t.db, t.klinik, invoice.publicId);
    expect(paid).toMatchObject({ status: 'paid', subtotal: 10_000, fee: 235, total: 10_235 });
  });

  it('settles once when the same webhook arrives 10 times', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice);
    const results = [];
    for (let i = 0; i < 10; i += 1) results.push(await t.webhook('evt-replayed-1', paymentId));
    expect(results.map((r) => (r.status === 200 ? r.outcome : 'error'))).toEqual([
      'settled',
      ...Array(9).fill('duplicate'),
    ]);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt-replayed-1'))).toHaveLength(1);
    expect(t.paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
  });

  it('settles once when the same webhook event arrives 10 times at once', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.webhook('evt-concurrent-1', paymentId)));
    const outcomes = results.map((r) => (r.status === 200 ? r.outcome : 'error')).sort();
    expect(outcomes).toEqual(['settled', ...Array(9).fill('duplicate')].sort());
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt-concurrent-1'))).toHaveLength(
      1,
    );
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'paid', settledVia: 'webhook' });
    expect(t.paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
    expect(await receiptsOf(t.db, invoice)).toBe(1);
  });

  it('records a declined attempt without settling: a later success on the same payment is paid once', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice);
    expect(await t.webhook(`evt-declined-${paymentId}`, paymentId, 'declined')).toEqual({
      status: 200,
      outcome: 'declined',
    });
    const [declined] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(declined).toMatchObject({ status: 'declined', settledAt: null });
    expect((await invoiceByPublicId(t.db, t.klinik, invoice.publicId))?.status).toBe('failed');
    // The verify page says "Payment failed" (Try again / Verify again) while the gateway agrees.
    t.gateway.outcomes.set(paymentId, 'declined');
    const verified = await verifyPayment(t.db, t.providers, {
      tenantId: t.klinik.id,
      invoiceId: invoice.id,
      paymentId,
    });
    expect(verified?.status).toBe('failed');

    // The payer confirms again on the same provider payment and it succeeds.
    t.gateway.outcomes.set(paymentId, 'paid');
    expect(await t.webhook(`evt-succeeded-${paymentId}`, paymentId, 'paid')).toEqual({
      status: 200,
      outcome: 'settled',
    });
    expect(await t.webhook(`evt-succeeded-${paymentId}`, paymentId, 'paid')).toEqual({
      status: 200,
      outcome: 'duplicate',
    });
    // A decline delivered late (out of order) changes nothing any more.
    expect(await t.webhook(`evt-declined-late-${paymentId}`, paymentId, 'declined')).toEqual({
      status: 200,
      outcome: 'already_final',
    });
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(paid?.status).toBe('paid');
    expect((await invoiceByPublicId(t.db, t.klinik, invoice.publicId))?.status).toBe('paid');
    expect(t.paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
    expect(await receiptsOf(t.db, invoice)).toBe(1);
    const verifiedAgain = await verifyPayment(t.db, t.providers, {
      tenantId: t.klinik.id,
      invoiceId: invoice.id,
      paymentId,
    });
    expect(verifiedAgain?.status).toBe('paid');
  });

  it('settles a declined payment once when declines, successes and verifications race', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice);
    await t.webhook(`evt-race-declined-${paymentId}`, paymentId, 'declined');
    t.gateway.outcomes.set(paymentId, 'paid');
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? t.webhook(`evt-race-ok-${i}-${paymentId}`, paymentId, 'paid')
          : i % 3 === 1
            ? t.webhook(`evt-race-no-${i}-${paymentId}`, paymentId, 'declined')
            : verifyPayment(t.db, t.providers, { tenantId: t.klinik.id, invoiceId: invoice.id, paymentId }),
      ),
    );
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('paid');
    expect(t.paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
    expect(await receiptsOf(t.db, invoice)).toBe(1);
  });

  it('settles once when webhooks and verifications race (50 at once)', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice);
    t.gateway.outcomes.set(paymentId, 'paid');
    const racers = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? t.webhook(`evt-race-${i}`, paymentId).then((r) => r.status === 200 && r.outcome === 'settled')
        : verifyPayment(t.db, t.providers, { tenantId: t.klinik.id, invoiceId: invoice.id, paymentId }).then(
            () => false,
          ),
    );
    await Promise.all(racers);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('paid');
    expect(t.paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
  });

  it('changes nothing on a bad signature', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice);
    const result = await t.webhook('evt-forged', paymentId, 'paid', 'forged');
    expect(result.status).toBe(400);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment?.status).toBe('pending');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt-forged'))).toHaveLength(0);
  });

  it('lets a failed payment be tried again, and ignores a late failure after success', async () => {
    const invoice = await t.newInvoice();
    const first = await t.startPayment(invoice);
    await t.webhook(`evt-fail-${first}`, first, 'failed');
    expect((await invoiceByPublicId(t.db, t.klinik, invoice.publicId))?.status).toBe('failed');
    const again = await invoiceByPublicId(t.db, t.klinik, invoice.publicId);
    const second = await t.startPayment(again as InvoiceView);
    await t.webhook(`evt-ok-${second}`, second, 'paid');
    await t.webhook(`evt-late-${second}`, second, 'failed');
    expect((await invoiceByPublicId(t.db, t.klinik, invoice.publicId))?.status).toBe('paid');
  });

  it('marks a counter payment paid by staff, with who and when, once', async () => {
    const invoice = await t.newInvoice();
    const staffRow = await t.db.query.staff.findFirst({
      where: (s, { eq: is }) => is(s.email, 'staff@kliniksihat.my'),
    });
    if (!staffRow) throw new Error('demo staff missing');
    const at = new Date('2026-11-22T03:00:00Z');
    const first = await markPaidAtCounter(t.db, { tenantId: t.klinik.id, invoice, staffId: staffRow.id, now: at });
    expect(first.changed).toBe(true);
    expect(first.payment).toMatchObject({
      status: 'paid',
      method: 'counter',
      settledVia: 'staff',
      settledByStaffId: staffRow.id,
    });
    expect(first.payment?.settledAt?.toISOString()).toBe(at.toISOString());
    const paid = (await invoiceByPublicId(t.db, t.klinik, invoice.publicId)) as InvoiceView;
    const second = await markPaidAtCounter(t.db, { tenantId: t.klinik.id, invoice: paid, staffId: staffRow.id });
    expect(second.changed).toBe(false);
  });

  it('tells an open verify page where the payment stands now (the settlement it may have missed)', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice);
    const state = () =>
      invoiceByPublicId(t.db, t.klinik, invoice.publicId).then((now) =>
        storedPaymentState(t.db, {
          tenantId: t.klinik.id,
          invoiceId: invoice.id,
          invoiceStatus: now?.status ?? 'open',
          paymentId,
        }),
      );
    expect(await state()).toEqual({ invoice: 'open', payment: 'pending' });
    await t.webhook(`evt-missed-${paymentId}`, paymentId);
    expect(await state()).toEqual({ invoice: 'paid', payment: 'paid' });
  });

  it('a cancelled payment leaves the invoice open (nothing failed); a failed one marks it failed', async () => {
    const statusAfter = async (status: 'cancelled' | 'failed') => {
      const invoice = await t.newInvoice();
      await settlePayment(t.db, {
        tenantId: t.klinik.id,
        paymentId: await t.startPayment(invoice),
        status,
        via: 'verify',
      });
      return t.statusOf(invoice);
    };
    expect(await statusAfter('cancelled')).toBe('open');
    expect(await statusAfter('failed')).toBe('failed');
  });

  it('settles only pending payments: a second settlement is a no-op', async () => {
    const invoice = await t.newInvoice();
    const paymentId = await t.startPayment(invoice);
    const a = await settlePayment(t.db, { tenantId: t.klinik.id, paymentId, status: 'paid', via: 'verify' });
    const b = await settlePayment(t.db, { tenantId: t.klinik.id, paymentId, status: 'failed', via: 'webhook' });
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
        const row = await findInvoiceRow(t.db, t.klinik.id, event.invoice.id);
        seen.push({ publicId: event.invoice.publicId, committed: row?.status === 'paid' });
      };
    });
    try {
      const invoice = await t.newInvoice();
      await settlePayment(t.db, {
        tenantId: t.klinik.id,
        paymentId: await t.startPayment(invoice),
        status: 'paid',
        via: 'verify',
      });
      expect(seen).toEqual([{ publicId: invoice.publicId, committed: true }]);

      failing.on = true;
      const other = await t.newInvoice();
      const paymentId = await t.startPayment(other);
      await expect(
        settlePayment(t.db, { tenantId: t.klinik.id, paymentId, status: 'paid', via: 'verify' }),
      ).rejects.toThrow('effect failed');
      expect(seen).toHaveLength(1);
    } finally {
      events.on('invoice.paid', 'test-after-commit', async () => {});
    }
  });
});
