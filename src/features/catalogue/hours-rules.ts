import type { MessageKey } from '#i18n/t.ts';
import { isCalendarDay } from '#lib/dates.ts';
import { addDays, daysBetween } from '#lib/zoned-time.ts';

// The rules of working hours, date overrides and holidays as staff type them (pure). Times are
// "HH:mm" (or "H.mm", the Malay and Indonesian way), kept as minutes after local midnight in the
// tenant's zone; a list of ranges is "09:00-13:00, 14:00-18:00". Bad input gives each field its
// error (a message key with values) and nothing to save: the screens write nothing then.

export interface RuleError {
  key: MessageKey;
  values?: Record<string, string | number>;
}
export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, RuleError> };

export interface Range {
  startMinute: number;
  endMinute: number;
}
export interface WeeklyRow extends Range {
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}
/** One row of a date override: hours that date, or a day off (no minutes). */
export interface DateRow {
  date: string;
  startMinute: number | null;
  endMinute: number | null;
}

/** Weekdays in the order a week shows (Monday first), as `resource_hours.weekday`. */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
/** Longest leave range in one entry. */
export const MAX_OVERRIDE_DAYS = 92;
export const MAX_HOLIDAY_LINES = 100;

const CLOCK = /^(\d{1,2})[:.](\d{2})$/;

/** "09:30" or "9.30" → 570; "24:00" is the end of the day; anything else null. */
export function parseClock(text: string): number | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

export function formatClock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

export function formatRanges(ranges: readonly Range[]): string {
  return ranges.map((r) => `${formatClock(r.startMinute)}-${formatClock(r.endMinute)}`).join(', ');
}

/** "09:00-13:00, 14:00-18:00" → ranges in order; an error for a malformed, empty or overlapping one. */
export function parseRanges(text: string): { ok: true; value: Range[] } | { ok: false; error: RuleError } {
  const parts = text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const ranges: Range[] = [];
  for (const part of parts) {
    const [from, until, extra] = part.split(/\s*[-–—]\s*|\s+to\s+/);
    const startMinute = parseClock(from ?? '');
    const endMinute = parseClock(until ?? '');
    if (extra !== undefined || startMinute === null || endMinute === null)
      return { ok: false, error: { key: 'catalogue.hours.error.range', values: { value: part } } };
    if (endMinute <= startMinute)
      return { ok: false, error: { key: 'catalogue.hours.error.order', values: { value: part } } };
    ranges.push({ startMinute, endMinute });
  }
  ranges.sort((a, b) => a.startMinute - b.startMinute);
  for (let i = 1; i < ranges.length; i += 1) {
    const previous = ranges[i - 1] as Range;
    const range = ranges[i] as Range;
    if (range.startMinute < previous.endMinute)
      return {
        ok: false,
        error: {
          key: 'catalogue.hours.error.overlap',
          values: { a: formatRanges([previous]), b: formatRanges([range]) },
        },
      };
  }
  return { ok: true, value: ranges };
}

/**
 * One weekday of the weekly form: opening, closing and breaks (`open_1`, `close_1`, `breaks_1` for
 * Monday). All empty: not working. Breaks lie strictly inside the day and do not overlap; the
 * rows are the day minus its breaks.
 */
function parseWeekday(weekday: number, form: Record<string, string | undefined>, errors: Record<string, RuleError>) {
  const open = (form[`open_${weekday}`] ?? '').trim();
  const close = (form[`close_${weekday}`] ?? '').trim();
  const breaksText = (form[`breaks_${weekday}`] ?? '').trim();
  if (!open && !close && !breaksText) return [];
  if (!open || !close) {
    errors[open ? `close_${weekday}` : `open_${weekday}`] = { key: 'catalogue.hours.error.bothTimes' };
    return [];
  }
  const opens = parseClock(open);
  const closes = parseClock(close);
  if (opens === null) errors[`open_${weekday}`] = { key: 'catalogue.hours.error.time', values: { value: open } };
  if (closes === null) errors[`close_${weekday}`] = { key: 'catalogue.hours.error.time', values: { value: close } };
  if (opens === null || closes === null) return [];
  if (closes <= opens) {
    errors[`close_${weekday}`] = { key: 'catalogue.hours.error.order', values: { value: `${open}-${close}` } };
    return [];
  }
  const breaks = parseRanges(breaksText);
  if (!breaks.ok) {
    errors[`breaks_${weekday}`] = breaks.error;
    return [];
  }
  const outside = breaks.value.find((b) => b.startMinute <= opens || b.endMinute >= closes);
  if (outside) {
    errors[`breaks_${weekday}`] = {
      key: 'catalogue.hours.error.breakOutside',
      values: { value: formatRanges([outside]), within: formatRanges([{ startMinute: opens, endMinute: closes }]) },
    };
    return [];
  }
  const rows: WeeklyRow[] = [];
  let from = opens;
  for (const b of breaks.value) {
    rows.push({ weekday, startMinute: from, endMinute: b.startMinute });
    from = b.endMinute;
  }
  rows.push({ weekday, startMinute: from, endMinute: closes });
  return rows;
}

