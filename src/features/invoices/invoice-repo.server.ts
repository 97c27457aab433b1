import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { madeWithContact } from '#db/contact-match.ts';
import { preparedQuery } from '#db/prepared.server.ts';
import { findTenantRow, firstTenantRow, ofTenant } from '#db/rows.server.ts';
import { invoiceCounters, invoiceLines, invoices, payments } from '#db/schema/index.ts';
import type { Currency } from '#lib/money.ts';
import {
  type CheckoutLine,
  checkoutAmounts,
  displayInvoiceNumber,
  type InvoiceStatus,
  type InvoiceView,
  type LineSource,
} from './invoice';

// The only drizzle user of the invoices feature; every query is scoped by tenant.

export type InvoiceRow = typeof invoices.$inferSelect;
type NewInvoice = Omit<typeof invoices.$inferInsert, 'number' | 'id'>;
type NewLine = Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'tenantId' | 'id'>;

/**
 * The next invoice number of a tenant. The counter row is locked by the UPDATE until the calling
 * transaction ends, so numbers are sequential, unique, and — because a rollback also rolls the
 * counter back — without gaps.
 */
export async function nextInvoiceNumber(tx: Db, tenantId: string): Promise<number> {
  // One statement: the first invoice makes the counter at 1, later ones lock its row and add one.
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ tenantId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.tenantId,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ number: invoiceCounters.lastNumber });
  if (!row) throw new Error('invoice counter missing');
  return row.number;
}

/** The invoice and its lines (in position order), as inserted. */
export async function insertInvoice(
  tx: Db,
  invoice: NewInvoice & { number: number },
  lines: NewLine[],
): Promise<{ row: InvoiceRow; lines: LineRow[] }> {
  const [row] = await tx.insert(invoices).values(invoice).returning();
  if (!row) throw new Error('invoice not created');
  const inserted =
    lines.length > 0
      ? await tx
          .insert(invoiceLines)
          .values(lines.map((line) => ({ ...line, invoiceId: row.id, tenantId: row.tenantId })))
          .returning()
      : [];
  return { row, lines: inserted.sort((a, b) => a.position - b.position) };
}

export async function findInvoiceRowByPublicId(db: Db, tenantId: string, publicId: string): Promise<InvoiceRow | null> {
  return firstTenantRow(db, invoices, tenantId, eq(invoices.publicId, publicId));
}

export async function findInvoiceRow(db: Db, tenantId: string, id: string): Promise<InvoiceRow | null> {
  return findTenantRow(db, invoices, tenantId, id);
}

/** Invoices with their lines, in one query for the lines of all of them. */
export async function toViews(db: Db, rows: InvoiceRow[], currency: Currency): Promise<InvoiceView[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(
      and(
        eq(invoiceLines.tenantId, rows[0]?.tenantId ?? ''),
        inArray(
          invoiceLines.invoiceId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(invoiceLines.position));
  return rows.map((row) =>
    toView(
      row,
      lines.filter((line) => line.invoiceId === row.id),
      currency,
    ),
  );
}

/** What an invoice view shows: the invoice page reads no column more. */
const viewColumns = {
  id: invoices.id,
  publicId: invoices.publicId,
  number: invoices.number,
  kind: invoices.kind,
  status: invoices.status,
  currencyCode: invoices.currencyCode,
  subtotal: invoices.subtotal,
  fee: invoices.fee,
  total: invoices.total,
  savesPaymentMethod: invoices.savesPaymentMethod,
  contactName: invoices.contactName,
  contactPhone: invoices.contactPhone,
  contactEmail: invoices.contactEmail,
  customerId: invoices.customerId,
  locale: invoices.locale,
  dueAt: invoices.dueAt,
  paidAt: invoices.paidAt,
  createdAt: invoices.createdAt,
};
const viewLineColumns = {
  description: invoiceLines.description,
  quantity: invoiceLines.quantity,
  unitAmount: invoiceLines.unitAmount,
  amount: invoiceLines.amount,
  sourceKind: invoiceLines.sourceKind,
  sourceId: invoiceLines.sourceId,
};

/**
 * An invoice by its public id with its lines, in one query (the invoice page's read: a join, one
 * row per line, the invoice's columns repeated), prepared: the page cannot be cached and runs it
 * on every request.
 */
const invoiceWithLines = preparedQuery((db) =>
  db
    .select({ invoice: viewColumns, line: viewLineColumns })
    .from(invoices)
    .leftJoin(
      invoiceLines,
      and(eq(invoiceLines.invoiceId, invoices.id), eq(invoiceLines.tenantId, sql.placeholder('tenantId'))),
    )
    .where(and(eq(invoices.tenantId, sql.placeholder('tenantId')), eq(invoices.publicId, sql.placeholder('publicId'))))
    .orderBy(asc(invoiceLines.position))
    .prepare('invoice_with_lines'),
);

export async function findInvoiceViewByPublicId(
  db: Db,
  tenantId: string,
  publicId: string,
  currency: Currency,
): Promise<InvoiceView | null> {
  const rows = await invoiceWithLines(db).execute({ tenantId, publicId });
  const first = rows[0];
  if (!first) return null;
  return toView(
    first.invoice,
    rows.flatMap((r) => (r.line ? [r.line] : [])),
    currency,
  );
}

type LineRow = typeof invoiceLines.$inferSelect;

export function toView(
  row: Pick<InvoiceRow, keyof typeof viewColumns>,
  lines: Pick<LineRow, keyof typeof viewLineColumns>[],
  currency: Currency,
): InvoiceView {
  return {
    id: row.id,
    publicId: row.publicId,
    number: row.number,
    displayNumber: displayInvoiceNumber(row.number),
    kind: row.kind,
    status: row.status,
    currency: { ...currency, code: row.currencyCode },
    subtotal: row.subtotal,
    fee: row.fee,
    total: row.total,
    savesPaymentMethod: row.savesPaymentMethod,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitAmount: line.unitAmount,
      amount: line.amount,
      source: line.sourceKind && line.sourceId ? { kind: line.sourceKind, id: line.sourceId } : null,
    })),
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    customerId: row.customerId,
    locale: row.locale,
    dueAt: row.dueAt,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
  };
}

