import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayClock,
  daysBetween,
  isDate,
  offsetAt,
  timeZoneLabel,
  wallTimeToInstant,
  weekdayOf,
  zonedDate,
} from './zoned-time';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const at = (hour: number, minute = 0) => hour * 60 + minute;

describe('calendar dates', () => {
  it('gives the weekday of a date (0 = Sunday)', () => {
    expect(weekdayOf('2026-03-29')).toBe(0);
    expect(weekdayOf('2026-07-01')).toBe(3);
    expect(weekdayOf('2026-10-31')).toBe(6);
    expect(weekdayOf('2028-02-29')).toBe(2);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-07-01', 0)).toBe('2026-07-01');
    expect(daysBetween('2026-07-01', '2026-07-31')).toBe(30);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-07-02', '2026-07-01')).toBe(-1);
  });

  it('rejects what is not a calendar date', () => {
    expect(isDate('2026-02-29')).toBe(false);
    expect(isDate('2026-2-1')).toBe(false);
    expect(isDate('2026-02-28')).toBe(true);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => weekdayOf('tomorrow')).toThrow(RangeError);
  });
});

describe('Asia/Kuala_Lumpur (UTC+8, no DST)', () => {
  const tz = 'Asia/Kuala_Lumpur';
  it('maps wall time to UTC and back', () => {
    expect(iso(wallTimeToInstant('2026-07-01', at(9), tz))).toBe('2026-07-01T01:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-07-01', 0, tz))).toBe('2026-06-30T16:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-07-01', 1440, tz))).toBe('2026-07-01T16:00:00.000Z');
    expect(offsetAt(new Date('2026-07-01T00:00:00Z'), tz)).toBe(8 * 3_600_000);
  });
  it('gives the local date around midnight', () => {
    expect(zonedDate(new Date('2026-06-30T15:59:59Z'), tz)).toBe('2026-06-30');
    expect(zonedDate(new Date('2026-06-30T16:00:00Z'), tz)).toBe('2026-07-01');
    expect(zonedDate(new Date('2026-12-31T16:30:00Z'), tz)).toBe('2027-01-01');
  });
});

describe('Asia/Jakarta (UTC+7, no DST)', () => {
  const tz = 'Asia/Jakarta';
  it('maps wall time to UTC and back', () => {
    expect(iso(wallTimeToInstant('2026-08-17', at(8, 30), tz))).toBe('2026-08-17T01:30:00.000Z');
    expect(zonedDate(new Date('2026-08-16T17:00:00Z'), tz)).toBe('2026-08-17');
    expect(zonedDate(new Date('2026-08-16T16:59:00Z'), tz)).toBe('2026-08-16');
  });
});

