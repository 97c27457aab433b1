import { addDays, type DayClock, dayClock, daysBetween, weekdayOf, zonedDate } from '#lib/zoned-time.ts';

// Slot generation (DESIGN.md §4), pure: no I/O, no clock of its own. availability.server.ts loads
// the inputs in a handful of queries; this turns them into days and slots in one sweep.
//
// Rules, all in the tenant's time zone:
//   - Working intervals come from weekly hours (minutes after local midnight, 0..1440); several
//     rows on a weekday make breaks. Overlapping or touching rows of one resource are merged
//     (09:00–13:00 + 13:00–17:00 is one stretch; a break needs a gap).
//   - Candidate starts are every `slotIntervalMinutes` from the interval's start (09:00, 09:15 …).
//   - The whole blocked time — buffer before + appointment + buffer after — must lie inside the
//     working interval: buffers are the practitioner's working time (preparation, cleaning), so
//     they neither spill into a break nor past closing. With a 10-minute buffer before and a
//     15-minute grid, the first start of a 09:00 interval is 09:15.
//   - A candidate is free for a resource when [start − bufferBefore, end + bufferAfter) overlaps
//     none of its busy ranges (blocking bookings with their own buffers): the same test as the
//     database's exclusion constraint, so every offered slot can be inserted.
//   - Notice: start ≥ now + minNoticeMinutes. Horizon: start < local midnight starting the day
//     `today + horizonDays` (today is `now`'s date in the zone).
//   - A blocked date with a resource removes that resource's day; without one, everyone's.
//   - A resource's date override with hours (a blocked-date row with start and end minutes) is
//     its working time that date instead of its weekly hours (extra hours, a shorter day); a day
//     off of the same resource and date wins over it.
//   - DST (for generality; Malaysia and Indonesia have none): candidates are wall-clock times;
//     one that does not exist (spring-forward gap) is skipped, one that happens twice (fall-back
//     overlap) is taken at its first occurrence. Durations and buffers are real elapsed minutes,
//     and interval bounds are instants (a bound inside a gap is the end of the gap).
//
// Day status:
//   'blocked'   — a blocked date for everyone, or every resource working that weekday is blocked;
//   'closed'    — nobody works that weekday, or no start of anyone's working time lies within
//                 the bookable window (past days, today after the notice, beyond the horizon,
//                 hours shorter than the service);
//   'full'      — some start lay within the window, but bookings took all of them;
//   'available' — at least one slot.
//
// Speed: busy ranges are sorted and merged per resource once; candidates of a resource come in
// increasing time, so one cursor per resource walks its ranges forward across the whole period.
// O(busy log busy + resources × candidates), no scan per slot.

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

export interface WorkingHours {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes after local midnight. */
  startMinute: number;
  endMinute: number;
}

export interface AvailabilityInput {
  /** IANA zone of the tenant. */
  timeZone: string;
  /** First day, 'yyyy-MM-dd' in the tenant's zone. */
  from: string;
  /** Last day, inclusive. */
  to: string;
  now: Date;
  settings: { minNoticeMinutes: number; horizonDays: number; slotIntervalMinutes: number };
  service: { durationMinutes: number; bufferBeforeMinutes: number; bufferAfterMinutes: number };
  /** The resources that may deliver the service; `resourceIds` of a slot keep this order. */
  resources: { id: string; hours: WorkingHours[] }[];
  /** Days off and holidays; a row of a resource with minutes is its hours that date instead. */
  blockedDates: { date: string; resourceId: string | null; startMinute?: number | null; endMinute?: number | null }[];
  /** Blocking bookings, buffers included ([blocks_from, blocks_until)). */
  busy: { resourceId: string; from: Date; until: Date }[];
}

export interface Slot {
  /** ISO 8601 UTC instant. */
  start: string;
  end: string;
  /** Every resource free at this start; "any practitioner" picks among them. */
  resourceIds: string[];
}

export type DayStatus = 'available' | 'full' | 'closed' | 'blocked';

export interface AvailabilityDay {
  date: string;
  slots: Slot[];
  status: DayStatus;
}

export interface Availability {
  days: AvailabilityDay[];
}

/** Longest period one call computes; callers ask for a month at a time. */
export const MAX_AVAILABILITY_DAYS = 366;

