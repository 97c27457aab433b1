import type { Db } from '#db/client.server.ts';
import type { Currency } from '#lib/money.ts';
import type { InvoiceKind, InvoiceView } from './invoice';
import { PUBLIC_ID } from './invoice-input';
import {
  findInvoiceRow,
  findInvoiceViewByPublicId,
  listCustomerInvoiceRows,
  listInvoiceRowsByStatus,
  toViews,
} from './invoice-repo.server';

/** An invoice by its public id, for this tenant only (another tenant's is "not found"). */
export async function invoiceByPublicId(
  db: Db,
  tenant: { id: string; currency: Currency },
  publicId: string,
  kind?: InvoiceKind,
): Promise<InvoiceView | null> {
  if (!PUBLIC_ID.test(publicId)) return null;
  const view = await findInvoiceViewByPublicId(db, tenant.id, publicId, tenant.currency);
  if (!view || (kind && view.kind !== kind)) return null;
  return view;
}

/** An invoice by its id (a booking's or a gift's own link to it), for this tenant only. */
export async function invoiceById(
  db: Db,
  tenant: { id: string; currency: Currency },
  id: string,
): Promise<InvoiceView | null> {
  const row = await findInvoiceRow(db, tenant.id, id);
  if (!row) return null;
  const [view] = await toViews(db, [row], tenant.currency);
  return view ?? null;
}

export const INVOICE_PAGE_SIZE = 10;

/** One page of a customer's invoices, newest first. */
export async function customerInvoices(
  db: Db,
  tenant: { id: string; currency: Currency },
  customerId: string,
  page: number,
): Promise<{ invoices: InvoiceView[]; total: number }> {
  const { rows, total } = await listCustomerInvoiceRows(db, tenant.id, customerId, page, INVOICE_PAGE_SIZE);
  return { invoices: await toViews(db, rows, tenant.currency), total };
}

/** Invoices still to be paid, newest first (the counter's list). */
export async function listOpenInvoices(
  db: Db,
  tenant: { id: string; currency: Currency },
  limit: number,
): Promise<InvoiceView[]> {
  return toViews(db, await listInvoiceRowsByStatus(db, tenant.id, ['open', 'failed'], limit), tenant.currency);
}
