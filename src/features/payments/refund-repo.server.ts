// The refunds table's reads, and the payment lock a refund takes first. Every query takes the tenant.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { invoices, payments, refunds } from '#db/schema/index.ts';
import type { PaymentRow } from './payment-repo.server';
import type { RefundRow } from './refunds.server';

/** The payment, locked against other refunds until the transaction ends, with its currency. */
export async function lockPayment(tx: Db, tenantId: string, paymentId: string) {
  const [row] = await tx
    .select({ payment: payments, currency: invoices.currencyCode })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.tenantId, tenantId)))
    .where(ofTenant(payments, tenantId, eq(payments.id, paymentId)))
    .for('no key update', { of: payments });
  return row ?? null;
}

/** What is already going back on a payment (every refund but the failed ones). */
export async function refundedSoFar(tx: Db, tenantId: string, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(ofTenant(refunds, tenantId, eq(refunds.paymentId, paymentId), ne(refunds.status, 'failed')));
  return Number(row?.total ?? 0);
}

/** The refunds of one payment, oldest first. */
export function refundsOfPayment(db: Db, tenantId: string, paymentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(ofTenant(refunds, tenantId, eq(refunds.paymentId, paymentId)))
    .orderBy(asc(refunds.requestedAt), asc(refunds.id));
}

/** The payment that paid an invoice (the first one settled as paid), if any. */
export async function paidPaymentOf(db: Db, tenantId: string, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(ofTenant(payments, tenantId, eq(payments.invoiceId, invoiceId), eq(payments.status, 'paid')))
    .orderBy(asc(payments.settledAt), asc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * What goes back on an invoice, for the payer's pages: the total of its refunds (failed ones
 * aside), and whether all of it has been given back. Null when nothing is owed.
 */
export async function refundOfInvoice(
  db: Db,
  tenantId: string,
  invoiceId: string,
): Promise<{ amount: number; status: 'due' | 'refunded' } | null> {
  const rows = await db
    .select({ amount: refunds.amount, status: refunds.status })
    .from(refunds)
    .innerJoin(payments, and(eq(payments.id, refunds.paymentId), eq(payments.tenantId, tenantId)))
    .where(ofTenant(refunds, tenantId, eq(payments.invoiceId, invoiceId), ne(refunds.status, 'failed')));
  if (rows.length === 0) return null;
  return {
    amount: rows.reduce((sum, row) => sum + row.amount, 0),
    status: rows.every((row) => row.status === 'succeeded') ? 'refunded' : 'due',
  };
}
