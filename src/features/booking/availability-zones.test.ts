// Time zones (DST, the tenant's zone) and a brute-force reference over random inputs.
import { describe, expect, it } from 'vitest';
import { addDays, wallTimeToInstant, weekdayOf } from '#lib/zoned-time.ts';
import { type AvailabilityInput, computeAvailability, weeklyIntervals } from './availability';
import { at, daily, input, KL, kl, startsOf } from './availability-test-support';

/** One practitioner (r1) in `timeZone` from `from` to `to`, no notice, asked on the 1st of `from`'s month. */
const inZone = (
  timeZone: string,
  from: string,
  to: string,
  slotIntervalMinutes: number,
  hours: ReturnType<typeof daily>,
  more: Partial<AvailabilityInput> = {},
) =>
  computeAvailability(
    input({
      timeZone,
      from,
      to,
      now: new Date(`${from.slice(0, 7)}-01T00:00:00Z`),
      settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes },
      resources: [{ id: 'r1', hours }],
      ...more,
    }),
  );

describe('time zones', () => {
  it('uses Asia/Jakarta (UTC+7)', () => {
    const result = computeAvailability(
      input({ timeZone: 'Asia/Jakarta', resources: [{ id: 'r1', hours: daily([at(8), at(9)]) }] }),
    );
    expect(result.days[0]?.slots.map((s) => s.start)).toEqual([
      '2026-07-01T01:00:00.000Z',
      '2026-07-01T01:15:00.000Z',
      '2026-07-01T01:30:00.000Z',
    ]);
  });

  it('moves 09:00 from 09:00 to 08:00 UTC across spring forward in Europe/London', () => {
    const result = inZone('Europe/London', '2026-03-28', '2026-03-30', 60, daily([at(9), at(10)]));
    expect(result.days.map((d) => d.slots[0]?.start)).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
  });

  it('skips wall times inside the spring-forward gap and measures real time', () => {
    const result = inZone('Europe/London', '2026-03-29', '2026-03-29', 30, daily([0, at(3)]));
    // Wall 00:00, 00:30 (GMT), 01:00 and 01:30 do not exist, 02:00 and 02:30 (BST); 03:00 BST = 02:00 UTC.
    expect(result.days[0]?.slots.map((s) => [s.start, s.end])).toEqual([
      ['2026-03-29T00:00:00.000Z', '2026-03-29T00:30:00.000Z'],
      ['2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29T01:00:00.000Z', '2026-03-29T01:30:00.000Z'],
      ['2026-03-29T01:30:00.000Z', '2026-03-29T02:00:00.000Z'],
    ]);
  });

  it('takes the first occurrence of a repeated wall time on fall-back day', () => {
    const result = inZone('Europe/London', '2026-10-24', '2026-10-25', 30, daily([0, at(3)], [at(9), at(10)]));
    expect(result.days[1]?.slots.map((s) => s.start)).toEqual([
      '2026-10-24T23:00:00.000Z', // 00:00 BST
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T00:00:00.000Z', // 01:00 BST, the first 01:00
      '2026-10-25T00:30:00.000Z', // 01:30 BST
      '2026-10-25T02:00:00.000Z', // 02:00 GMT
      '2026-10-25T02:30:00.000Z', // ends 03:00 GMT, the interval's end
      '2026-10-25T09:00:00.000Z', // 09:00 GMT
      '2026-10-25T09:30:00.000Z',
    ]);
    expect(result.days[0]?.slots.at(-1)?.start).toBe('2026-10-24T08:30:00.000Z'); // 09:30 BST
  });

  it('uses EDT after 8 March 2026 in America/New_York', () => {
    const result = inZone('America/New_York', '2026-03-07', '2026-03-08', 60, daily([at(9), at(10)]));
    expect(result.days.map((d) => d.slots[0]?.start)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z']);
  });

  it('blocks a busy range given in UTC at the right local time', () => {
    const result = inZone('Europe/London', '2026-03-29', '2026-03-29', 60, daily([at(9), at(12)]), {
      busy: [{ resourceId: 'r1', from: new Date('2026-03-29T09:00:00Z'), until: new Date('2026-03-29T10:00:00Z') }],
    });
    expect(startsOf(result, 0, 'Europe/London')).toEqual(['09:00', '11:00']); // 10:00 BST = 09:00 UTC is taken
  });
});

/** The rules written the slow, obvious way: every candidate against every busy range. */
function bruteForce(data: AvailabilityInput): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const horizon = wallTimeToInstant(addDays('2026-07-01', data.settings.horizonDays), 0, data.timeZone) as Date;
  const { durationMinutes: d, bufferBeforeMinutes: bb, bufferAfterMinutes: ba } = data.service;
  for (let day = data.from; day <= data.to; day = addDays(day, 1)) {
    if (data.blockedDates.some((b) => b.date === day && b.resourceId === null)) continue;
    for (const resource of data.resources) {
      if (data.blockedDates.some((b) => b.date === day && b.resourceId === resource.id)) continue;
      for (const interval of weeklyIntervals(resource.hours)[weekdayOf(day)] ?? []) {
        for (let m = interval.start; m + d + ba <= interval.end; m += data.settings.slotIntervalMinutes) {
          if (m - bb < interval.start) continue;
          const start = (wallTimeToInstant(day, m, data.timeZone) as Date).getTime();
          if (start < data.now.getTime() + data.settings.minNoticeMinutes * 60_000 || start >= horizon.getTime())
            continue;
          const a = start - bb * 60_000;
          const b = start + (d + ba) * 60_000;
          const clash = data.busy.some(
            (x) => x.resourceId === resource.id && x.from.getTime() < b && x.until.getTime() > a,
          );
          if (clash) continue;
          const key = new Date(start).toISOString();
          found.set(key, [...(found.get(key) ?? []), resource.id]);
        }
      }
    }
  }
  return found;
}

