import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.server.ts';
import { madeWithContact } from '#db/contact-match.ts';
import { countRows, findTenantRow, firstTenantRow, insertRow, ofTenant } from '#db/rows.server.ts';
import {
  bookingSettings,
  bookings,
  invoices,
  payments,
  refunds,
  resources,
  serviceCategories,
  services,
  staff,
} from '#db/schema/index.ts';
import type { BookingStatus } from './booking';

// The bookings feature's writes and lookups; every query is scoped by tenant.

export type BookingRow = typeof bookings.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type NewBooking = Omit<typeof bookings.$inferInsert, 'id' | 'createdAt'>;

export async function findService(db: Db, tenantId: string, serviceId: string): Promise<ServiceRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(serviceId)) return null;
  return findTenantRow(db, services, tenantId, serviceId);
}

export async function listCategories(db: Db, tenantId: string) {
  return db
    .select()
    .from(serviceCategories)
    .where(ofTenant(serviceCategories, tenantId))
    .orderBy(asc(serviceCategories.position));
}

export async function listActiveServices(db: Db, tenantId: string, categoryId?: string) {
  return db
    .select()
    .from(services)
    .where(
      ofTenant(
        services,
        tenantId,
        eq(services.active, true),
        categoryId ? eq(services.categoryId, categoryId) : undefined,
      ),
    )
    .orderBy(asc(services.position));
}

export async function findSettings(db: Db, tenantId: string) {
  return (
    (await firstTenantRow(db, bookingSettings, tenantId, undefined)) ?? {
      tenantId,
      minNoticeMinutes: 120,
      horizonDays: 60,
      slotIntervalMinutes: 15,
      changeNoticeHours: 24,
    }
  );
}

export async function findResources(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(resources)
    .where(ofTenant(resources, tenantId, inArray(resources.id, ids)));
}

/**
 * Locks the practitioners (resources) a transaction is about to book, in one order (by id) for
 * everybody, until it ends. Every write that puts a booking on a resource's time takes its lock
 * first, so competing writers queue here instead of meeting inside the exclusion constraint —
 * where two uncommitted overlapping rows wait for each other and PostgreSQL aborts one as a
 * deadlock. FOR NO KEY UPDATE: bookings' foreign-key checks (KEY SHARE) are not blocked.
 */
export async function lockResources(tx: Db, tenantId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return;
  await tx
    .select({ id: resources.id })
    .from(resources)
    .where(ofTenant(resources, tenantId, inArray(resources.id, unique)))
    .orderBy(asc(resources.id))
    .for('no key update');
}

/**
 * Expired holds overlapping a range stop blocking it — inside the transaction that wants the
 * range, because the exclusion constraint cannot look at the clock.
 */
export async function releaseExpiredHolds(
  tx: Db,
  tenantId: string,
  resourceId: string,
  from: Date,
  until: Date,
  now: Date,
) {
  await tx
    .update(bookings)
    .set({ status: 'expired' })
    .where(
      ofTenant(
        bookings,
        tenantId,
        eq(bookings.resourceId, resourceId),
        eq(bookings.status, 'held'),
        lte(bookings.holdExpiresAt, now),
        lt(bookings.blocksFrom, until),
        sql`${bookings.blocksUntil} > ${from.toISOString()}`,
      ),
    );
}

export async function insertBooking(tx: Db, row: NewBooking): Promise<BookingRow> {
  return insertRow(tx, bookings, row, 'booking not created');
}

export async function findBookingByPublicId(db: Db, tenantId: string, publicId: string): Promise<BookingRow | null> {
  return firstTenantRow(db, bookings, tenantId, eq(bookings.publicId, publicId));
}

export async function findBooking(db: Db, tenantId: string, id: string): Promise<BookingRow | null> {
  return findTenantRow(db, bookings, tenantId, id);
}

/** A booking with its service, in one query (the invoice page's booking). */
export async function findBookingWithService(
  db: Db,
  tenantId: string,
  id: string,
): Promise<{ booking: BookingRow; service: ServiceRow } | null> {
  const [row] = await db
    .select({ booking: bookings, service: services })
    .from(bookings)
    .innerJoin(services, and(eq(services.id, bookings.serviceId), eq(services.tenantId, tenantId)))
    .where(ofTenant(bookings, tenantId, eq(bookings.id, id)));
  return row ?? null;
}

/**
 * A booking read with its row locked until the transaction ends: what a decision on its current
 * status (a payment confirming it while the sweeper expires it) must read, so that the status
 * it acts on cannot change underneath.
 */
export async function lockBooking(tx: Db, tenantId: string, id: string): Promise<BookingRow | null> {
  return findTenantRow(tx, bookings, tenantId, id, 'no key update');
}

/** The bookings an invoice paid for, marked refunded (when money was owed back and not yet noted). */
export async function markBookingRefunded(
  tx: Db,
  input: { tenantId: string; invoiceId: string; staffId: string | null; at: Date },
): Promise<void> {
  await tx
    .update(bookings)
    .set({ refundedAt: input.at, refundedByStaffId: input.staffId })
    .where(
      ofTenant(
        bookings,
        input.tenantId,
        eq(bookings.invoiceId, input.invoiceId),
        eq(bookings.refundDue, true),
        isNull(bookings.refundedAt),
      ),
    );
}

/** Moves a booking between statuses, only from the ones given; null when it was not in them. */
export async function moveBooking(
  tx: Db,
  tenantId: string,
  id: string,
  from: BookingStatus[],
  changes: Partial<Omit<BookingRow, 'id' | 'tenantId'>> & { status?: BookingStatus },
): Promise<BookingRow | null> {
  const [row] = await tx
    .update(bookings)
    .set(changes)
    .where(ofTenant(bookings, tenantId, eq(bookings.id, id), inArray(bookings.status, from)))
    .returning();
  return row ?? null;
}

