// The time of day and the wall-clock parts the date formats (dates.ts) are made of, apart from the
// month names so an island that writes only times (the queue board's clock) ships no date-fns.
// See dates.ts for the formats and words of each language.
export type DateLocale = 'en' | 'ms' | 'id';

export interface LocaleWords {
  at: string;
  /** The 12-hour clock's markers (`hh:mma`), or null for the 24-hour clock (`HH.mm`). */
  marker: { am: string; pm: string } | null;
}

const WORDS: Record<DateLocale, LocaleWords> = {
  en: { at: 'at', marker: { am: 'AM', pm: 'PM' } },
  ms: { at: 'pada', marker: { am: 'PG', pm: 'PTG' } },
  id: { at: 'pukul', marker: null },
};

export function words(locale: DateLocale): LocaleWords {
  // Unknown locales at runtime (e.g. from a cookie) fall back to English.
  return WORDS[locale] ?? WORDS.en;
}

export interface WallTime {
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
export function wallTime(date: Date, timeZone: string | undefined): Readonly<WallTime> {
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

export const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function toDate(date: Date | number): Date | null {
  const d = typeof date === 'number' ? new Date(date) : date;
  return Number.isNaN(d.getTime()) ? null : d;
}

export function clock(t: Readonly<WallTime>, w: LocaleWords): string {
  if (!w.marker) return `${pad(t.hour)}.${pad(t.minute)}`;
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${pad(hour12)}:${pad(t.minute)}${t.hour < 12 ? w.marker.am : w.marker.pm}`;
}

/** The time of day: `hh:mma` ("03:05PM", "03:05PTG"), in Indonesian `HH.mm` ("15.05"). Invalid dates give ''. */
export function formatTime(date: Date | number, locale: DateLocale, timeZone?: string): string {
  const d = toDate(date);
  if (!d) return '';
  return clock(wallTime(d, timeZone), words(locale));
}