/** The weekly form → the rows of `resource_hours`, or each weekday's error. */
export function parseWeek(form: Record<string, string | undefined>): Checked<WeeklyRow[]> {
  const errors: Record<string, RuleError> = {};
  const rows = WEEK.flatMap((weekday) => parseWeekday(weekday, form, errors));
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: rows };
}

/** Stored rows → the weekly form's fields (opening, closing, the gaps as breaks). */
export function weekFields(rows: readonly WeeklyRow[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const weekday of WEEK) {
    const day = rows.filter((r) => r.weekday === weekday).sort((a, b) => a.startMinute - b.startMinute);
    const first = day[0];
    const last = day[day.length - 1];
    if (!first || !last) continue;
    fields[`open_${weekday}`] = formatClock(first.startMinute);
    fields[`close_${weekday}`] = formatClock(last.endMinute);
    const breaks: Range[] = [];
    for (let i = 1; i < day.length; i += 1) {
      const gapFrom = (day[i - 1] as WeeklyRow).endMinute;
      const gapUntil = (day[i] as WeeklyRow).startMinute;
      if (gapUntil > gapFrom) breaks.push({ startMinute: gapFrom, endMinute: gapUntil });
    }
    fields[`breaks_${weekday}`] = formatRanges(breaks);
  }
  return fields;
}

function checkDate(field: string, value: string, errors: Record<string, RuleError>): string | null {
  const text = value.trim();
  if (!text) {
    errors[field] = { key: 'field.required' };
    return null;
  }
  if (!isCalendarDay(text)) {
    errors[field] = { key: 'catalogue.date.error.invalid', values: { value: text } };
    return null;
  }
  return text;
}

/**
 * A date override (`from`, optional `to` for leave, `kind` off|hours, `hours` ranges) → one row per
 * date: a day off, or that date's hours.
 */
export function parseOverride(form: Record<string, string | undefined>): Checked<DateRow[]> {
  const errors: Record<string, RuleError> = {};
  const from = checkDate('from', form.from ?? '', errors);
  const to = (form.to ?? '').trim() ? checkDate('to', form.to ?? '', errors) : from;
  if (from && to && daysBetween(from, to) < 0) errors.to = { key: 'catalogue.date.error.order' };
  else if (from && to && daysBetween(from, to) >= MAX_OVERRIDE_DAYS)
    errors.to = { key: 'catalogue.date.error.tooLong', values: { max: MAX_OVERRIDE_DAYS } };
  const kind = form.kind === 'hours' ? 'hours' : form.kind === 'off' ? 'off' : null;
  if (!kind) errors.kind = { key: 'field.required' };
  let ranges: Range[] = [];
  if (kind === 'hours') {
    const parsed = parseRanges(form.hours ?? '');
    if (!parsed.ok) errors.hours = parsed.error;
    else if (parsed.value.length === 0) errors.hours = { key: 'field.required' };
    else ranges = parsed.value;
  }
  if (Object.keys(errors).length > 0 || !from || !to) return { ok: false, errors };
  const rows: DateRow[] = [];
  for (let date = from; daysBetween(date, to) >= 0; date = addDays(date, 1)) {
    if (kind === 'off') rows.push({ date, startMinute: null, endMinute: null });
    else for (const r of ranges) rows.push({ date, ...r });
  }
  return { ok: true, value: rows };
}

export interface Holiday {
  date: string;
  name: string;
}

const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A pasted list of holidays, one a line: "2026-08-31 Merdeka" or "31/08/2026 Merdeka" (day first,
 * as both countries write dates). Blank lines are passed over; each bad line is named.
 */
export function parseHolidays(text: string): Checked<Holiday[]> {
  const lines = text.split(/\r?\n/);
  const holidays: Holiday[] = [];
  const bad: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const [first = '', ...rest] = trimmed.split(/\s+/);
    const dayFirst = DAY_FIRST.exec(first.replace(/,$/, ''));
    const date = dayFirst
      ? `${dayFirst[3]}-${(dayFirst[2] ?? '').padStart(2, '0')}-${(dayFirst[1] ?? '').padStart(2, '0')}`
      : first.replace(/,$/, '');
    if (!isCalendarDay(date)) bad.push(first);
    else
      holidays.push({
        date,
        name: rest
          .join(' ')
          .replace(/^[-–—:,]\s*/, '')
          .slice(0, 120),
      });
  }
  if (bad.length > 0)
    return {
      ok: false,
      errors: { holidays: { key: 'catalogue.holidays.error.lines', values: { dates: bad.slice(0, 5).join(', ') } } },
    };
  if (holidays.length === 0) return { ok: false, errors: { holidays: { key: 'field.required' } } };
  if (holidays.length > MAX_HOLIDAY_LINES)
    return {
      ok: false,
      errors: { holidays: { key: 'catalogue.holidays.error.tooMany', values: { max: MAX_HOLIDAY_LINES } } },
    };
  const unique = new Map(holidays.map((h) => [h.date, h]));
  return { ok: true, value: [...unique.values()].sort((a, b) => a.date.localeCompare(b.date)) };
}
