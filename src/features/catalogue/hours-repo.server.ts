import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { BLOCKING_STATUSES, blockedDates, bookings, resourceHours, services } from '#db/schema/index.ts';
import type { LocalizedText } from '#i18n/locales.ts';
import type { DateRow, Holiday, WeeklyRow } from './hours-rules';

// The SQL of working hours, date overrides and holidays (the tables availability reads), and of
// the bookings still to come on a practitioner's time.

export function weeklyHoursOf(db: Db, tenantId: string, resourceId: string): Promise<WeeklyRow[]> {
  return db
    .select({
      weekday: resourceHours.weekday,
      startMinute: resourceHours.startMinute,
      endMinute: resourceHours.endMinute,
    })
    .from(resourceHours)
    .where(ofTenant(resourceHours, tenantId, eq(resourceHours.resourceId, resourceId)))
    .orderBy(asc(resourceHours.weekday), asc(resourceHours.startMinute));
}

export async function replaceWeeklyHours(db: Db, tenantId: string, resourceId: string, rows: readonly WeeklyRow[]) {
  await db.delete(resourceHours).where(ofTenant(resourceHours, tenantId, eq(resourceHours.resourceId, resourceId)));
  if (rows.length > 0) await db.insert(resourceHours).values(rows.map((r) => ({ tenantId, resourceId, ...r })));
}

/** A resource's date overrides from `from` on, in date order. */
export function dateRowsOf(db: Db, tenantId: string, resourceId: string, from: string): Promise<DateRow[]> {
  return db
    .select({ date: blockedDates.date, startMinute: blockedDates.startMinute, endMinute: blockedDates.endMinute })
    .from(blockedDates)
    .where(ofTenant(blockedDates, tenantId, eq(blockedDates.resourceId, resourceId), gte(blockedDates.date, from)))
    .orderBy(asc(blockedDates.date), asc(blockedDates.startMinute));
}

/** The override of each of these dates becomes `rows` (an override replaces any earlier one of its date). */
export async function replaceDateRows(db: Db, tenantId: string, resourceId: string, rows: readonly DateRow[]) {
  const dates = [...new Set(rows.map((r) => r.date))];
  await deleteDateRows(db, tenantId, resourceId, dates);
  if (rows.length > 0) await db.insert(blockedDates).values(rows.map((r) => ({ tenantId, resourceId, ...r })));
}

export async function deleteDateRows(db: Db, tenantId: string, resourceId: string, dates: readonly string[]) {
  if (dates.length === 0) return;
  await db
    .delete(blockedDates)
    .where(
      ofTenant(blockedDates, tenantId, eq(blockedDates.resourceId, resourceId), inArray(blockedDates.date, [...dates])),
    );
}

/** A holiday as stored: its date and its name in the languages it was given in. */
export interface HolidayRow {
  date: string;
  reason: Partial<LocalizedText>;
}

/** Holidays of everyone from `from` on. */
export function holidaysOf(db: Db, tenantId: string, from: string): Promise<HolidayRow[]> {
  return db
    .select({ date: blockedDates.date, reason: blockedDates.reason })
    .from(blockedDates)
    .where(ofTenant(blockedDates, tenantId, isNull(blockedDates.resourceId), gte(blockedDates.date, from)))
    .orderBy(asc(blockedDates.date));
}

/** Adds holidays; a date already a holiday keeps its row and takes the new name. */
export async function addHolidays(db: Db, tenantId: string, holidays: readonly Holiday[]) {
  const dates = holidays.map((h) => h.date);
  await deleteHolidays(db, tenantId, dates);
  await db
    .insert(blockedDates)
    .values(holidays.map((h) => ({ tenantId, resourceId: null, date: h.date, reason: h.name ? { en: h.name } : {} })));
}

export async function deleteHolidays(db: Db, tenantId: string, dates: readonly string[]) {
  if (dates.length === 0) return;
  await db
    .delete(blockedDates)
    .where(ofTenant(blockedDates, tenantId, isNull(blockedDates.resourceId), inArray(blockedDates.date, [...dates])));
}

export type UpcomingBooking = Awaited<ReturnType<typeof upcomingBookingsOf>>[number];

/** Blocking bookings on a resource's time from `now` on (held ones still holding), earliest first. */
export function upcomingBookingsOf(db: Db, tenantId: string, resourceId: string, now: Date) {
  return db
    .select({
      id: bookings.id,
      publicId: bookings.publicId,
      reference: bookings.reference,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      contactName: bookings.contactName,
      serviceName: services.name,
      keptAt: bookings.outsideHoursKeptAt,
    })
    .from(bookings)
    .innerJoin(services, and(eq(services.id, bookings.serviceId), eq(services.tenantId, tenantId)))
    .where(
      ofTenant(
        bookings,
        tenantId,
        eq(bookings.resourceId, resourceId),
        inArray(bookings.status, [...BLOCKING_STATUSES]),
        gte(bookings.endsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(500);
}

/** Staff keep a booking outside its practitioner's hours (the tenant's, on that practitioner, still to come). */
export async function keepOutsideHours(db: Db, tenantId: string, resourceId: string, publicId: string, now: Date) {
  const rows = await db
    .update(bookings)
    .set({ outsideHoursKeptAt: now })
    .where(
      ofTenant(
        bookings,
        tenantId,
        eq(bookings.resourceId, resourceId),
        eq(bookings.publicId, publicId),
        inArray(bookings.status, [...BLOCKING_STATUSES]),
        gte(bookings.endsAt, now),
      ),
    )
    .returning({ id: bookings.id });
  return rows.length > 0;
}