describe('Europe/London (DST)', () => {
  const tz = 'Europe/London';
  it('uses GMT before and BST after spring forward (29 March 2026)', () => {
    expect(iso(wallTimeToInstant('2026-03-28', at(9), tz))).toBe('2026-03-28T09:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-03-29', at(0, 30), tz))).toBe('2026-03-29T00:30:00.000Z');
    expect(iso(wallTimeToInstant('2026-03-29', at(9), tz))).toBe('2026-03-29T08:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-03-29', at(2), tz))).toBe('2026-03-29T01:00:00.000Z');
  });
  it('has no instant for a wall time in the spring-forward gap', () => {
    expect(wallTimeToInstant('2026-03-29', at(1), tz)).toBeNull();
    expect(wallTimeToInstant('2026-03-29', at(1, 30), tz)).toBeNull();
    expect(wallTimeToInstant('2026-03-29', at(1, 59), tz)).toBeNull();
  });
  it('takes the first occurrence in the fall-back overlap (25 October 2026)', () => {
    expect(iso(wallTimeToInstant('2026-10-25', at(0, 30), tz))).toBe('2026-10-24T23:30:00.000Z');
    expect(iso(wallTimeToInstant('2026-10-25', at(1), tz))).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-10-25', at(1, 30), tz))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(wallTimeToInstant('2026-10-25', at(2), tz))).toBe('2026-10-25T02:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-10-25', at(9), tz))).toBe('2026-10-25T09:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-10-24', at(9), tz))).toBe('2026-10-24T08:00:00.000Z');
  });
  it('gives local dates across both transitions', () => {
    expect(zonedDate(new Date('2026-03-28T23:59:00Z'), tz)).toBe('2026-03-28');
    expect(zonedDate(new Date('2026-06-30T23:30:00Z'), tz)).toBe('2026-07-01');
    expect(zonedDate(new Date('2026-10-25T00:30:00Z'), tz)).toBe('2026-10-25');
    expect(zonedDate(new Date('2026-10-24T22:59:00Z'), tz)).toBe('2026-10-24');
    expect(zonedDate(new Date('2026-10-24T23:00:00Z'), tz)).toBe('2026-10-25');
  });
  it('day clocks agree with wallTimeToInstant on transition days, and a gap maps to its end', () => {
    for (const date of ['2026-03-28', '2026-03-29', '2026-10-25', '2026-10-26']) {
      const clock = dayClock(date, tz);
      for (let minute = 0; minute <= 1440; minute += 15) {
        expect(clock.instant(minute)).toBe(wallTimeToInstant(date, minute, tz)?.getTime() ?? null);
      }
    }
    const spring = dayClock('2026-03-29', tz);
    expect(new Date(spring.atOrAfter(at(1, 30))).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(spring.atOrAfter(at(2, 30))).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});

describe('America/New_York (DST)', () => {
  const tz = 'America/New_York';
  it('uses EST and EDT around 8 March 2026', () => {
    expect(iso(wallTimeToInstant('2026-03-07', at(9), tz))).toBe('2026-03-07T14:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-03-08', at(9), tz))).toBe('2026-03-08T13:00:00.000Z');
    expect(wallTimeToInstant('2026-03-08', at(2, 30), tz)).toBeNull();
    expect(iso(wallTimeToInstant('2026-03-08', at(3), tz))).toBe('2026-03-08T07:00:00.000Z');
    expect(new Date(dayClock('2026-03-08', tz).atOrAfter(at(2, 15))).toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });
  it('takes the first 01:30 on 1 November 2026', () => {
    expect(iso(wallTimeToInstant('2026-11-01', at(1, 30), tz))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(wallTimeToInstant('2026-11-01', at(9), tz))).toBe('2026-11-01T14:00:00.000Z');
  });
  it('gives the local date for an instant west of UTC', () => {
    expect(zonedDate(new Date('2026-07-01T03:59:00Z'), tz)).toBe('2026-06-30');
    expect(zonedDate(new Date('2026-07-01T04:00:00Z'), tz)).toBe('2026-07-01');
  });
});

describe('a zone whose midnight falls in a gap', () => {
  // America/Santiago springs forward at 24:00 → 01:00 (6 September 2026 has no 00:00–00:59).
  const tz = 'America/Santiago';
  it('starts the day at the end of the gap', () => {
    expect(wallTimeToInstant('2026-09-06', 0, tz)).toBeNull();
    expect(new Date(dayClock('2026-09-06', tz).atOrAfter(0)).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(iso(wallTimeToInstant('2026-09-06', at(1), tz))).toBe('2026-09-06T04:00:00.000Z');
  });
});

it('throws for an unknown zone', () => {
  expect(() => zonedDate(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
});

describe('timeZoneLabel', () => {
  const at = new Date('2026-11-23T04:00:00Z');
  it('names the clinic’s zone in the visitor’s language, with its offset', () => {
    expect(timeZoneLabel('Asia/Kuala_Lumpur', 'en', at)).toEqual({
      name: 'Malaysia Time',
      offset: 'GMT+8',
      offsetMinutes: 480,
    });
    expect(timeZoneLabel('Asia/Kuala_Lumpur', 'ms', at).name).toBe('Waktu Malaysia');
    expect(timeZoneLabel('Asia/Kolkata', 'en', at)).toMatchObject({ offset: 'GMT+5:30', offsetMinutes: 330 });
    expect(timeZoneLabel('America/New_York', 'en', at)).toMatchObject({ offset: 'GMT-5', offsetMinutes: -300 });
  });
});