interface Interval {
  start: number;
  end: number;
}

/** Intervals within a day, sorted, overlapping or touching ones merged. */
function mergeIntervals(list: Interval[]): Interval[] {
  list.sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of list) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

function clampedInterval(startMinute: number, endMinute: number): Interval | null {
  const start = Math.max(0, Math.trunc(startMinute));
  const end = Math.min(DAY_MINUTES, Math.trunc(endMinute));
  return end > start ? { start, end } : null;
}

/** Weekly hours of one resource as merged, sorted intervals per weekday (index 0..6). */
export function weeklyIntervals(hours: WorkingHours[]): Interval[][] {
  const byDay: Interval[][] = [[], [], [], [], [], [], []];
  for (const h of hours) {
    const interval = clampedInterval(h.startMinute, h.endMinute);
    if (interval && h.weekday >= 0 && h.weekday <= 6) byDay[h.weekday]?.push(interval);
  }
  return byDay.map(mergeIntervals);
}

/** Busy ranges of one resource, sorted and merged; `overlaps` walks them forward. */
class BusyCursor {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private index = 0;
  private lastFrom = Number.NEGATIVE_INFINITY;

  constructor(ranges: Interval[]) {
    ranges.sort((a, b) => a.start - b.start);
    for (const range of ranges) {
      if (!(range.end > range.start)) continue;
      const last = this.ends.length - 1;
      if (last >= 0 && range.start <= (this.ends[last] as number)) {
        this.ends[last] = Math.max(this.ends[last] as number, range.end);
      } else {
        this.starts.push(range.start);
        this.ends.push(range.end);
      }
    }
  }

  /** True when [from, until) overlaps a busy range. Fast for increasing `from`. */
  overlaps(from: number, until: number): boolean {
    const { starts, ends } = this;
    if (from < this.lastFrom) {
      // Out of order (never in computeAvailability): find the first range ending after `from`.
      let low = 0;
      let high = ends.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((ends[middle] as number) <= from) low = middle + 1;
        else high = middle;
      }
      this.index = low;
    }
    this.lastFrom = from;
    while (this.index < ends.length && (ends[this.index] as number) <= from) this.index += 1;
    return this.index < starts.length && (starts[this.index] as number) < until;
  }
}

