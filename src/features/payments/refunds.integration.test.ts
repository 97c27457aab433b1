import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { payments } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { transaction } from '#db/transaction.server.ts';
import { sandboxChargeById } from './providers/sandbox-repo.server';
import { refundSuite } from './refund-test-support.ts';
import { recordRefundDue, refundDueThroughGateway } from './refunds.server';
import { settlePayment } from './settle-payment.server';

// Effects of payment as the running app registers them.
composeApp();

// Refunds through the gateway, as two app instances sharing one database see them: on PostgreSQL
// every call runs on its own pooled connection, half through a second pool.
describe.each(testDatabaseKinds)('refunds on %s', (kind) => {
  const t = refundSuite(kind);

  it('records a due refund, once, when an invoice is paid twice — no magic string on the payment', async () => {
    const invoice = await t.newInvoice();
    const first = await t.paidSandboxPayment(invoice);
    const twice = await t.pendingPayment(invoice, { method: 'fpx' });
    // The second payment's success arrives several times at once (webhook retries, the verify page).
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        settlePayment(t.via(i), { tenantId: t.klinik.id, paymentId: twice.id, status: 'paid', via: 'webhook' }),
      ),
    );
    expect(await t.refundRows(first.id)).toEqual([]);
    const rows = await t.refundRows(twice.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'paid_twice', status: 'due', amount: invoice.total, completedAt: null });
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, twice.id));
    expect(payment).toMatchObject({ status: 'paid', failureReason: null });
    // Reported again later (a late webhook replay, another path): still one row.
    await transaction(t.db, (tx) =>
      recordRefundDue(tx, { tenantId: t.klinik.id, paymentId: twice.id, reason: 'paid_twice' }),
    );
    expect(await t.refundRows(twice.id)).toHaveLength(1);
  });

  it('records a refund once for one cause when 12 calls race, through the gateway, with one event', async () => {
    const invoice = await t.newInvoice();
    const payment = await t.paidSandboxPayment(invoice);
    const results = await t.refundRace(12, { paymentId: payment.id, reason: 'booking_cancelled' });
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.changed)).toHaveLength(1);
    const rows = await t.refundRows(payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: 'booking_cancelled',
      status: 'succeeded',
      amount: invoice.total,
      recordedByStaffId: t.staffId,
      providerRef: `re_${rows[0]?.id}`,
    });
    expect(t.refunded.filter((id) => id === rows[0]?.id)).toHaveLength(1);
    // The gateway gave the money back once, and says so when asked (sandbox round trip).
    expect((await sandboxChargeById(t.db, payment.id))?.amountRefunded).toBe(invoice.total);
    expect(await t.providers.byName('sandbox').fetchStatus({ id: payment.id, providerRef: payment.id })).toEqual({
      status: 'paid',
      charged: { amount: invoice.total, currency: t.klinik.currency.code },
      amountRefunded: invoice.total,
    });
  });

  it('never refunds above the payment, even when staff refunds race', async () => {
    const invoice = await t.newInvoice(8_500);
    const payment = await t.paidSandboxPayment(invoice);
    const results = await t.refundRace(6, { paymentId: payment.id, reason: 'staff', amount: 3_000 });
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(
      Array.from({ length: 4 }, () => 'exceeds_payment'),
    );
    const over = await t.refund({ paymentId: payment.id, reason: 'staff', amount: 2_501 });
    expect(over).toEqual({ ok: false, reason: 'exceeds_payment' });
    for (const amount of [0, -5, 1.5]) {
      expect(await t.refund({ paymentId: payment.id, reason: 'staff', amount })).toEqual({
        ok: false,
        reason: 'exceeds_payment',
      });
    }
    // The rest still fits, exactly.
    const rest = await t.refund({ paymentId: payment.id, reason: 'staff', amount: 2_500 });
    expect(rest.ok).toBe(true);
    const rows = await t.refundRows(payment.id);
    expect(rows.map((r) => r.amount).reduce((a, b) => a + b, 0)).toBe(8_500);
    expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
    expect((await sandboxChargeById(t.db, payment.id))?.amountRefunded).toBe(8_500);
    // An automatic cause finds nothing left either.
    expect(
      await transaction(t.db, (tx) =>
        recordRefundDue(tx, { tenantId: t.klinik.id, paymentId: payment.id, reason: 'slot_lost' }),
      ),
    ).toBeNull();
  });

  it('marks a refund the gateway refused as failed, and retries that same row later', async () => {
    const invoice = await t.newInvoice();
    const payment = await t.paidSandboxPayment(invoice);
    // The gateway's charge is not refundable yet (say it was disputed): it refuses.
    await t.db.execute(sql`update sandbox_charges set status = 'requires_action' where id = ${payment.id}`);
    const refused = await t.refund({ paymentId: payment.id, reason: 'slot_lost' });
    expect(refused).toEqual({ ok: false, reason: 'provider_failed' });
    const [failed] = await t.refundRows(payment.id);
    expect(failed).toMatchObject({ status: 'failed', failureReason: expect.stringMatching(/cannot be refunded/) });
    await t.db.execute(sql`update sandbox_charges set status = 'succeeded' where id = ${payment.id}`);
    const retried = await t.refund({ paymentId: payment.id, reason: 'slot_lost' });
    expect(retried.ok && retried.refund).toMatchObject({ id: failed?.id, status: 'succeeded', failureReason: null });
    expect(await t.refundRows(payment.id)).toHaveLength(1);
    expect((await sandboxChargeById(t.db, payment.id))?.amountRefunded).toBe(invoice.total);
  });

  it('gives back what is due through the gateway when staff ask, once, leaving counter money to staff', async () => {
    const invoice = await t.newInvoice();
    await t.paidSandboxPayment(invoice);
    const twice = await t.paidSandboxPayment(invoice); // paid again: a refund of it is due
    const [due] = await t.refundRows(twice.id);
    expect(due).toMatchObject({ reason: 'paid_twice', status: 'due' });
    const before = t.refunded.length;
    const input = { tenantId: t.klinik.id, invoiceId: invoice.id, staffId: t.staffId };
    const runs = await Promise.all([0, 1, 2].map((i) => refundDueThroughGateway(t.via(i), t.providers, input)));
    expect(runs.reduce((sum, run) => sum + run.refunded, 0)).toBeGreaterThanOrEqual(1);
    expect(runs.every((run) => run.failed === 0)).toBe(true);
    expect(t.refunded.length - before).toBe(1);
    expect(await t.refundRows(twice.id)).toMatchObject([
      { id: due?.id, status: 'succeeded', recordedByStaffId: t.staffId },
    ]);
    expect((await sandboxChargeById(t.db, twice.id))?.amountRefunded).toBe(invoice.total);
    expect(await refundDueThroughGateway(t.db, t.providers, input)).toEqual({ refunded: 0, failed: 0 });
  });
});