/** Holds whose ten minutes are over, across tenants (the sweeper's one unscoped query). */
export async function expireDueHolds(db: Db, now: Date): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ status: 'expired' })
    .where(and(eq(bookings.status, 'held'), lte(bookings.holdExpiresAt, now)))
    .returning();
}

/** Undecided requests whose start has passed, across tenants. */
export async function expireStaleRequests(db: Db, now: Date): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ status: 'expired' })
    .where(and(eq(bookings.status, 'requested'), lte(bookings.startsAt, now)))
    .returning();
}

/** Bookings with their service's name and questions and their practitioner's name: the staff lists' rows. */
function bookingsWithNames(db: Db) {
  return db
    .select({
      booking: bookings,
      serviceName: services.name,
      resourceName: resources.name,
      intakeQuestions: services.intakeQuestions,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(resources, eq(resources.id, bookings.resourceId));
}

export async function listBookingsBetween(
  db: Db,
  tenantId: string,
  from: Date,
  until: Date,
  statuses: BookingStatus[],
) {
  return bookingsWithNames(db)
    .where(
      ofTenant(
        bookings,
        tenantId,
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, until),
        inArray(bookings.status, statuses),
      ),
    )
    .orderBy(asc(bookings.startsAt));
}

/** A page of the requests waiting for a decision, soonest first (ties by id: pages neither skip nor repeat). */
export async function listRequests(db: Db, tenantId: string, page: { limit: number; offset: number }) {
  return bookingsWithNames(db)
    .where(ofTenant(bookings, tenantId, eq(bookings.status, 'requested')))
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many requests wait for a decision (what listRequests pages through). */
export async function countRequests(db: Db, tenantId: string) {
  return countRows(db, bookings, tenantId, eq(bookings.status, 'requested'));
}

/**
 * Money owed back on bookings, read from the refunds table (payments' record): those still to give
 * back (oldest first), then the ones given back in the last `recentDays` with who recorded it.
 */
export async function listRefunds(db: Db, tenantId: string, now: Date, recentDays = 30) {
  const refunder = alias(staff, 'refunder');
  const since = new Date(now.getTime() - recentDays * 86_400_000);
  return db
    .select({
      booking: bookings,
      refund: refunds,
      serviceName: services.name,
      resourceName: resources.name,
      paid: refunds.amount,
      paidCurrency: invoices.currencyCode,
      refundedAt: refunds.completedAt,
      refundedBy: refunder.name,
      provider: payments.provider,
    })
    .from(refunds)
    .innerJoin(payments, and(eq(payments.id, refunds.paymentId), eq(payments.tenantId, tenantId)))
    .innerJoin(invoices, and(eq(invoices.id, payments.invoiceId), eq(invoices.tenantId, tenantId)))
    .innerJoin(bookings, and(eq(bookings.invoiceId, invoices.id), eq(bookings.tenantId, tenantId)))
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(resources, eq(resources.id, bookings.resourceId))
    .leftJoin(refunder, and(eq(refunder.id, refunds.recordedByStaffId), eq(refunder.tenantId, tenantId)))
    .where(
      ofTenant(
        refunds,
        tenantId,
        or(
          inArray(refunds.status, ['due', 'pending', 'failed']),
          and(eq(refunds.status, 'succeeded'), gte(refunds.completedAt, since)),
        ),
      ),
    )
    .orderBy(sql`${refunds.completedAt} is not null`, desc(refunds.completedAt), asc(refunds.requestedAt));
}

/**
 * Gives a customer the bookings a guest made with the phone or e-mail the customer just proved to
 * be theirs (never another customer's). Returns how many.
 */
export async function claimGuestBookings(
  tx: Db,
  tenantId: string,
  customerId: string,
  contact: { phone: string | null; email: string | null },
): Promise<BookingRow[]> {
  const sameContact = madeWithContact({ phone: bookings.contactPhone, email: bookings.contactEmail }, contact);
  if (!sameContact) return [];
  return tx
    .update(bookings)
    .set({ customerId })
    .where(ofTenant(bookings, tenantId, isNull(bookings.customerId), sameContact))
    .returning();
}

/** A customer's appointments: a held hold never paid is not one, a refund due on it is. */
function customerBookingConditions(tenantId: string, customerId: string) {
  return ofTenant(
    bookings,
    tenantId,
    eq(bookings.customerId, customerId),
    // A hold that was never paid is not an appointment the customer has.
    sql`(${bookings.status} NOT IN ('held', 'expired') OR ${bookings.refundDue})`,
  );
}

/** A page of a customer's appointments, latest first (ties by id: pages neither skip nor repeat). */
export async function listCustomerBookings(db: Db, tenantId: string, customerId: string, limit: number, offset = 0) {
  return db
    .select({
      publicId: bookings.publicId,
      reference: bookings.reference,
      status: bookings.status,
      startsAt: bookings.startsAt,
      serviceSlug: services.slug,
      serviceName: services.name,
      needsApproval: services.needsApproval,
    })
    .from(bookings)
    .innerJoin(services, and(eq(services.id, bookings.serviceId), eq(services.tenantId, bookings.tenantId)))
    .where(customerBookingConditions(tenantId, customerId))
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(limit)
    .offset(offset);
}

/** How many appointments the customer has (what listCustomerBookings pages through). */
export async function countCustomerBookings(db: Db, tenantId: string, customerId: string) {
  return countRows(db, bookings, tenantId, customerBookingConditions(tenantId, customerId));
}
