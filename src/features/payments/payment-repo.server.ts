import { and, desc, eq, exists, gt, inArray, isNotNull, lte, ne, not, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { preparedQuery } from '#db/prepared.server.ts';
import { findTenantRow, firstTenantRow, ofTenant } from '#db/rows.server.ts';
import { invoices, paymentEvents, payments, staff, tenantPaymentMethods } from '#db/schema/index.ts';
import { displayInvoiceNumber } from '#features/invoices/invoice.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import { maskDestination } from '#server/outbox/index.ts';
import type { PaymentOption } from './payment-options';
import { OPEN_PAYMENT_STATUSES } from './payment-state';
import type { PaymentMethod, ProviderName } from './provider';

// The only drizzle user of the payments feature; every query is scoped by tenant.

export type PaymentRow = typeof payments.$inferSelect;

type MethodRow = typeof tenantPaymentMethods.$inferSelect;

/**
 * A tenant's enabled methods as the payment panel shows them, kept per database handle for as
 * long as the tenant itself is (10 s, resolve-tenant): every invoice page asked for them again.
 * Only the panel reads this copy; starting a payment and a checkout read afresh (the amount they
 * charge must follow the current fee rates). A change through `setMethodsEnabled` drops it.
 */
const SHOWN_METHODS_TTL_MS = 10_000;
const shownMethods = new WeakMap<Db, Map<string, { rows: MethodRow[]; until: number }>>();

/** Prepared: the donation form, the donate post and every payment's start read it. */
const enabledMethodsQuery = preparedQuery((db) =>
  db
    .select()
    .from(tenantPaymentMethods)
    .where(and(eq(tenantPaymentMethods.tenantId, sql.placeholder('tenantId')), eq(tenantPaymentMethods.enabled, true)))
    .prepare('enabled_payment_methods'),
);

async function enabledMethodRows(db: Db, tenantId: string, shown: boolean): Promise<MethodRow[]> {
  const now = Date.now();
  const kept = shown ? shownMethods.get(db)?.get(tenantId) : undefined;
  if (kept && kept.until > now) return kept.rows;
  const rows = await enabledMethodsQuery(db).execute({ tenantId });
  if (shown) {
    const tenants = shownMethods.get(db) ?? new Map<string, { rows: MethodRow[]; until: number }>();
    if (tenants.size > 1000) tenants.clear();
    tenants.set(tenantId, { rows, until: now + SHOWN_METHODS_TTL_MS });
    shownMethods.set(db, tenants);
  }
  return rows;
}

/** The tenant's enabled methods; `shown`: for display only, from the copy kept for 10 s. */
export async function enabledOptions(
  db: Db,
  tenantId: string,
  locale: Locale,
  { shown = false }: { shown?: boolean } = {},
): Promise<PaymentOption[]> {
  const rows = await enabledMethodRows(db, tenantId, shown);
  return rows.map((row) => ({
    method: row.method,
    feeFixed: row.feeFixed,
    feeRateBp: row.feeRateBp,
    instructions: row.method === 'counter' ? localized(row.instructions, locale) || null : null,
  }));
}

export async function insertPayment(
  db: Db,
  row: {
    tenantId: string;
    invoiceId: string;
    provider: ProviderName;
    method: PaymentMethod;
    amount: number;
    fee: number;
    idempotencyKey?: string | null;
  },
): Promise<PaymentRow> {
  const [created] = await db.insert(payments).values(row).returning();
  if (!created) throw new Error('payment not created');
  return created;
}

/** The unique key that keeps one payment per payer's idempotency key (see `insertPayment`). */
export const PAYMENT_IDEMPOTENCY_CONSTRAINT = 'payments_tenant_idempotency_key';

/** The payment an earlier request with this idempotency key made, if any. */
export async function paymentOfIdempotencyKey(db: Db, tenantId: string, key: string): Promise<PaymentRow | null> {
  return firstTenantRow(db, payments, tenantId, eq(payments.idempotencyKey, key));
}

export async function setProviderRef(db: Db, tenantId: string, id: string, providerRef: string): Promise<void> {
  await db
    .update(payments)
    .set({ providerRef })
    .where(ofTenant(payments, tenantId, eq(payments.id, id)));
}

/** A payment id as the database stores it (anything else is "not found", never a query error). */
export function isPaymentId(id: unknown): id is string {
  return typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** A payment's amount with its invoice's currency, in one read (what a provider's charge is checked against). */
export async function paymentCharge(
  db: Db,
  tenantId: string,
  id: string,
): Promise<{ amount: number; currencyCode: string | null } | null> {
  if (!isPaymentId(id)) return null;
  const [row] = await db
    .select({ amount: payments.amount, currencyCode: invoices.currencyCode })
    .from(payments)
    .leftJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.tenantId, tenantId)))
    .where(ofTenant(payments, tenantId, eq(payments.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findPayment(db: Db, tenantId: string, id: string): Promise<PaymentRow | null> {
  if (!isPaymentId(id)) return null;
  return findTenantRow(db, payments, tenantId, id);
}

/** For webhooks, which name our payment id (or the provider's ref) but arrive without a tenant. */
export async function findPaymentAnyTenant(
  db: Db,
  by: { id?: string | null; provider: ProviderName; providerRef?: string | null },
) {
  if (isPaymentId(by.id)) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, by.id), eq(payments.provider, by.provider)));
    if (row) return row;
  }
  if (by.providerRef) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, by.provider), eq(payments.providerRef, by.providerRef)));
    return row ?? null;
  }
  return null;
}

