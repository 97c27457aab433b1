import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { payments } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import { events } from '#server/events/index.ts';
import {
  appProviders,
  createPayment,
  markPaidAtCounter,
  type PaymentProvider,
  verifyPayment,
  verifyPendingPayments,
} from './index.server.ts';
import { klinikOnTwoInstances } from './instances-test-support.ts';
import { payerChoice } from './test-support.ts';

// Effects of payment as the running app registers them.
composeApp();

/** A gateway stand-in: the status each payment has there, and which payments it was asked about. */
function fakeGateway() {
  const outcomes = new Map<string, 'pending' | 'paid' | 'failed' | 'down'>();
  const asked: string[] = [];
  const gateway: PaymentProvider = {
    name: 'sandbox',
    createPayment: async () => ({ kind: 'offline' }),
    async fetchStatus(payment) {
      asked.push(payment.id);
      const outcome = outcomes.get(payment.id) ?? 'pending';
      if (outcome === 'down') throw new Error('gateway unavailable');
      return { status: outcome };
    },
    parseWebhook: async () => {
      throw new Error('not used');
    },
    refund: async () => {
      throw new Error('not used');
    },
  };
  return { outcomes, asked, providers: { byName: () => gateway } };
}

// Staff clicks and payer choices at once, as two app instances sharing one database see them: on
// PostgreSQL every call runs on its own pooled connection, half through a second pool.
describe.each(testDatabaseKinds)('payment races on %s', (kind) => {
  const t = klinikOnTwoInstances(kind);
  const paidEvents: string[] = [];

  beforeAll(() => {
    events.on('invoice.paid', 'payment-races-recorder', async (_tx, event) => {
      paidEvents.push(event.invoice.id);
    });
  });

  const paymentsOf = (invoiceId: string) =>
    t.db
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, t.klinik.id), eq(payments.invoiceId, invoiceId)));

  it('records one paid counter payment for 20 "Mark paid" clicks at once; the others hear it was already paid', async () => {
    const invoice = await t.newInvoice();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        markPaidAtCounter(t.via(i), { tenantId: t.klinik.id, invoice, staffId: t.staffId }),
      ),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.filter((r) => !r.changed).map((r) => !r.changed && r.reason)).toEqual(
      Array.from({ length: 19 }, () => 'already_paid'),
    );
    const recorded = await paymentsOf(invoice.id);
    expect(recorded.filter((p) => p.status === 'paid')).toHaveLength(1);
    expect(recorded.filter((p) => p.failureReason === 'refund_due_invoice_already_paid')).toEqual([]);
    expect(recorded).toHaveLength(1); // no stray pending counter payments either
    expect((await invoiceByPublicId(t.db, t.klinik, invoice.publicId))?.status).toBe('paid');
  });

  it('settles the payer’s own counter choice once when staff click several times', async () => {
    const invoice = await t.newInvoice();
    // The payer chose the counter, several times at once: one pending counter payment.
    const chosen = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createPayment(
          t.via(i),
          appProviders(t.via(i)),
          payerChoice(t.klinik, invoice, `10.77.0.${i}`, { method: 'counter' }),
        ),
      ),
    );
    expect(chosen.every((c) => c.ok)).toBe(true);
    expect(new Set(chosen.map((c) => (c.ok ? c.paymentId : null))).size).toBe(1);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        markPaidAtCounter(t.via(i), { tenantId: t.klinik.id, invoice, staffId: t.staffId }),
      ),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.filter((r) => !r.changed).every((r) => !r.changed && r.reason === 'already_paid')).toBe(true);
    const recorded = await paymentsOf(invoice.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'paid', method: 'counter', settledByStaffId: t.staffId });
  });

  describe('the pending-payment check', () => {
    const now = new Date();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    const gatewayPayment = async (createdAt: Date, provider: 'sandbox' | 'counter' = 'sandbox') => {
      const invoice = await t.newInvoice();
      const [row] = await t.db
        .insert(payments)
        .values({
          tenantId: t.klinik.id,
          invoiceId: invoice.id,
          provider,
          method: provider === 'counter' ? 'counter' : 'card',
          amount: invoice.subtotal,
          fee: 0,
          providerRef: provider === 'counter' ? null : `ref-${invoice.id}`,
          createdAt,
        })
        .returning();
      if (!row) throw new Error('payment not created');
      return { invoice, payment: row };
    };
    const statusOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]?.status;

    it('settles, exactly once, a payment completed at the gateway that nobody came back for', async () => {
      const gateway = fakeGateway();
      const completed = await gatewayPayment(minutesAgo(10));
      gateway.outcomes.set(completed.payment.id, 'paid');
      const declined = await gatewayPayment(minutesAgo(30));
      gateway.outcomes.set(declined.payment.id, 'failed');
      // Several instances run the check while the payer's return page verifies too.
      const runs = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => verifyPendingPayments(t.via(i), () => now, gateway.providers)),
        verifyPayment(t.via(1), gateway.providers, {
          tenantId: t.klinik.id,
          invoiceId: completed.invoice.id,
          paymentId: completed.payment.id,
        }),
      ]);
      expect(runs.length).toBe(5);
      expect(await statusOf(completed.payment.id)).toBe('paid');
      expect(await statusOf(declined.payment.id)).toBe('failed');
      expect((await invoiceByPublicId(t.db, t.klinik, completed.invoice.publicId))?.status).toBe('paid');
      expect(paidEvents.filter((id) => id === completed.invoice.id)).toHaveLength(1);
      expect(await paymentsOf(completed.invoice.id)).toHaveLength(1);
      // Once settled, later runs leave it alone.
      const later = fakeGateway();
      await verifyPendingPayments(t.db, () => now, later.providers);
      expect(later.asked).not.toContain(completed.payment.id);
    });

    it('leaves alone fresh, abandoned, still-pending and counter payments, and survives a gateway that is down', async () => {
      const gateway = fakeGateway();
      const fresh = await gatewayPayment(minutesAgo(2)); // its payer may still be at the gateway
      gateway.outcomes.set(fresh.payment.id, 'paid');
      const abandoned = await gatewayPayment(minutesAgo(12 * 60));
      gateway.outcomes.set(abandoned.payment.id, 'paid');
      const waiting = await gatewayPayment(minutesAgo(20));
      const counter = await gatewayPayment(minutesAgo(20), 'counter');
      const down = await gatewayPayment(minutesAgo(15));
      gateway.outcomes.set(down.payment.id, 'down');
      const afterDown = await gatewayPayment(minutesAgo(16));
      gateway.outcomes.set(afterDown.payment.id, 'paid');

      const result = await verifyPendingPayments(t.db, () => now, gateway.providers);
      expect(gateway.asked).toEqual(
        expect.arrayContaining([waiting.payment.id, down.payment.id, afterDown.payment.id]),
      );
      for (const skipped of [fresh, abandoned, counter]) expect(gateway.asked).not.toContain(skipped.payment.id);
      expect(await statusOf(fresh.payment.id)).toBe('pending');
      expect(await statusOf(abandoned.payment.id)).toBe('pending');
      expect(await statusOf(waiting.payment.id)).toBe('pending');
      expect(await statusOf(counter.payment.id)).toBe('pending');
      expect(await statusOf(down.payment.id)).toBe('pending');
      expect(await statusOf(afterDown.payment.id)).toBe('paid');
      expect(result.settled).toBe(1);
    });
  });
});
