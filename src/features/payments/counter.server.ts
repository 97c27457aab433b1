import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { type InvoiceStatus, type InvoiceView, isPayable } from '#features/invoices/index.ts';
import { insertPayment, lockInvoice, type PaymentRow, pendingCounterPayment } from './payment-repo.server';
import { type SettleResult, settlePayment } from './settle-payment.server';

export type CounterResult =
  | (SettleResult & { changed: true })
  | { changed: false; payment: PaymentRow | null; reason: 'already_paid' | 'not_payable' };

/**
 * Staff took the money at the counter: the invoice's pending counter payment (or a new one for the
 * invoice total) is settled as paid through the one settlement function, recording who and when.
 * Several clicks at once (two tabs, a double click, two staff) record one paid payment: the
 * invoice row is locked while its one pending counter payment is found or made, and again while
 * it settles, so every later click finds the invoice paid and is told so ('already_paid').
 */
export async function markPaidAtCounter(
  db: Db,
  input: { tenantId: string; invoice: InvoiceView; staffId: string; now?: Date },
): Promise<CounterResult> {
  const refused = (status: string | null | undefined, payment: PaymentRow | null = null): CounterResult => ({
    changed: false,
    payment,
    reason: status === 'paid' ? 'already_paid' : 'not_payable',
  });
  if (!isPayable(input.invoice.status)) return refused(input.invoice.status);
  const pending = await transaction(
    db,
    async (tx) => {
      const invoice = await lockInvoice(tx, input.tenantId, input.invoice.id);
      if (!invoice || !isPayable(invoice.status)) return { payment: null, status: invoice?.status ?? null };
      const payment =
        (await pendingCounterPayment(tx, input.tenantId, input.invoice.id)) ??
        (await insertPayment(tx, {
          tenantId: input.tenantId,
          invoiceId: input.invoice.id,
          provider: 'counter',
          method: 'counter',
          amount: input.invoice.subtotal,
          fee: 0,
        }));
      return { payment, status: invoice.status };
    },
    { name: 'counter-payment' },
  );
  if (!pending.payment) return refused(pending.status);
  let status: InvoiceStatus | null = null;
  const settled = await settlePayment(db, {
    tenantId: input.tenantId,
    paymentId: pending.payment.id,
    status: 'paid',
    via: 'staff',
    staffId: input.staffId,
    ...(input.now ? { now: input.now } : {}),
    // Paid meanwhile (another click, an online payment): leave this payment pending, change nothing.
    before: async (tx) => {
      status = (await lockInvoice(tx, input.tenantId, input.invoice.id))?.status ?? null;
      return status !== null && isPayable(status);
    },
  });
  if (settled.changed) return { ...settled, changed: true };
  return refused(status ?? (settled.payment?.status === 'paid' ? 'paid' : null), settled.payment);
}
