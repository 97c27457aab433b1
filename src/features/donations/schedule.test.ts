import { describe, expect, it } from 'vitest';
import { addDays } from '#lib/zoned-time.ts';
import {
  addMonthsClamped,
  daysInMonth,
  isLeapYear,
  lastScheduleDate,
  MAX_SCHEDULE_COUNT,
  parseIsoDay,
  scheduleDates,
} from './schedule';

describe('calendar days', () => {
  it('knows leap years (every 4th, not centuries, except every 400th)', () => {
    expect([2024, 2028, 2000, 2400].map(isLeapYear)).toEqual([true, true, true, true]);
    expect([2026, 2027, 1900, 2100].map(isLeapYear)).toEqual([false, false, false, false]);
  });

  it('knows month lengths', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2027, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2028, 2)).toBe(29);
  });

  it('parses a real day in the YYYY-MM-DD form', () => {
    expect(parseIsoDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it.each(['2027-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-01', '26-01-01', '', '2026-01-01T00:00'])(
    'parses only real days in the YYYY-MM-DD form, not %j',
    (bad) => expect(parseIsoDay(bad)).toBeNull(),
  );

  it.each([
    ['2026-12-29', 7, '2027-01-05'],
    ['2028-02-26', 7, '2028-03-04'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
  ])('adds days across months, years and leap days: %s + %i is %s', (day, n, later) =>
    expect(addDays(day, n)).toBe(later),
  );

  it.each([
    ['2027-01-31', 1, '2027-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2027-01-31', 3, '2027-04-30'],
    ['2026-11-15', 2, '2027-01-15'],
    ['2026-12-31', 12, '2027-12-31'],
  ])('adds months clamped to the month end: %s + %i is %s', (day, n, later) =>
    expect(addMonthsClamped(day, n)).toBe(later),
  );
});

describe('scheduleDates', () => {
  it('weekly: the same weekday every 7 days', () => {
    const dates = scheduleDates('2026-11-23', 'weekly', 6);
    expect(dates).toEqual(['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28']);
    const weekdays = dates.map((d) => new Date(`${d}T00:00:00Z`).getUTCDay());
    expect(new Set(weekdays)).toEqual(new Set([1]));
  });

  it('weekly: across a year end and a leap day', () => {
    expect(scheduleDates('2027-12-27', 'weekly', 3)).toEqual(['2027-12-27', '2028-01-03', '2028-01-10']);
    expect(scheduleDates('2028-02-22', 'weekly', 2)).toEqual(['2028-02-22', '2028-02-29']);
  });

  it('monthly: the same day of the month', () => {
    expect(scheduleDates('2026-11-23', 'monthly', 12)).toEqual([
      '2026-11-23',
      '2026-12-23',
      '2027-01-23',
      '2027-02-23',
      '2027-03-23',
      '2027-04-23',
      '2027-05-23',
      '2027-06-23',
      '2027-07-23',
      '2027-08-23',
      '2027-09-23',
      '2027-10-23',
    ]);
  });

  it('monthly from the 31st: clamped to each month end, the anchor kept', () => {
    expect(scheduleDates('2027-01-31', 'monthly', 6)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
  });

  it('monthly from 31 Jan in a leap year: 29 Feb', () => {
    expect(scheduleDates('2028-01-31', 'monthly', 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('monthly from 29 Feb: 29th in every later month, 28 Feb in common years', () => {
    expect(scheduleDates('2028-02-29', 'monthly', 13)).toEqual([
      '2028-02-29',
      '2028-03-29',
      '2028-04-29',
      '2028-05-29',
      '2028-06-29',
      '2028-07-29',
      '2028-08-29',
      '2028-09-29',
      '2028-10-29',
      '2028-11-29',
      '2028-12-29',
      '2029-01-29',
      '2029-02-28',
    ]);
  });

  it('monthly from the 30th: February clamped, March back to the 30th', () => {
    expect(scheduleDates('2026-12-30', 'monthly', 4)).toEqual(['2026-12-30', '2027-01-30', '2027-02-28', '2027-03-30']);
  });

  it('a century that is not a leap year', () => {
    expect(scheduleDates('2100-01-29', 'monthly', 2)).toEqual(['2100-01-29', '2100-02-28']);
    expect(scheduleDates('2100-02-22', 'weekly', 2)).toEqual(['2100-02-22', '2100-03-01']);
  });

  it('one gift is just the first day', () => {
    expect(scheduleDates('2026-11-23', 'monthly', 1)).toEqual(['2026-11-23']);
    expect(scheduleDates('2026-11-23', 'weekly', 1)).toEqual(['2026-11-23']);
  });

  it('always has count strictly increasing dates', () => {
    for (const frequency of ['weekly', 'monthly'] as const) {
      for (const first of ['2026-01-31', '2027-02-28', '2028-02-29', '2026-08-31', '2026-05-15']) {
        const dates = scheduleDates(first, frequency, 60);
        expect(dates).toHaveLength(60);
        for (let i = 1; i < dates.length; i++) expect((dates[i] ?? '') > (dates[i - 1] ?? '')).toBe(true);
        expect(new Set(dates).size).toBe(60);
      }
    }
  });

  it('the last date', () => {
    expect(lastScheduleDate('2026-11-23', 'monthly', 12)).toBe('2027-10-23');
    expect(lastScheduleDate('2026-11-23', 'weekly', 4)).toBe('2026-12-14');
  });

  it('refuses bad input', () => {
    expect(() => scheduleDates('2027-02-29', 'monthly', 3)).toThrow(RangeError);
    expect(() => scheduleDates('2026-11-23', 'monthly', 0)).toThrow(RangeError);
    expect(() => scheduleDates('2026-11-23', 'monthly', 1.5)).toThrow(RangeError);
    expect(() => scheduleDates('2026-11-23', 'weekly', MAX_SCHEDULE_COUNT + 1)).toThrow(RangeError);
    expect(() => scheduleDates('2026-11-23', 'daily' as never, 2)).toThrow(RangeError);
  });
});
