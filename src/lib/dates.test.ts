import { describe, expect, it } from 'vitest';
import type { DateLocale } from './dates';
import { formatDate, formatDateTime, formatTime, isCalendarDay } from './dates';

const KL = 'Asia/Kuala_Lumpur'; // UTC+8, no DST
const JKT = 'Asia/Jakarta'; // UTC+7, no DST

// 22 Nov 2026 07:05 UTC = 15:05 in KL, 14:05 in Jakarta
const AFTERNOON = Date.UTC(2026, 10, 22, 7, 5);

describe('formatDateTime', () => {
  it('writes Indonesian times on the 24-hour clock with a dot, as Intl does for id', () => {
    expect(formatDateTime(Date.UTC(2026, 10, 22, 4, 48), 'id', KL)).toBe('22/11/2026 pukul 12.48');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 16, 0), 'id', KL)).toBe('02/01/2026 pukul 00.00');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 15, 59), 'id', KL)).toBe('01/01/2026 pukul 23.59');
    const intl = new Intl.DateTimeFormat('id', { timeZone: KL, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (const hour of [0, 4, 9, 13, 23]) {
      const at = Date.UTC(2026, 10, 22, hour, 7);
      expect(formatTime(at, 'id', KL)).toBe(intl.format(at));
    }
  });

  it('uses localised "at" words and AM/PM markers', () => {
    expect(formatDateTime(AFTERNOON, 'en', KL)).toBe('22/11/2026 at 03:05PM');
    expect(formatDateTime(AFTERNOON, 'ms', KL)).toBe('22/11/2026 pada 03:05PTG');
    expect(formatDateTime(AFTERNOON, 'id', KL)).toBe('22/11/2026 pukul 15.05');
  });

  it('shows the wall time of the given zone', () => {
    expect(formatDateTime(AFTERNOON, 'en', JKT)).toBe('22/11/2026 at 02:05PM');
    expect(formatDateTime(AFTERNOON, 'en', 'UTC')).toBe('22/11/2026 at 07:05AM');
    expect(formatDateTime(new Date(AFTERNOON), 'id', JKT)).toBe('22/11/2026 pukul 14.05');
  });

  it('crosses the date line per zone', () => {
    // 31 Aug 2026 16:30 UTC = 1 Sep 00:30 in KL, still 31 Aug 23:30 in Jakarta
    const t = Date.UTC(2026, 7, 31, 16, 30);
    expect(formatDateTime(t, 'en', KL)).toBe('01/09/2026 at 12:30AM');
    expect(formatDateTime(t, 'ms', KL)).toBe('01/09/2026 pada 12:30PG');
    expect(formatDateTime(t, 'en', JKT)).toBe('31/08/2026 at 11:30PM');
  });

  it('writes midnight and noon as 12 with the right marker', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 1, 16, 0), 'en', KL)).toBe('02/01/2026 at 12:00AM');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 4, 0), 'en', KL)).toBe('01/01/2026 at 12:00PM');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 3, 59), 'ms', KL)).toBe('01/01/2026 pada 11:59PG');
    expect(formatDateTime(Date.UTC(2026, 0, 1, 4, 1), 'ms', KL)).toBe('01/01/2026 pada 12:01PTG');
  });

  it('uses local time when no zone is given', () => {
    const local = new Date(2026, 10, 22, 15, 5);
    expect(formatDateTime(local, 'en')).toBe('22/11/2026 at 03:05PM');
    expect(formatDateTime(local.getTime(), 'ms')).toBe('22/11/2026 pada 03:05PTG');
  });

  it('falls back to local time for an unknown zone', () => {
    const local = new Date(2026, 10, 22, 9, 5);
    expect(formatDateTime(local, 'en', 'Mars/Olympus')).toBe('22/11/2026 at 09:05AM');
  });

  it('returns empty for an invalid date', () => {
    expect(formatDateTime(Number.NaN, 'en')).toBe('');
    expect(formatDateTime(new Date('nope'), 'en', KL)).toBe('');
  });

  it('falls back to English words for an unknown locale', () => {
    expect(formatDateTime(AFTERNOON, 'fr' as DateLocale, KL)).toBe('22/11/2026 at 03:05PM');
  });
});

describe('formatTime', () => {
  it('writes the time of day in each language', () => {
    const at = Date.UTC(2026, 10, 22, 4, 48); // 12:48 in KL
    expect(formatTime(at, 'en', KL)).toBe('12:48PM');
    expect(formatTime(at, 'ms', KL)).toBe('12:48PTG');
    expect(formatTime(at, 'id', KL)).toBe('12.48');
    expect(formatTime(AFTERNOON, 'id', JKT)).toBe('14.05');
    expect(formatTime(Number.NaN, 'id')).toBe('');
  });
});

describe('formatDate', () => {
  it('formats dd Mon yyyy', () => {
    expect(formatDate(AFTERNOON, 'en', KL)).toBe('22 Nov 2026');
    expect(formatDate(AFTERNOON, 'ms', KL)).toBe('22 Nov 2026');
    expect(formatDate(AFTERNOON, 'id', KL)).toBe('22 Nov 2026');
  });

  it('localises August', () => {
    const aug = Date.UTC(2026, 7, 5, 4, 0);
    expect(formatDate(aug, 'en', KL)).toBe('05 Aug 2026');
    expect(formatDate(aug, 'ms', KL)).toBe('05 Ogo 2026');
    expect(formatDate(aug, 'id', KL)).toBe('05 Agt 2026');
  });

  it("uses each locale's month abbreviations", () => {
    const months = (locale: DateLocale) =>
      Array.from({ length: 12 }, (_, m) => formatDate(Date.UTC(2026, m, 15, 4), locale, KL).split(' ')[1]);
    expect(months('en')).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(months('ms')).toEqual(['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis']);
    expect(months('id')).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des']);
  });

  it('takes the day from the given zone', () => {
    const t = Date.UTC(2026, 7, 31, 16, 30);
    expect(formatDate(t, 'en', KL)).toBe('01 Sep 2026');
    expect(formatDate(t, 'en', JKT)).toBe('31 Aug 2026');
  });

  it('uses local time when no zone is given, and empty for invalid dates', () => {
    expect(formatDate(new Date(2026, 11, 3, 23, 59), 'id')).toBe('03 Des 2026');
    expect(formatDate(Number.NaN, 'en')).toBe('');
  });
});

describe('isCalendarDay', () => {
  it('takes only days that exist', () => {
    for (const day of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(isCalendarDay(day)).toBe(true);
    for (const day of ['2026-02-31', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-2-1', ''])
      expect(isCalendarDay(day)).toBe(false);
  });
});
