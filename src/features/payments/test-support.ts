// Test helpers for payment suites: an invoice to pay, the payer's choice on the payment panel,
// the receipts a settlement queued, and what the logger wrote meanwhile.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { invoices, outbox, payments } from '#db/schema/index.ts';
import { type InvoiceView, invoiceVerifyPath, startCheckout } from '#features/invoices/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { type createPayment, settlePayment } from './index.server.ts';

export { logLines } from '#lib/logger-test-support.ts';

/** An open invoice of one consultation (RM100 unless told), as a booking's checkout makes it. */
export function aConsultationInvoice(
  db: Db,
  tenant: Tenant,
  options: { amount?: number; dueAt?: Date | null; contact?: { name: string; email: string } } = {},
): Promise<InvoiceView> {
  return startCheckout(db, {
    tenantId: tenant.id,
    currency: tenant.currency,
    kind: 'appointment',
    locale: 'en',
    lines: [{ description: { en: 'Consultation' }, quantity: 1, unitAmount: options.amount ?? 10_000 }],
    contact: options.contact ?? { name: 'Test', email: 'test@example.my' },
    dueAt: options.dueAt ?? null,
  });
}

export type PayerChoice = Parameters<typeof createPayment>[2];

/** What the payment panel posts for a payer at `ip`: `invoice` by card, fee not covered, back to its verify page. */
export function payerChoice(
  tenant: Tenant,
  invoice: InvoiceView,
  ip: string,
  patch: Partial<PayerChoice> = {},
): PayerChoice {
  return {
    tenant,
    invoice,
    method: 'card',
    coverFees: false,
    locale: 'en',
    ip,
    siteOrigin: `http://${tenant.slug}.localhost`,
    returnPath: invoiceVerifyPath('en', invoice.kind, invoice.publicId),
    ...patch,
  };
}

/** How many receipts were queued for the invoice. */
export async function receiptsOf(db: Db, invoice: InvoiceView): Promise<number> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.template, 'receipt'), sql`${outbox.payload}->>'number' = ${invoice.displayNumber}`));
  return rows.length;
}

/**
 * A pending sandbox payment (by card unless told) of the invoice's total as it stands now (after
 * any discount applied since it was made), as a gateway's checkout records one.
 */
export async function aPendingPayment(
  db: Db,
  tenantId: string,
  invoice: Pick<InvoiceView, 'id'>,
  method: 'card' | 'fpx' = 'card',
): Promise<string> {
  const [row] = await db.select({ total: invoices.total }).from(invoices).where(eq(invoices.id, invoice.id));
  const [payment] = await db
    .insert(payments)
    .values({ tenantId, invoiceId: invoice.id, provider: 'sandbox', method, amount: row?.total ?? 0 })
    .returning();
  if (!payment) throw new Error('payment not inserted');
  return payment.id;
}

/** As `aPendingPayment`, then paid, as its webhook reports it. Answers the payment's id. */
export async function aPaidPayment(...args: Parameters<typeof aPendingPayment>): Promise<string> {
  const [db, tenantId] = args;
  const paymentId = await aPendingPayment(...args);
  await settlePayment(db, { tenantId, paymentId, status: 'paid', via: 'webhook' });
  return paymentId;
}
