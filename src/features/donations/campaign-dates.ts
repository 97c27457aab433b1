import { addDays, wallTimeToInstant, zonedDate } from '../booking/time-zone';

/** Local midnight of a day (plus `plusDays`) in the tenant's zone, as an instant. */
export function zonedDayStart(day: string, timeZone: string, plusDays = 0): Date {
  const date = addDays(day, plusDays);
  return wallTimeToInstant(date, 0, timeZone) ?? wallTimeToInstant(date, 60, timeZone) ?? new Date(`${date}T00:00:00Z`);
}

/** The tenant's calendar day of an instant (for form fields). */
export function zonedDay(instant: Date, timeZone: string): string {
  return zonedDate(instant, timeZone);
}