export async function latestPaymentOf(db: Db, tenantId: string, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(ofTenant(payments, tenantId, eq(payments.invoiceId, invoiceId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Open gateway payments (pending or declined, never counter ones) started between `since` and
 * `until`, newest first, across tenants — each row keeps its tenant: what the pending-payment
 * check asks the providers about.
 */
export async function openGatewayPayments(
  db: Db,
  window: { since: Date; until: Date; limit: number },
): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        ne(payments.provider, 'counter'),
        gt(payments.createdAt, window.since),
        lte(payments.createdAt, window.until),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(window.limit);
}

export async function pendingCounterPayment(db: Db, tenantId: string, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      ofTenant(
        payments,
        tenantId,
        eq(payments.invoiceId, invoiceId),
        eq(payments.method, 'counter'),
        eq(payments.status, 'pending'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Locks an invoice's row until the transaction ends and returns its status (null when it is not
 * this tenant's): what decides, one caller at a time, whether the invoice still takes a payment
 * and which counter payment is its one pending one. FOR NO KEY UPDATE, so payments' foreign-key
 * checks on the invoice (KEY SHARE) are not blocked.
 */
export async function lockInvoice(
  tx: Db,
  tenantId: string,
  invoiceId: string,
): Promise<{ status: typeof invoices.$inferSelect.status } | null> {
  const [row] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(ofTenant(invoices, tenantId, eq(invoices.id, invoiceId)))
    .for('no key update');
  return row ?? null;
}

/**
 * THE transition: open (pending or declined) → final, at most once. The WHERE on the open statuses
 * makes concurrent callers (webhook, verify page, staff click) race for one row update; only the
 * winner gets it back.
 */
export async function finalizePayment(
  tx: Db,
  tenantId: string,
  id: string,
  outcome: {
    status: 'paid' | 'failed' | 'cancelled';
    via: string;
    staffId?: string | null;
    failureReason?: string | null;
    at: Date;
  },
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({
      status: outcome.status,
      settledVia: outcome.via,
      settledByStaffId: outcome.staffId ?? null,
      failureReason: outcome.failureReason ?? null,
      settledAt: outcome.at,
    })
    .where(
      and(eq(payments.tenantId, tenantId), eq(payments.id, id), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])),
    )
    .returning();
  return row ?? null;
}

/**
 * An attempt was declined but the provider's payment stays open (Stripe's payment_failed): the
 * payment becomes "declined" with the reason, never final, so a later success still settles it.
 * Only open payments change: a late decline after the payment settled changes nothing.
 */
export async function recordDeclinedAttempt(
  tx: Db,
  tenantId: string,
  id: string,
  failureReason: string | null,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({ status: 'declined', failureReason })
    .where(
      and(eq(payments.tenantId, tenantId), eq(payments.id, id), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])),
    )
    .returning();
  return row ?? null;
}

/** Stores a webhook event once; false when this (provider, event id) was seen before. */
export async function recordEvent(
  tx: Db,
  event: {
    tenantId: string | null;
    provider: string;
    eventId: string;
    paymentId: string | null;
    type: string;
    payload: Record<string, unknown>;
  },
): Promise<boolean> {
  const rows = await tx.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length === 1;
}

export async function countEvents(db: Db, provider: string, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  return Number(row?.n ?? 0);
}

/** Counter payments with who settled them, for the staff page. */
export async function counterPayments(db: Db, tenantId: string, limit: number) {
  const rows = await db
    .select({
      payment: payments,
      staffName: staff.name,
      // What staff need to find the payer at the counter: the invoice and who it is for.
      invoiceNumber: invoices.number,
      contactName: invoices.contactName,
      contactPhone: invoices.contactPhone,
      contactEmail: invoices.contactEmail,
    })
    .from(payments)
    .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.tenantId, payments.tenantId)))
    .leftJoin(staff, eq(staff.id, payments.settledByStaffId))
    .where(ofTenant(payments, tenantId, eq(payments.method, 'counter')))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
  return rows.map(({ invoiceNumber, contactPhone, contactEmail, ...row }) => ({
    ...row,
    invoiceNumber: displayInvoiceNumber(invoiceNumber),
    // Masked: enough to tell two payers apart, not to contact them from a shared screen.
    contact: contactPhone
      ? maskDestination('sms', contactPhone)
      : contactEmail
        ? maskDestination('email', contactEmail)
        : '',
  }));
}

/** Switches every payment method of a tenant on or off (developer aid and tests). */
export async function setMethodsEnabled(db: Db, tenantId: string, enabled: boolean): Promise<void> {
  await db.update(tenantPaymentMethods).set({ enabled }).where(ofTenant(tenantPaymentMethods, tenantId));
  shownMethods.get(db)?.delete(tenantId);
}

/**
 * The expiry sweep, across tenants (each row keeps its own tenant): open or failed invoices whose
 * due time has passed and that have no payment in flight — pending and started after
 * `inFlightSince` — become expired. One conditional UPDATE, so it races safely with settlement:
 * a payment that lands afterwards still moves the invoice from expired to paid.
 */
export async function expireOverdueInvoices(
  db: Db,
  now: Date,
  inFlightSince: Date,
): Promise<{ id: string; tenantId: string; publicId: string }[]> {
  return db
    .update(invoices)
    .set({ status: 'expired' })
    .where(
      and(
        inArray(invoices.status, ['open', 'failed']),
        isNotNull(invoices.dueAt),
        lte(invoices.dueAt, now),
        not(
          exists(
            db
              .select({ one: sql`1` })
              .from(payments)
              .where(
                and(
                  eq(payments.tenantId, invoices.tenantId),
                  eq(payments.invoiceId, invoices.id),
                  eq(payments.status, 'pending'),
                  gt(payments.createdAt, inFlightSince),
                ),
              ),
          ),
        ),
      ),
    )
    .returning({ id: invoices.id, tenantId: invoices.tenantId, publicId: invoices.publicId });
}