function assertWholeNonNegative(name: string, value: number, min = 0): void {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer ≥ ${min}`);
}

/** What a caller may want to know besides the days (the availability cache). */
export interface AvailabilityTrace {
  /** The earliest start within the bookable window, free or not (Infinity when none): once `now`
   * passes it minus the minimum notice, the same input gives another answer. */
  firstBookable: number;
}

/** Days from `from` to `to` with their status and free slots. Throws RangeError on bad input. */
export function computeAvailability(input: AvailabilityInput, trace?: AvailabilityTrace): Availability {
  const { timeZone, settings, service } = input;
  assertWholeNonNegative('slotIntervalMinutes', settings.slotIntervalMinutes, 1);
  assertWholeNonNegative('durationMinutes', service.durationMinutes, 1);
  assertWholeNonNegative('bufferBeforeMinutes', service.bufferBeforeMinutes);
  assertWholeNonNegative('bufferAfterMinutes', service.bufferAfterMinutes);
  assertWholeNonNegative('minNoticeMinutes', settings.minNoticeMinutes);
  assertWholeNonNegative('horizonDays', settings.horizonDays);
  const dayCount = daysBetween(input.from, input.to) + 1;
  if (dayCount < 1) return { days: [] };
  if (dayCount > MAX_AVAILABILITY_DAYS) throw new RangeError(`at most ${MAX_AVAILABILITY_DAYS} days at once`);

  const durationMs = service.durationMinutes * MINUTE_MS;
  const beforeMs = service.bufferBeforeMinutes * MINUTE_MS;
  const afterMs = service.bufferAfterMinutes * MINUTE_MS;
  const stepMinutes = settings.slotIntervalMinutes;
  const earliest = input.now.getTime() + settings.minNoticeMinutes * MINUTE_MS;
  const horizonEnd = dayClock(addDays(zonedDate(input.now, timeZone), settings.horizonDays), timeZone).atOrAfter(0);

  const blockedForAll = new Set<string>();
  const blockedFor = new Map<string, Set<string>>();
  // resource id → date → its hours that date (instead of the weekly hours)
  const dateHours = new Map<string, Map<string, Interval[]>>();
  for (const blocked of input.blockedDates) {
    if (blocked.resourceId === null) {
      blockedForAll.add(blocked.date);
    } else if (blocked.startMinute != null && blocked.endMinute != null) {
      const interval = clampedInterval(blocked.startMinute, blocked.endMinute);
      const dates = dateHours.get(blocked.resourceId) ?? new Map<string, Interval[]>();
      const list = dates.get(blocked.date) ?? [];
      if (interval) list.push(interval);
      dates.set(blocked.date, list);
      dateHours.set(blocked.resourceId, dates);
    } else {
      const dates = blockedFor.get(blocked.resourceId) ?? new Set<string>();
      dates.add(blocked.date);
      blockedFor.set(blocked.resourceId, dates);
    }
  }

  const busyRanges = new Map<string, Interval[]>();
  for (const busy of input.busy) {
    const list = busyRanges.get(busy.resourceId) ?? [];
    list.push({ start: busy.from.getTime(), end: busy.until.getTime() });
    busyRanges.set(busy.resourceId, list);
  }

  const resources = input.resources.map((resource, order) => ({
    id: resource.id,
    order,
    weekly: weeklyIntervals(resource.hours),
    blocked: blockedFor.get(resource.id),
    onDate: new Map(
      [...(dateHours.get(resource.id) ?? new Map<string, Interval[]>())].map(([d, l]) => [d, mergeIntervals(l)]),
    ),
    busy: new BusyCursor(busyRanges.get(resource.id) ?? []),
  }));

  const days: AvailabilityDay[] = [];
  for (let offset = 0; offset < dayCount; offset += 1) {
    const date = addDays(input.from, offset);
    if (blockedForAll.has(date)) {
      days.push({ date, slots: [], status: 'blocked' });
      continue;
    }
    const weekday = weekdayOf(date);
    let working = 0;
    let unblocked = 0;
    let bookable = 0;
    let clock: DayClock | undefined;
    // start instant → indexes (input order) of the resources free then
    const free = new Map<number, number[]>();

    for (const resource of resources) {
      const intervals = resource.onDate.get(date) ?? (resource.weekly[weekday] as Interval[]);
      if (intervals.length === 0) continue;
      working += 1;
      if (resource.blocked?.has(date)) continue;
      unblocked += 1;
      clock ??= dayClock(date, timeZone);
      for (const interval of intervals) {
        const opens = clock.atOrAfter(interval.start);
        const closes = clock.atOrAfter(interval.end);
        for (let minute = interval.start; minute < interval.end; minute += stepMinutes) {
          const start = clock.instant(minute);
          if (start === null) continue; // DST gap: this wall time does not exist
          const blocksFrom = start - beforeMs;
          const blocksUntil = start + durationMs + afterMs;
          if (blocksUntil > closes) break;
          if (blocksFrom < opens) continue;
          if (start < earliest) continue;
          if (start >= horizonEnd) break;
          bookable += 1;
          if (trace && start < trace.firstBookable) trace.firstBookable = start;
          if (resource.busy.overlaps(blocksFrom, blocksUntil)) continue;
          const list = free.get(start);
          if (list) list.push(resource.order);
          else free.set(start, [resource.order]);
        }
      }
    }

    if (working === 0) {
      days.push({ date, slots: [], status: 'closed' });
    } else if (unblocked === 0) {
      days.push({ date, slots: [], status: 'blocked' });
    } else if (bookable === 0) {
      days.push({ date, slots: [], status: 'closed' });
    } else if (free.size === 0) {
      days.push({ date, slots: [], status: 'full' });
    } else {
      const starts = [...free.keys()].sort((a, b) => a - b);
      const slots = starts.map((start) => ({
        start: new Date(start).toISOString(),
        end: new Date(start + durationMs).toISOString(),
        resourceIds: (free.get(start) as number[]).map((order) => resources[order]?.id as string),
      }));
      days.push({ date, slots, status: 'available' });
    }
  }
  return { days };
}