describe('against a brute-force reference', () => {
  it('agrees on a random month of 20 resources and 3,000 bookings', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const resources = Array.from({ length: 20 }, (_, i) => ({
      id: `r${String(i).padStart(2, '0')}`,
      hours: [1, 2, 3, 4, 5, 6].flatMap((weekday) =>
        random() < 0.15
          ? []
          : [
              { weekday, startMinute: at(8 + (i % 3)), endMinute: at(12 + (i % 2)) },
              { weekday, startMinute: at(14), endMinute: at(17 + (i % 4), 30) },
            ],
      ),
    }));
    const busyRanges = Array.from({ length: 3000 }, () => {
      const day = addDays('2026-07-01', Math.floor(random() * 31));
      const start = (wallTimeToInstant(day, at(8) + Math.floor(random() * 48) * 15, KL) as Date).getTime();
      const length = (1 + Math.floor(random() * 6)) * 10 * 60_000;
      return {
        resourceId: `r${String(Math.floor(random() * 20)).padStart(2, '0')}`,
        from: new Date(start),
        until: new Date(start + length),
      };
    });
    const data = input({
      from: '2026-07-01',
      to: '2026-07-31',
      now: kl('2026-07-01', 10, 7),
      settings: { minNoticeMinutes: 120, horizonDays: 25, slotIntervalMinutes: 15 },
      service: { durationMinutes: 40, bufferBeforeMinutes: 5, bufferAfterMinutes: 10 },
      resources,
      blockedDates: [
        { date: '2026-07-07', resourceId: null },
        { date: '2026-07-09', resourceId: 'r03' },
        { date: '2026-07-10', resourceId: 'r03' },
      ],
      busy: busyRanges,
    });
    const result = computeAvailability(data);
    const ours = new Map(result.days.flatMap((day) => day.slots.map((s) => [s.start, s.resourceIds] as const)));
    const reference = bruteForce(data);
    expect(reference.size).toBeGreaterThan(500);
    expect(ours).toEqual(reference);
    expect(result.days.find((d) => d.date === '2026-07-07')?.status).toBe('blocked');
    expect(result.days.find((d) => d.date === '2026-07-31')?.status).toBe('closed'); // beyond the horizon
  });
});
