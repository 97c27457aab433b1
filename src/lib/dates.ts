// Date formats of SPEC §9: "dd/MM/yyyy at hh:mma" and "dd Mon yyyy".
//
// Wall-clock parts come from Intl (for a given time zone) or the Date's local
// getters; the strings are then assembled by hand. That avoids rebuilding a
// Date in the runtime's zone (which breaks across DST gaps) and keeps the
// output identical on the server and in the browser, whatever their ICU.
//
// Localised words, taken from CLDR (what Intl itself prints for these locales):
//   en: "at", AM/PM   → 22/11/2026 at 03:05PM
//   ms: "pada", PG/PTG (pagi/petang) → 22/11/2026 pada 03:05PTG
//   id: "pukul", and the 24-hour clock with a dot, as Indonesian writes the time (CLDR id,
//       Intl's `hourCycle: 'h23'` for 'id': "15.05") → 22/11/2026 pukul 15.05
// Month abbreviations come from date-fns' locales (ms: Ogo for August, id: Agt).
import type { Locale, Month } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { id } from 'date-fns/locale/id';
import { ms } from 'date-fns/locale/ms';
import { clock, type DateLocale, pad, toDate, wallTime, words } from './wall-time';

export { type DateLocale, formatTime } from './wall-time';

// Month names (wall-time.ts holds the rest, so time-only islands load no date-fns locale).
const MONTH_NAMES: Record<DateLocale, Locale> = { en: enUS, ms, id };

/** `dd/MM/yyyy at hh:mma`, e.g. "22/11/2026 at 03:05PM", "22/11/2026 pukul 15.05". Invalid dates give ''. */
export function formatDateTime(date: Date | number, locale: DateLocale, timeZone?: string): string {
  const d = toDate(date);
  if (!d) return '';
  const t = wallTime(d, timeZone);
  const w = words(locale);
  return `${pad(t.day)}/${pad(t.month + 1)}/${pad(t.year, 4)} ${w.at} ${clock(t, w)}`;
}

/** `dd Mon yyyy`, e.g. "22 Nov 2026", "05 Ogo 2026" (ms). Invalid dates give ''. */
export function formatDate(date: Date | number, locale: DateLocale, timeZone?: string): string {
  const d = toDate(date);
  if (!d) return '';
  const t = wallTime(d, timeZone);
  const month = (MONTH_NAMES[locale] ?? enUS).localize.month(t.month as Month, {
    width: 'abbreviated',
    context: 'formatting',
  });
  return `${pad(t.day)} ${month} ${pad(t.year, 4)}`;
}

/**
 * A `yyyy-mm-dd` day that exists: `Date.parse` reads 2026-02-31 as 3 March, so the day must read
 * back the same (no 31 February, no month 13).
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}
