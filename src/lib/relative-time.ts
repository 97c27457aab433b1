// "3 minutes ago" labels (SPEC §9): seconds, minutes, hours, days, weeks, months,
// then an absolute date once a year has passed.
import type { DateLocale } from './dates';
import { formatDate } from './dates';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<DateLocale, Intl.RelativeTimeFormat>();

function formatter(locale: DateLocale): Intl.RelativeTimeFormat {
  let f = formatters.get(locale);
  if (!f) {
    // numeric 'always' keeps "1 day ago" instead of "yesterday", matching the other units.
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    formatters.set(locale, f);
  }
  return f;
}

/**
 * `date` relative to `now`: past ("3 minutes ago") or future ("in 3 hours").
 * Units floor, so 59 s is seconds and 60 s is "1 minute". Weeks are whole
 * weeks (7-29 days), months are 30-day blocks (30-364 days), and from 365 days
 * on the absolute `dd Mon yyyy` date is shown (in `timeZone` if given).
 */
export function relativeTime(date: Date | number, now: Date | number, locale: DateLocale, timeZone?: string): string {
  const t = typeof date === 'number' ? date : date.getTime();
  const n = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(t) || !Number.isFinite(n)) return '';

  const diff = t - n;
  const abs = Math.abs(diff);
  // "now" counts as past: "0 seconds ago", not "in 0 seconds".
  const sign = diff > 0 ? 1 : -1;
  const f = formatter(locale);

  if (abs < MINUTE) return f.format(sign * Math.floor(abs / SECOND), 'second');
  if (abs < HOUR) return f.format(sign * Math.floor(abs / MINUTE), 'minute');
  if (abs < DAY) return f.format(sign * Math.floor(abs / HOUR), 'hour');
  const days = Math.floor(abs / DAY);
  if (days < 7) return f.format(sign * days, 'day');
  if (days < 30) return f.format(sign * Math.floor(days / 7), 'week');
  if (days < 365) return f.format(sign * Math.max(1, Math.floor(days / 30)), 'month');
  return formatDate(t, locale, timeZone);
}
