import { addDays } from '#lib/zoned-time.ts';
// When the gifts of a weekly or monthly donation fall (issue 12). Pure: dates are calendar days
// 'YYYY-MM-DD' in the tenant's time zone, computed on the proleptic Gregorian calendar in UTC
// arithmetic so no runtime time zone or DST can shift a day.
//
// - weekly: every 7 days from the first day (same weekday).
// - monthly: the first day's day-of-month in each following month, clamped to the month's last
//   day; the clamp never moves the anchor (31 Jan → 28/29 Feb → 31 Mar → 30 Apr → 31 May).

export const DONATION_FREQUENCIES = ['weekly', 'monthly'] as const;
export type DonationFrequency = (typeof DONATION_FREQUENCIES)[number];

/** The most gifts one plan may have (10 years of months, ~19 years of weeks). */
export const MAX_SCHEDULE_COUNT = 1000;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface Day {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

/** Parses 'YYYY-MM-DD' (a real calendar day, year 1000-9999), or null. */
export function parseIsoDay(value: string): Day | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in `month` (1-12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function format({ year, month, day }: Day): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The anchor's day-of-month `months` months after `first`, clamped to that month's last day. */
export function addMonthsClamped(first: string, months: number): string {
  const start = parseIsoDay(first);
  if (!start) throw new RangeError(`not a calendar day: ${first}`);
  const index = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return format({ year, month, day: Math.min(start.day, daysInMonth(year, month)) });
}

/**
 * The `count` due days of a plan whose first gift is on `first`: `[first, …]`. Throws a RangeError
 * for a malformed day, an unknown frequency or a count outside 1..MAX_SCHEDULE_COUNT (callers
 * validate input first; this is a programming error).
 */
export function scheduleDates(first: string, frequency: DonationFrequency, count: number): string[] {
  if (!parseIsoDay(first)) throw new RangeError(`not a calendar day: ${first}`);
  if (!Number.isSafeInteger(count) || count < 1 || count > MAX_SCHEDULE_COUNT) {
    throw new RangeError(`count out of range: ${count}`);
  }
  const dates: string[] = [];
  for (let n = 0; n < count; n++) {
    if (frequency === 'weekly') dates.push(addDays(first, 7 * n));
    else if (frequency === 'monthly') dates.push(addMonthsClamped(first, n));
    else throw new RangeError(`unknown frequency: ${String(frequency)}`);
  }
  return dates;
}

/** The day of the last gift (what the form's preview shows). */
export function lastScheduleDate(first: string, frequency: DonationFrequency, count: number): string {
  const dates = scheduleDates(first, frequency, count);
  return dates[dates.length - 1] as string;
}
