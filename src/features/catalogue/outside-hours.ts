import { dayClock, weekdayOf, zonedDate } from '#lib/zoned-time.ts';
import type { DateRow, Range, WeeklyRow } from './hours-rules';

// Which bookings a schedule no longer covers (pure): after staff change a practitioner's hours,
// the bookings that now start or end outside them are listed for staff to move or keep; nothing
// cancels them. The same rules as availability: a date's override hours replace the weekly hours,
// a day off or a holiday leaves no hours. Buffers are not asked to fit: they are the clinic's own.

export interface Schedule {
  weekly: readonly WeeklyRow[];
  /** The resource's date overrides: hours that date, or a day off (null minutes). */
  dates: readonly DateRow[];
  /** Holidays of everyone ('yyyy-MM-dd'). */
  holidays: ReadonlySet<string>;
}

export interface TimedBooking {
  startsAt: Date;
  endsAt: Date;
}

/** The working ranges of a date under a schedule (empty: not working). */
export function rangesOn(schedule: Schedule, date: string): Range[] {
  if (schedule.holidays.has(date)) return [];
  const rows = schedule.dates.filter((d) => d.date === date);
  if (rows.some((d) => d.startMinute === null || d.endMinute === null)) return [];
  if (rows.length > 0)
    return rows.map((d) => ({ startMinute: d.startMinute as number, endMinute: d.endMinute as number }));
  const weekday = weekdayOf(date);
  return schedule.weekly.filter((w) => w.weekday === weekday);
}

/** Whether a booking lies wholly inside one working range of its day, in the tenant's zone. */
export function withinHours(booking: TimedBooking, schedule: Schedule, timeZone: string): boolean {
  const date = zonedDate(booking.startsAt, timeZone);
  const clock = dayClock(date, timeZone);
  const start = booking.startsAt.getTime();
  const end = booking.endsAt.getTime();
  return rangesOn(schedule, date).some(
    (r) => start >= clock.atOrAfter(r.startMinute) && end <= clock.atOrAfter(r.endMinute),
  );
}

export function outsideHours<B extends TimedBooking>(
  bookings: readonly B[],
  schedule: Schedule,
  timeZone: string,
): B[] {
  return bookings.filter((b) => !withinHours(b, schedule, timeZone));
}
