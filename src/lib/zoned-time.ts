// Wall clock ↔ instant in an IANA time zone, with nothing but Intl (no time zone package).
//
// Dates are 'yyyy-MM-dd' strings of the tenant's calendar; minutes count from local midnight.
// Daylight saving time, for generality (Malaysia and Indonesia have none):
//   - gap (spring forward): a wall time that does not exist, e.g. 01:30 on 29 March 2026 in
//     Europe/London, has no instant: `wallTimeToInstant` returns null (slots there are skipped);
//     `DayClock.atOrAfter` gives the first instant the clock reads that time or later.
//   - overlap (fall back): a wall time that happens twice, e.g. 01:30 on 25 October 2026 in
//     Europe/London, is taken at its first occurrence (BST, 00:30 UTC).

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws a RangeError for an unknown zone, which is what a caller should see.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, read back as if it were UTC (milliseconds). */
function wallClockMs(instantMs: number, timeZone: string): number {
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of formatter(timeZone).formatToParts(instantMs)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value) % 24; // some ICU builds print 24 for midnight
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      default:
        break;
    }
  }
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Milliseconds the zone is ahead of UTC at an instant (+8 h for Asia/Kuala_Lumpur). */
export function offsetAt(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const whole = Math.floor(ms / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

function parseDate(date: string): number {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`not a yyyy-MM-dd date: ${date}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (formatUtcDate(ms) !== date) throw new RangeError(`not a calendar date: ${date}`);
  return ms;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function formatUtcDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** True for a real 'yyyy-MM-dd' calendar date. */
export function isDate(value: string): boolean {
  try {
    parseDate(value);
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone name this runtime knows (`Asia/Kuala_Lumpur`, `UTC`); offsets like `+08:00` are not. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The tenant's calendar date ('yyyy-MM-dd') of an instant. */
export function zonedDate(instant: Date, timeZone: string): string {
  return formatUtcDate(wallClockMs(instant.getTime(), timeZone));
}

/** 0 = Sunday … 6 = Saturday, as `resource_hours.weekday`. */
export function weekdayOf(date: string): number {
  return new Date(parseDate(date)).getUTCDay();
}

/** The calendar date n days later (earlier when negative). */
export function addDays(date: string, n: number): string {
  return formatUtcDate(parseDate(date) + n * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDate(to) - parseDate(from)) / DAY_MS);
}

/**
 * The instants at which a wall-clock time (as UTC milliseconds) occurs: none in a gap, one
 * usually, two in an overlap (earliest first). Assumes at most one transition within a day of
 * it, which holds for every zone in tzdata.
 */
function occurrences(localMs: number, timeZone: string): number[] {
  const before = offsetAt(localMs - DAY_MS, timeZone);
  const after = offsetAt(localMs + DAY_MS, timeZone);
  const found: number[] = [];
  for (const offset of before === after ? [before] : [before, after]) {
    const candidate = localMs - offset;
    if (offsetAt(candidate, timeZone) === offset && !found.includes(candidate)) found.push(candidate);
  }
  return found.sort((a, b) => a - b);
}

/**
 * The instant a wall-clock time happens in a zone: `minuteOfDay` after local midnight of
 * `date` (1440 is the next midnight). Null when that time does not exist (DST gap); the first
 * occurrence when it happens twice (DST overlap).
 */
export function wallTimeToInstant(date: string, minuteOfDay: number, timeZone: string): Date | null {
  const [first] = occurrences(parseDate(date) + minuteOfDay * MINUTE_MS, timeZone);
  return first === undefined ? null : new Date(first);
}

/** The first instant whose wall clock reads `localMs` or later: the transition itself in a gap. */
function atOrAfter(localMs: number, timeZone: string): number {
  const [first] = occurrences(localMs, timeZone);
  if (first !== undefined) return first;
  // In a gap: the transition lies between the two readings; find it to the second.
  const before = offsetAt(localMs - DAY_MS, timeZone);
  let low = Math.floor((localMs - Math.max(before, offsetAt(localMs + DAY_MS, timeZone))) / 1000) * 1000;
  let high = Math.ceil((localMs - Math.min(before, offsetAt(localMs + DAY_MS, timeZone))) / 1000) * 1000;
  while (high - low > 1000) {
    const middle = Math.floor((low + high) / 2000) * 1000;
    if (offsetAt(middle, timeZone) === before) low = middle;
    else high = middle;
  }
  return high;
}

/** Wall-clock minutes of one calendar day mapped to instants, fast on days without a transition. */
export interface DayClock {
  date: string;
  /** Milliseconds since the epoch of a wall time; null in a DST gap; first occurrence in an overlap. */
  instant(minuteOfDay: number): number | null;
  /** The first instant the wall clock reads `minuteOfDay` or later (a gap maps to its end). */
  atOrAfter(minuteOfDay: number): number;
}

/**
 * A `DayClock` for a date. A day with one UTC offset throughout (every day in Malaysia and
 * Indonesia, all but two a year elsewhere) costs three Intl calls, then plain arithmetic.
 */
export function dayClock(date: string, timeZone: string): DayClock {
  const midnight = parseDate(date);
  // The day lies within 14 hours of its UTC reading: sample before, inside and after that.
  const early = offsetAt(midnight - 15 * HOUR_MS, timeZone);
  const late = offsetAt(midnight + DAY_MS + 15 * HOUR_MS, timeZone);
  const steady = early === late && offsetAt(midnight + 12 * HOUR_MS, timeZone) === early;
  if (steady) {
    return {
      date,
      instant: (minute) => midnight + minute * MINUTE_MS - early,
      atOrAfter: (minute) => midnight + minute * MINUTE_MS - early,
    };
  }
  return {
    date,
    instant: (minute) => occurrences(midnight + minute * MINUTE_MS, timeZone)[0] ?? null,
    atOrAfter: (minute) => atOrAfter(midnight + minute * MINUTE_MS, timeZone),
  };
}

/**
 * The zone as visitors read it, at an instant: its name in their language ("Malaysia Time",
 * "Waktu Malaysia"), its offset ("GMT+8", "GMT+5:30") and that offset in minutes.
 */
export function timeZoneLabel(
  timeZone: string,
  locale: string,
  at: Date,
): { name: string; offset: string; offsetMinutes: number } {
  const offsetMinutes = Math.round(offsetAt(at, timeZone) / 60_000);
  const hours = Math.trunc(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  const offset = `GMT${offsetMinutes < 0 ? '-' : '+'}${hours}${minutes ? `:${pad(minutes)}` : ''}`;
  let name = '';
  try {
    name =
      new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    name = '';
  }
  // Where ICU has no name it prints the offset itself: fall back to the zone's city.
  if (!name || name.startsWith('GMT')) name = timeZone.slice(timeZone.lastIndexOf('/') + 1).replace(/_/g, ' ');
  return { name, offset, offsetMinutes };
}

/** Local midnight of a day (plus `plusDays`) in the zone, as an instant (01:00 where midnight is skipped). */
export function zonedDayStart(day: string, timeZone: string, plusDays = 0): Date {
  const date = addDays(day, plusDays);
  return wallTimeToInstant(date, 0, timeZone) ?? wallTimeToInstant(date, 60, timeZone) ?? new Date(`${date}T00:00:00Z`);
}
