// Pure rules of the customer booking journey (landing → service → form → checkout | request),
// safe on the server and in islands: no I/O, no clock of their own.

import { type DateLocale, formatTime } from '#lib/dates.ts';
import { addDays, daysBetween } from '#lib/zoned-time.ts';
import type { BookingStatus } from './booking';

/** The clock time of a slot in the tenant's zone, in SPEC.md §9's `hh:mma` ("09:15AM", "02:30PTG"; id "14.30"). */
export function slotTime(iso: string, locale: DateLocale, timeZone: string): string {
  return formatTime(new Date(iso), locale, timeZone);
}

export interface MonthChunk {
  /** 'yyyy-MM' */
  key: string;
  from: string;
  to: string;
}

/** 'yyyy-MM' of a 'yyyy-MM-dd' date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/**
 * The calendar months from `from` to `to` (both 'yyyy-MM-dd', inclusive), each clipped to the
 * range: the availability island asks for one month at a time.
 */
export function monthChunks(from: string, to: string): MonthChunk[] {
  const chunks: MonthChunk[] = [];
  if (daysBetween(from, to) < 0) return chunks;
  let start = from;
  while (daysBetween(start, to) >= 0) {
    const [year, month] = start.split('-').map(Number) as [number, number];
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    const end = daysBetween(addDays(next, -1), to) < 0 ? to : addDays(next, -1);
    chunks.push({ key: monthOf(start), from: start, to: end });
    start = next;
  }
  return chunks;
}

/**
 * Dates from `from` to `to` that cannot be picked: every day not known to be 'available' — closed,
 * blocked, full, or in a month whose availability has not arrived yet.
 */
export function unavailableDates(from: string, to: string, statusByDate: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  const count = daysBetween(from, to);
  for (let i = 0; i <= count; i += 1) {
    const date = addDays(from, i);
    if (statusByDate.get(date) !== 'available') out.push(date);
  }
  return out;
}

/** "09:41" for a countdown; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Whole minutes left, rounded up (9:01 → 10), for the spoken countdown. */
export function minutesLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 60_000));
}

/** A held booking is still payable while its ten minutes run, whatever the sweeper has done yet. */
export function isHoldLive(booking: { status: BookingStatus; holdExpiresAt: Date | null }, now: Date): boolean {
  return booking.status === 'held' && booking.holdExpiresAt !== null && booking.holdExpiresAt > now;
}

/** Which page shows a booking: requests have their own page; everything else is the checkout. */
export function bookingPage(status: BookingStatus, needsApproval: boolean): 'checkout' | 'request' {
  if (status === 'requested' || status === 'declined') return 'request';
  if (status === 'held') return 'checkout';
  return needsApproval ? 'request' : 'checkout';
}

export interface CalendarEventInput {
  uid: string;
  start: Date;
  end: Date;
  serviceName: string;
  organisation: string;
  /** The organisation's e-mail: the event's ORGANIZER; without one there is no ORGANIZER (RFC 5545 needs its address). */
  organisationEmail?: string | null;
  location: string;
  practitioner: string | null;
  /** Lines for the description, already in the booking's language. */
  details: string[];
  url?: string;
}

/** The fields of an iCalendar event (the `ics` package's shape), all times in UTC. */
export function calendarEvent(input: CalendarEventInput) {
  return {
    uid: `${input.uid}@serambi`,
    start: input.start.getTime(),
    startInputType: 'utc' as const,
    startOutputType: 'utc' as const,
    end: input.end.getTime(),
    endInputType: 'utc' as const,
    endOutputType: 'utc' as const,
    title: `${input.serviceName} – ${input.organisation}`,
    location: input.location,
    description: [...(input.practitioner ? [input.practitioner] : []), ...input.details].join('\n'),
    status: 'CONFIRMED' as const,
    busyStatus: 'BUSY' as const,
    ...(input.organisationEmail ? { organizer: { name: input.organisation, email: input.organisationEmail } } : {}),
    productId: 'serambi/appointments',
    ...(input.url ? { url: input.url } : {}),
  };
}

/** A chosen slot as the form step needs it. */
export interface SlotChoice {
  resourceId: string;
  /** yyyy-MM-dd in the tenant's time zone. */
  date: string;
  /** ISO 8601 start. */
  slotStart: string;
}

/**
 * The form step's URL carries the chosen slot as well as the cart: where a browser refuses storage
 * (a third-party frame such as the booking embed, some private modes) the choice still arrives.
 */
export function formPathWithChoice(formPath: string, choice: SlotChoice): string {
  const params = new URLSearchParams({ date: choice.date, slot: choice.slotStart, resource: choice.resourceId });
  return `${formPath}${formPath.includes('?') ? '&' : '?'}${params}`;
}

/** The slot carried in a form step's query string, or null when it is absent or malformed. */
export function choiceFromSearch(search: string): SlotChoice | null {
  const params = new URLSearchParams(search);
  const date = params.get('date') ?? '';
  const slotStart = params.get('slot') ?? '';
  const resourceId = params.get('resource') || 'any';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(slotStart)) || resourceId.length > 100) return null;
  return { resourceId, date, slotStart };
}
