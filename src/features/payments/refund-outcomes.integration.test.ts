import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { refunds } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { transaction } from '#db/transaction.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { handleWebhook } from './handle-webhook.server';
import type { VerifiedEvent } from './provider';
import { refundSuite, refundsConfirmedLater, refundWebhookFrom } from './refund-test-support.ts';
import { recordRefundsMade, refundPayment } from './refunds.server';
import { settlePayment } from './settle-payment.server';

// Effects of payment as the running app registers them.
composeApp();

// How refunds end after they are asked for: a gateway's later webhook, cash handed back at the
// counter, refusals, and the database's own guard of one row per cause; on two app instances.
describe.each(testDatabaseKinds)('refund outcomes on %s', (kind) => {
  const t = refundSuite(kind);

  it('settles a refund the gateway finished later from its webhook, once, however often it is delivered', async () => {
    const invoice = await t.newInvoice();
    const payment = await t.paidSandboxPayment(invoice);
    // A gateway that takes the refund but confirms it later (Stripe answers `pending` for some methods).
    const later = refundsConfirmedLater('re_later');
    const asked = await refundPayment(t.db, later, {
      tenantId: t.klinik.id,
      paymentId: payment.id,
      reason: 'staff',
      amount: 500,
      staffId: t.staffId,
    });
    expect(asked.ok && asked.refund).toMatchObject({ status: 'pending', providerRef: 're_later' });
    const refundId = asked.ok ? asked.refund.id : '';
    const before = t.refunded.length;
    const gateway = (refund: VerifiedEvent['refund'], eventId: string) =>
      refundWebhookFrom(payment.id, eventId, 'refund.updated', refund);
    const done = gateway({ refundId, providerRef: 're_later', status: 'succeeded' }, `evt-refund-${refundId}`);
    const deliveries = await Promise.all(
      Array.from({ length: 6 }, (_, i) => handleWebhook(t.via(i), done, { headers: new Headers(), rawBody: '{}' })),
    );
    const outcomes = deliveries.map((d) => (d.status === 200 ? d.outcome : 'error')).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'refund_settled']);
    expect(t.refunded.length - before).toBe(1);
    const [row] = await t.refundRows(payment.id);
    expect(row).toMatchObject({ id: refundId, status: 'succeeded', providerRef: 're_later' });
    // A late "failed" for a refund already finished changes nothing.
    const late = gateway({ refundId, providerRef: 're_later', status: 'failed' }, `evt-refund-late-${refundId}`);
    expect(await handleWebhook(t.db, late, { headers: new Headers(), rawBody: '{}' })).toEqual({
      status: 200,
      outcome: 'already_final',
    });
    expect((await t.refundRows(payment.id))[0]?.status).toBe('succeeded');
  });

  it('marks a pending refund the gateway gave up on as failed, found by the gateway reference', async () => {
    const invoice = await t.newInvoice();
    const payment = await t.paidSandboxPayment(invoice);
    const later = refundsConfirmedLater('re_gone');
    await refundPayment(t.db, later, {
      tenantId: t.klinik.id,
      paymentId: payment.id,
      reason: 'staff',
      staffId: t.staffId,
    });
    const failed = refundWebhookFrom(payment.id, `evt-gone-${payment.id}`, 'refund.failed', {
      refundId: null,
      providerRef: 're_gone',
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
    expect(await handleWebhook(t.db, failed, { headers: new Headers(), rawBody: '{}' })).toEqual({
      status: 200,
      outcome: 'refund_settled',
    });
    expect((await t.refundRows(payment.id))[0]).toMatchObject({
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
  });

  it('refuses a refund of a payment that is not paid, or of another tenant', async () => {
    const invoice = await t.newInvoice();
    const open = await t.pendingPayment(invoice);
    expect(await t.refund({ paymentId: open.id, reason: 'staff' })).toEqual({ ok: false, reason: 'not_paid' });
    const peduli = await aTenant(t.db, 'peduli');
    expect(
      await refundPayment(t.db, t.providers, { tenantId: peduli.id, paymentId: open.id, reason: 'staff' }),
    ).toEqual({ ok: false, reason: 'not_found' });
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, open.id))).toEqual([]);
  });

  it('leaves a counter refund due until staff record handing the cash back, once', async () => {
    const invoice = await t.newInvoice();
    const payment = await t.pendingPayment(invoice, { provider: 'counter', method: 'counter' });
    await settlePayment(t.db, {
      tenantId: t.klinik.id,
      paymentId: payment.id,
      status: 'paid',
      via: 'staff',
      staffId: t.staffId,
    });
    const asked = await t.refund({ paymentId: payment.id, reason: 'booking_cancelled' });
    expect(asked.ok && asked.refund).toMatchObject({ status: 'due', completedAt: null, recordedByStaffId: null });
    const at = new Date('2026-11-20T03:00:00Z');
    const records = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        transaction(t.via(i), (tx) =>
          recordRefundsMade(tx, { tenantId: t.klinik.id, invoiceId: invoice.id, staffId: t.staffId, at }),
        ),
      ),
    );
    expect(records.flatMap((r) => r.refunds)).toHaveLength(1);
    const rows = await t.refundRows(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', completedAt: at, recordedByStaffId: t.staffId });
    expect(t.refunded.filter((id) => id === rows[0]?.id)).toHaveLength(1);
  });

  it('keeps one row per cause in the database itself', async () => {
    const invoice = await t.newInvoice();
    const payment = await t.paidSandboxPayment(invoice);
    const row = { tenantId: t.klinik.id, paymentId: payment.id, amount: 100, reason: 'slot_lost' as const };
    await t.db.insert(refunds).values(row);
    await expect(t.db.insert(refunds).values(row)).rejects.toThrow();
    await expect(t.db.insert(refunds).values({ ...row, reason: 'staff', amount: 0 })).rejects.toThrow();
    const staffRows = await t.db
      .insert(refunds)
      .values([
        { ...row, reason: 'staff' },
        { ...row, reason: 'staff' },
      ])
      .returning();
    expect(staffRows).toHaveLength(2);
    expect(
      await t.db
        .select()
        .from(refunds)
        .where(and(eq(refunds.paymentId, payment.id), eq(refunds.reason, 'slot_lost'))),
    ).toHaveLength(1);
  });
});
