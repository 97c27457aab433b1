import { describe, expect, it } from 'vitest';
import { wallTimeToInstant } from '#lib/zoned-time.ts';
import { type AvailabilityInput, computeAvailability, type WorkingHours } from './availability';
import { decodeAvailability, encodeAvailability } from './availability-feed';
import { AvailabilityResponse } from './slot-page-answers';

const at = (hour: number, minute = 0) => hour * 60 + minute;
const week = (days: number[], ...intervals: [number, number][]): WorkingHours[] =>
  days.flatMap((weekday) => intervals.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })));

/** Deterministic pseudo-random numbers. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A month of many practitioners with breaks, leave and random bookings. */
function month(timeZone: string, from: string, to: string, practitioners: number, seed: number): AvailabilityInput {
  const random = prng(seed);
  const resources = Array.from({ length: practitioners }, (_, i) => ({
    id: `r${i}`,
    hours:
      i % 3 === 0
        ? week([1, 2, 3, 4, 5], [at(9), at(13)], [at(14), at(18)])
        : i % 3 === 1
          ? week([0, 2, 4, 6], [at(8, 30), at(12, 10)], [at(13, 5), at(21)])
          : week([1, 3, 5], [at(0), at(2, 30)], [at(22), at(24)]),
  }));
  const busy = Array.from({ length: practitioners * 20 }, () => {
    const day = 1 + Math.floor(random() * 28);
    const date = `${from.slice(0, 8)}${String(day).padStart(2, '0')}`;
    const start = wallTimeToInstant(date, at(8) + Math.floor(random() * 40) * 15, timeZone) as Date;
    return {
      resourceId: `r${Math.floor(random() * practitioners)}`,
      from: start,
      until: new Date(start.getTime() + (20 + Math.floor(random() * 60)) * 60_000),
    };
  });
  return {
    timeZone,
    from,
    to,
    now: new Date(`${from}T09:17:00Z`),
    settings: { minNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15 },
    service: { durationMinutes: 30, bufferBeforeMinutes: 5, bufferAfterMinutes: 10 },
    resources,
    blockedDates: [
      { date: `${from.slice(0, 8)}10`, resourceId: null },
      { date: `${from.slice(0, 8)}12`, resourceId: 'r1' },
    ],
    busy,
  };
}

function roundTrip(input: AvailabilityInput) {
  const availability = computeAvailability(input);
  const feed = encodeAvailability(availability, {
    resourceIds: input.resources.map((r) => r.id),
    durationMinutes: input.service.durationMinutes,
    stepMinutes: input.settings.slotIntervalMinutes,
  });
  // Through JSON and the island's answer schema, as the browser gets it.
  const checked = AvailabilityResponse.safeParse(JSON.parse(JSON.stringify(feed)));
  if (!checked.success) throw new Error('the feed does not fit the answer schema');
  const decoded = decodeAvailability(checked.data);
  return { availability, feed, decoded };
}

describe('the compact availability feed', () => {
  it.each([
    ['Asia/Kuala_Lumpur', '2030-07-01', '2030-07-31'],
    ['Asia/Jakarta', '2030-02-01', '2030-02-28'],
    // DST both ways: wall-clock slots across a spring-forward gap and a fall-back overlap.
    ['Europe/London', '2030-03-01', '2030-03-31'],
    ['America/New_York', '2030-11-01', '2030-11-30'],
    ['Pacific/Kiritimati', '2030-05-01', '2030-05-31'],
  ])('decodes to exactly the slot list it encodes (%s)', (timeZone, from, to) => {
    const { availability, decoded } = roundTrip(month(timeZone, from, to, 7, 42));
    expect(availability.days.some((d) => d.status === 'available')).toBe(true);
    expect(availability.days.some((d) => d.status === 'blocked')).toBe(true);
    expect(decoded).toEqual(availability.days);
  });

  it('sends each practitioner once and slots as runs of minutes, grouped by day', () => {
    const { feed, availability } = roundTrip(month('Asia/Kuala_Lumpur', '2030-07-01', '2030-07-31', 3, 7));
    expect(feed.resources).toEqual(['r0', 'r1', 'r2']);
    expect(feed.step).toBe(15);
    expect(feed.duration).toBe(30);
    expect(feed.days.map((d) => d.date)).toEqual(availability.days.map((d) => d.date));
    const closed = feed.days.find((d) => d.status !== 'available');
    expect(closed?.free).toBeUndefined();
    const monday = feed.days.find((d) => d.date === '2030-07-08');
    // r0 works from 09:00 on the 15-minute grid; with 5 minutes of buffer before, its first start
    // is 09:15 in Kuala Lumpur (UTC+8): 01:15 UTC, 75 minutes after 00:00 UTC of the date.
    const r0 = monday?.free?.find((runs) => runs[0] === 0);
    expect(r0?.[1]).toBe(75);
  });

  it('keeps a slot off the grid as a run of one', () => {
    const availability = {
      days: [
        {
          date: '2030-01-02',
          status: 'available' as const,
          slots: [
            { start: '2030-01-02T01:00:00.000Z', end: '2030-01-02T01:30:00.000Z', resourceIds: ['a', 'b'] },
            { start: '2030-01-02T01:07:00.000Z', end: '2030-01-02T01:37:00.000Z', resourceIds: ['b'] },
            { start: '2030-01-02T01:15:00.000Z', end: '2030-01-02T01:45:00.000Z', resourceIds: ['a'] },
          ],
        },
      ],
    };
    const feed = encodeAvailability(availability, { resourceIds: ['a', 'b'], durationMinutes: 30, stepMinutes: 15 });
    expect(feed.days[0]?.free).toEqual([
      [0, 60, 2],
      [1, 60, 1, 67, 1],
    ]);
    expect(decodeAvailability(feed)).toEqual(availability.days);
  });

  it('refuses what it cannot express (a slot of another length, an unknown practitioner)', () => {
    const day = (end: string, resourceIds: string[]) => ({
      days: [
        {
          date: '2030-01-02',
          status: 'available' as const,
          slots: [{ start: '2030-01-02T01:00:00.000Z', end, resourceIds }],
        },
      ],
    });
    const shape = { resourceIds: ['a'], durationMinutes: 30, stepMinutes: 15 };
    expect(() => encodeAvailability(day('2030-01-02T01:45:00.000Z', ['a']), shape)).toThrow(RangeError);
    expect(() => encodeAvailability(day('2030-01-02T01:30:00.000Z', ['z']), shape)).toThrow(RangeError);
  });

  it('is a small fraction of the long form for 20 practitioners', () => {
    const { availability, feed } = roundTrip(month('Asia/Kuala_Lumpur', '2030-07-01', '2030-07-31', 20, 11));
    const long = JSON.stringify(availability).length;
    const short = JSON.stringify(feed).length;
    expect(short * 10).toBeLessThan(long);
  });
});