export async function listCustomerInvoiceRows(
  db: Db,
  tenantId: string,
  customerId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: InvoiceRow[]; total: number }> {
  const where = and(eq(invoices.tenantId, tenantId), eq(invoices.customerId, customerId));
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(invoices).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** Moves an invoice between statuses, only from the ones given; returns the row when it moved. */
export async function moveInvoiceStatus(
  tx: Db,
  tenantId: string,
  id: string,
  from: InvoiceStatus[],
  changes: { status: InvoiceStatus; paidAt?: Date; fee?: number; total?: number },
): Promise<InvoiceRow | null> {
  const [row] = await tx
    .update(invoices)
    .set(changes)
    .where(ofTenant(invoices, tenantId, eq(invoices.id, id), inArray(invoices.status, from)))
    .returning();
  return row ?? null;
}

export async function listInvoiceRowsByStatus(db: Db, tenantId: string, statuses: InvoiceStatus[], limit: number) {
  return db
    .select()
    .from(invoices)
    .where(ofTenant(invoices, tenantId, inArray(invoices.status, statuses)))
    .orderBy(desc(invoices.createdAt))
    .limit(limit);
}

/** Moves an open invoice's due time (a booking confirmed to be paid at the counter is due at its start). */
export async function setInvoiceDueAt(tx: Db, tenantId: string, id: string, dueAt: Date): Promise<void> {
  await tx
    .update(invoices)
    .set({ dueAt })
    .where(ofTenant(invoices, tenantId, eq(invoices.id, id), inArray(invoices.status, ['open', 'failed'])));
}

/** The card that pays this (still payable) invoice is to be kept for later charges (a donor updating a plan's card). */
export async function setSavesPaymentMethod(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ savesPaymentMethod: true })
    .where(ofTenant(invoices, tenantId, eq(invoices.id, id), inArray(invoices.status, ['open', 'failed'])));
}

/** What an invoice's lines pay for, in line order (for the effects of its payment). */
export async function lineSourcesOf(db: Db, tenantId: string, invoiceId: string): Promise<LineSource[]> {
  const rows = await db
    .select({ kind: invoiceLines.sourceKind, id: invoiceLines.sourceId })
    .from(invoiceLines)
    .where(ofTenant(invoiceLines, tenantId, eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.position));
  return rows.flatMap((row) => (row.kind && row.id ? [{ kind: row.kind, id: row.id }] : []));
}

/**
 * Gives a customer the invoices a guest made with the phone or e-mail the customer just proved to
 * be theirs (never another customer's). Returns them as they are now.
 */
export async function claimGuestInvoices(
  tx: Db,
  tenantId: string,
  customerId: string,
  contact: { phone: string | null; email: string | null },
): Promise<InvoiceRow[]> {
  const sameContact = madeWithContact({ phone: invoices.contactPhone, email: invoices.contactEmail }, contact);
  if (!sameContact) return [];
  return tx
    .update(invoices)
    .set({ customerId })
    .where(ofTenant(invoices, tenantId, isNull(invoices.customerId), sameContact))
    .returning();
}

/**
 * Issue 14 (loyalty): adds a discount line (a reward) to an open invoice no payment has started
 * on, under the invoice's row lock, recomputing its subtotal and total the way a checkout does.
 * Returns the discount taken (minor units), or why the invoice cannot take one: it is no longer
 * open, or a payment of it has started (its amount is with the gateway or the counter).
 */
export async function addDiscountLine(
  tx: Db,
  tenantId: string,
  invoiceId: string,
  line: { description: CheckoutLine['description']; unitAmount: number; source: LineSource },
): Promise<{ ok: true; taken: number } | { ok: false; reason: 'not_open' | 'payment_started' }> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(ofTenant(invoices, tenantId, eq(invoices.id, invoiceId)))
    .for('update');
  if (invoice?.status !== 'open') return { ok: false, reason: 'not_open' };
  if (invoice.fee !== 0) return { ok: false, reason: 'payment_started' };
  const started = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(ofTenant(payments, tenantId, eq(payments.invoiceId, invoiceId), eq(payments.status, 'pending')))
    .limit(1);
  if (started.length > 0) return { ok: false, reason: 'payment_started' };
  const existing = await tx
    .select()
    .from(invoiceLines)
    .where(ofTenant(invoiceLines, tenantId, eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.position));
  const lines: CheckoutLine[] = existing.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitAmount: Math.abs(l.unitAmount),
    discount: l.unitAmount < 0,
  }));
  lines.push({ description: line.description, quantity: 1, unitAmount: line.unitAmount, discount: true });
  const { amounts, subtotal } = checkoutAmounts(lines);
  const taken = -(amounts.at(-1) ?? 0);
  await tx.insert(invoiceLines).values({
    tenantId,
    invoiceId,
    position: existing.length,
    description: line.description,
    quantity: 1,
    unitAmount: -line.unitAmount,
    amount: -taken,
    sourceKind: line.source.kind,
    sourceId: line.source.id,
  });
  await tx.update(invoices).set({ subtotal, total: subtotal }).where(eq(invoices.id, invoiceId));
  return { ok: true, taken };
}
