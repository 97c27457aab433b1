// Working hours of a practitioner, its date overrides and the tenant's holidays, written to the
// tables availability reads (resource_hours, blocked_dates). Saving never touches a booking: the
// bookings the new schedule no longer covers are answered (and listed on the hours screen) for
// staff to move or keep.

import type { Db } from '#db/client.server.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { catalogueChange } from './catalogue.server';
import { resourceById } from './catalogue-repo.server';
import {
  addHolidays,
  dateRowsOf,
  deleteDateRows,
  deleteHolidays,
  type HolidayRow,
  holidaysOf,
  keepOutsideHours,
  replaceDateRows,
  replaceWeeklyHours,
  type UpcomingBooking,
  upcomingBookingsOf,
  weeklyHoursOf,
} from './hours-repo.server';
import type { DateRow, Holiday, WeeklyRow } from './hours-rules';
import { outsideHours } from './outside-hours';

interface TenantZone {
  id: string;
  timeZone: string;
}

export interface PractitionerSchedule {
  weekly: WeeklyRow[];
  /** Overrides from today on, a date's rows together. */
  overrides: { date: string; rows: DateRow[] }[];
  holidays: HolidayRow[];
  /** Bookings to come that the schedule does not cover, for staff to move or keep. */
  outside: UpcomingBooking[];
  /** Those of them staff chose to keep. */
  kept: UpcomingBooking[];
}

/** A practitioner's schedule and the bookings it leaves outside; null when the tenant has no such practitioner. */
export async function practitionerSchedule(
  db: Db,
  tenant: TenantZone,
  resourceId: string,
  now: Date,
): Promise<PractitionerSchedule | null> {
  const resource = await resourceById(db, tenant.id, resourceId);
  if (resource?.kind !== 'practitioner') return null;
  const today = zonedDate(now, tenant.timeZone);
  const [weekly, dates, holidays, upcoming] = await Promise.all([
    weeklyHoursOf(db, tenant.id, resourceId),
    dateRowsOf(db, tenant.id, resourceId, today),
    holidaysOf(db, tenant.id, today),
    upcomingBookingsOf(db, tenant.id, resourceId, now),
  ]);
  const byDate = new Map<string, DateRow[]>();
  for (const row of dates) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
  const schedule = { weekly, dates, holidays: new Set(holidays.map((h) => h.date)) };
  const outside = outsideHours(upcoming, schedule, tenant.timeZone);
  return {
    weekly,
    overrides: [...byDate].map(([date, rows]) => ({ date, rows })),
    holidays,
    outside: outside.filter((b) => b.keptAt === null),
    kept: outside.filter((b) => b.keptAt !== null),
  };
}

async function practitionerChange(db: Db, tenant: TenantZone, resourceId: string, work: (tx: Db) => Promise<void>) {
  return catalogueChange(db, tenant.id, async (tx) => {
    const resource = await resourceById(tx, tenant.id, resourceId);
    if (resource?.kind !== 'practitioner') return false;
    await work(tx);
    return true;
  });
}

export type ScheduleSaved = { ok: true; outside: UpcomingBooking[] } | { ok: false; reason: 'not_found' };

async function savedWith(
  db: Db,
  tenant: TenantZone,
  resourceId: string,
  done: boolean,
  now: Date,
): Promise<ScheduleSaved> {
  if (!done) return { ok: false, reason: 'not_found' };
  const schedule = await practitionerSchedule(db, tenant, resourceId, now);
  return schedule ? { ok: true, outside: schedule.outside } : { ok: false, reason: 'not_found' };
}

/** The practitioner's weekly hours become `rows` (breaks are the gaps between them). */
export async function saveWeeklyHours(
  db: Db,
  tenant: TenantZone,
  input: { resourceId: string; rows: readonly WeeklyRow[]; now: Date },
): Promise<ScheduleSaved> {
  const done = await practitionerChange(db, tenant, input.resourceId, (tx) =>
    replaceWeeklyHours(tx, tenant.id, input.resourceId, input.rows),
  );
  return savedWith(db, tenant, input.resourceId, done, input.now);
}

/** A date override (extra hours, a day off, a leave range): replaces what its dates had. */
export async function saveDateOverride(
  db: Db,
  tenant: TenantZone,
  input: { resourceId: string; rows: readonly DateRow[]; now: Date },
): Promise<ScheduleSaved> {
  const done = await practitionerChange(db, tenant, input.resourceId, (tx) =>
    replaceDateRows(tx, tenant.id, input.resourceId, input.rows),
  );
  return savedWith(db, tenant, input.resourceId, done, input.now);
}

export async function removeDateOverride(
  db: Db,
  tenant: TenantZone,
  input: { resourceId: string; date: string; now: Date },
): Promise<ScheduleSaved> {
  const done = await practitionerChange(db, tenant, input.resourceId, (tx) =>
    deleteDateRows(tx, tenant.id, input.resourceId, [input.date]),
  );
  return savedWith(db, tenant, input.resourceId, done, input.now);
}

export function tenantHolidays(db: Db, tenant: TenantZone, now: Date) {
  return holidaysOf(db, tenant.id, zonedDate(now, tenant.timeZone));
}

/** Adds the pasted holidays (a date already there takes the new name). */
export function saveHolidays(db: Db, tenantId: string, holidays: readonly Holiday[]) {
  return catalogueChange(db, tenantId, (tx) => addHolidays(tx, tenantId, holidays));
}

export function removeHoliday(db: Db, tenantId: string, date: string) {
  return catalogueChange(db, tenantId, (tx) => deleteHolidays(tx, tenantId, [date]));
}

/**
 * Staff keep a booking the hours no longer cover, as it is (it leaves the list of bookings to
 * decide on). False when the practitioner has no such booking to come.
 */
export function keepBookingOutsideHours(
  db: Db,
  tenant: TenantZone,
  input: { resourceId: string; publicId: string; now: Date },
): Promise<boolean> {
  return keepOutsideHours(db, tenant.id, input.resourceId, input.publicId, input.now);
}
