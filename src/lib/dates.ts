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
//   id: "pukul", AM/PM (CLDR id has no native marker) → 22/11/2026 pukul 03:05PM
// Month abbreviations come from date-fns' locales (ms: Ogo for August, id: Agt).
import type { Locale, Month } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { id } from 'date-fns/locale/id';
import { ms } from 'date-fns/locale/ms';

export type DateLocale = 'en' | 'ms' | 'id';

interface LocaleWords {
  dateFns: Locale;
  at: string;
  am: string;
  pm: string;
}

const WORDS: Record<DateLocale, LocaleWords> = {
  en: { dateFns: enUS, at: 'at', am: 'AM', pm: 'PM' },
  ms: { dateFns: ms, at: 'pada', am: 'PG', pm: 'PTG' },
  id: { dateFns: id, at: 'pukul', am: 'AM', pm: 'PM' },
};

function words(locale: DateLocale): LocaleWords {
  // Unknown locales at runtime (e.g. from a cookie) fall back to English.
  return WORDS[locale] ?? WORDS.en;
}

interface WallTime {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
}

const zonedFormatters = new Map<string, Intl.DateTimeFormat | null>();

function zonedFormatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = zonedFormatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        // h23, not hour12:false, which prints midnight as "24" in some engines.
        hourCycle: 'h23',
      });
    } catch {
      f = null; // unknown zone name
    }
    zonedFormatters.set(timeZone, f);
  }
  return f;
}

const WALL_TIMES_KEPT = 2000;
const wallTimes = new Map<string, Readonly<WallTime>>();

/**
 * Wall-clock parts of `date` in `timeZone`. An unknown zone falls back to the
 * runtime's local zone rather than breaking the page over a bad setting.
 */
function wallTime(date: Date, timeZone: string | undefined): Readonly<WallTime> {
  const formatter = timeZone ? zonedFormatter(timeZone) : null;
  if (!formatter) {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  }
  // formatToParts is the dearest step of a page that shows dates: the same instants come back on
  // every request of that page (an invoice's dates), so their parts are kept.
  const key = `${timeZone}|${date.getTime()}`;
  const known = wallTimes.get(key);
  if (known) return known;
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const p of formatter.formatToParts(date)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const time = {
    year: parts.year ?? 0,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
  if (wallTimes.size >= WALL_TIMES_KEPT) wallTimes.clear();
  wallTimes.set(key, time);
  return time;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function toDate(date: Date | number): Date | null {
  const d = typeof date === 'number' ? new Date(date) : date;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `dd/MM/yyyy at hh:mma`, e.g. "22/11/2026 at 03:05PM". Invalid dates give ''. */
export function formatDateTime(date: Date | number, locale: DateLocale, timeZone?: string): string {
  const d = toDate(date);
  if (!d) return '';
  const t = wallTime(d, timeZone);
  const w = words(locale);
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  const marker = t.hour < 12 ? w.am : w.pm;
  return `${pad(t.day)}/${pad(t.month + 1)}/${pad(t.year, 4)} ${w.at} ${pad(hour12)}:${pad(t.minute)}${marker}`;
}

/** `dd Mon yyyy`, e.g. "22 Nov 2026", "05 Ogo 2026" (ms). Invalid dates give ''. */
export function formatDate(date: Date | number, locale: DateLocale, timeZone?: string): string {
  const d = toDate(date);
  if (!d) return '';
  const t = wallTime(d, timeZone);
  const month = words(locale).dateFns.localize.month(t.month as Month, { width: 'abbreviated', context: 'formatting' });
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
