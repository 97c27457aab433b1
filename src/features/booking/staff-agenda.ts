import type { BookingStatus } from './booking';
import { addDays, dayClock, daysBetween, zonedDate } from './time-zone';

/** How many days the staff agenda shows, today included. */
export const AGENDA_DAYS = 14;

/** Statuses on the agenda; pending requests have their own list above it. */
export const AGENDA_STATUSES: BookingStatus[] = ['held', 'confirmed', 'completed', 'no_show'];

/** The agenda's period in the tenant's zone: from local midnight today, for `days` days. */
export function agendaWindow(
  now: Date,
  timeZone: string,
  days = AGENDA_DAYS,
): { today: string; from: Date; until: Date } {
  const today = zonedDate(now, timeZone);
  return {
    today,
    from: new Date(dayClock(today, timeZone).atOrAfter(0)),
    until: new Date(dayClock(addDays(today, days), timeZone).atOrAfter(0)),
  };
}

export interface AgendaDay<T> {
  /** 'yyyy-MM-dd' in the tenant's zone. */
  date: string;
  /** Days after today: 0 today, 1 tomorrow. */
  offset: number;
  items: T[];
}

/** Bookings (sorted by start) grouped by their day in the tenant's zone, days in order. */
export function groupByDay<T extends { booking: { startsAt: Date } }>(
  rows: readonly T[],
  timeZone: string,
  today: string,
): AgendaDay<T>[] {
  const days = new Map<string, T[]>();
  for (const row of [...rows].sort((a, b) => a.booking.startsAt.getTime() - b.booking.startsAt.getTime())) {
    const date = zonedDate(row.booking.startsAt, timeZone);
    const list = days.get(date);
    if (list) list.push(row);
    else days.set(date, [row]);
  }
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, items]) => ({ date, offset: daysBetween(today, date), items }));
}

/** The page a customer follows their booking on (the request page), unprefixed. */
export function requestPagePath(serviceSlug: string, publicId: string): string {
  return `/appointment/${encodeURIComponent(serviceSlug)}/request?booking=${encodeURIComponent(publicId)}`;
}

/** The service's booking page, where a declined customer can choose another time, unprefixed. */
export function servicePagePath(serviceSlug: string): string {
  return `/appointment/${encodeURIComponent(serviceSlug)}`;
}
