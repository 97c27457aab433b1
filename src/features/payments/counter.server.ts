import type { Db } from '../../db/client.server';
import { type InvoiceView, isPayable } from '../invoices';
import { insertPayment, pendingCounterPayment } from './payment-repo.server';
import { type SettleResult, settlePayment } from './settle-payment.server';

/**
 * Staff took the money at the counter: the invoice's pending counter payment (or a new one for the
 * invoice total) is settled as paid through the one settlement function, recording who and when.
 */
export async function markPaidAtCounter(
  db: Db,
  input: { tenantId: string; invoice: InvoiceView; staffId: string; now?: Date },
): Promise<SettleResult | { changed: false; payment: null; reason: 'not_payable' }> {
  if (!isPayable(input.invoice.status)) return { changed: false, payment: null, reason: 'not_payable' };
  const payment =
    (await pendingCounterPayment(db, input.tenantId, input.invoice.id)) ??
    (await insertPayment(db, {
      tenantId: input.tenantId,
      invoiceId: input.invoice.id,
      provider: 'counter',
      method: 'counter',
      amount: input.invoice.subtotal,
      fee: 0,
    }));
  return settlePayment(db, {
    tenantId: input.tenantId,
    paymentId: payment.id,
    status: 'paid',
    via: 'staff',
    staffId: input.staffId,
    ...(input.now ? { now: input.now } : {}),
  });
}
