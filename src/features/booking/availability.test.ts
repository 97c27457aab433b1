import { describe, expect, it } from 'vitest';
import { addDays, wallTimeToInstant, weekdayOf } from '#lib/zoned-time.ts';
import { type AvailabilityInput, computeAvailability, type WorkingHours, weeklyIntervals } from './availability';

const KL = 'Asia/Kuala_Lumpur';
const at = (hour: number, minute = 0) => hour * 60 + minute;
/** Every weekday, the same intervals. */
const daily = (...intervals: [number, number][]): WorkingHours[] =>
  [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
    intervals.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
  );
/** An instant from a KL wall time. */
const kl = (date: string, hour: number, minute = 0) => wallTimeToInstant(date, at(hour, minute), KL) as Date;
const busy = (resourceId: string, date: string, from: [number, number], until: [number, number], tz = KL) => ({
  resourceId,
  from: wallTimeToInstant(date, at(...from), tz) as Date,
  until: wallTimeToInstant(date, at(...until), tz) as Date,
});

function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    timeZone: KL,
    from: '2026-07-01',
    to: '2026-07-01',
    now: new Date('2026-06-01T00:00:00Z'),
    settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 15 },
    service: { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
    resources: [{ id: 'r1', hours: daily([at(9), at(12)]) }],
    blockedDates: [],
    busy: [],
    ...overrides,
  };
}

/** The local wall times (HH:mm) of a day's slot starts. */
function startsOf(result: ReturnType<typeof computeAvailability>, day = 0, tz = KL): string[] {
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (result.days[day]?.slots ?? []).map((slot) => formatter.format(new Date(slot.start)));
}

describe('slot generation', () => {
  it('offers starts every interval from the working start while the appointment fits', () => {
    const result = computeAvailability(input());
    expect(result.days).toHaveLength(1);
    expect(result.days[0]?.status).toBe('available');
    expect(startsOf(result)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
    ]);
    // Asia/Kuala_Lumpur is UTC+8 all year.
    expect(result.days[0]?.slots[0]).toEqual({
      start: '2026-07-01T01:00:00.000Z',
      end: '2026-07-01T01:30:00.000Z',
      resourceIds: ['r1'],
    });
    expect(result.days[0]?.slots.at(-1)?.end).toBe('2026-07-01T04:00:00.000Z');
  });

  it('aligns the grid to the interval start, not to the hour', () => {
    const result = computeAvailability(
      input({
        settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 20 },
        service: { durationMinutes: 15, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
        resources: [{ id: 'r1', hours: daily([at(9, 10), at(10)]) }],
      }),
    );
    expect(startsOf(result)).toEqual(['09:10', '09:30']); // 09:50 + 15 > 10:00
  });

  it('keeps appointments out of breaks', () => {
    const result = computeAvailability(
      input({
        service: { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
        resources: [{ id: 'r1', hours: daily([at(14), at(16)], [at(9), at(11)]) }],
      }),
    );
    expect(startsOf(result)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '14:00',
      '14:15',
      '14:30',
      '14:45',
      '15:00',
    ]);
  });

  it('merges touching or overlapping hours of one resource (no break without a gap)', () => {
    expect(weeklyIntervals(daily([at(9), at(11)], [at(11), at(13)], [at(12), at(12, 30)]))[3]).toEqual([
      { start: at(9), end: at(13) },
    ]);
    const result = computeAvailability(
      input({
        service: { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
        resources: [{ id: 'r1', hours: daily([at(9), at(11)], [at(11), at(13)]) }],
      }),
    );
    expect(startsOf(result)).toContain('10:30');
    expect(startsOf(result).at(-1)).toBe('12:00');
  });

  it('uses only the hours of the date’s weekday and ignores nonsense rows', () => {
    const wednesday = '2026-07-01';
    expect(weekdayOf(wednesday)).toBe(3);
    const result = computeAvailability(
      input({
        resources: [
          {
            id: 'r1',
            hours: [
              { weekday: 3, startMinute: at(15), endMinute: at(16) },
              { weekday: 4, startMinute: at(9), endMinute: at(12) },
              { weekday: 3, startMinute: at(18), endMinute: at(17) },
              { weekday: 9, startMinute: at(9), endMinute: at(12) },
            ],
          },
        ],
      }),
    );
    expect(startsOf(result)).toEqual(['15:00', '15:15', '15:30']);
  });
});

describe('buffers', () => {
  const service = { durationMinutes: 30, bufferBeforeMinutes: 10, bufferAfterMinutes: 5 };

  it('must fit inside the working interval, both sides', () => {
    const result = computeAvailability(
      input({ service, resources: [{ id: 'r1', hours: daily([at(9), at(10, 30)]) }] }),
    );
    // 09:00 would need preparation from 08:50; 10:00 would clean up until 10:35.
    expect(startsOf(result)).toEqual(['09:15', '09:30', '09:45']);
  });

  it('keep the buffer after clear of the next booking', () => {
    const result = computeAvailability(
      input({
        service,
        busy: [busy('r1', '2026-07-01', [10, 30], [11, 0])],
        resources: [{ id: 'r1', hours: daily([at(9), at(12)]) }],
      }),
    );
    // Start s is free when [s − 10, s + 35) misses [10:30, 11:00): s ≤ 09:55 or s ≥ 11:10.
    expect(startsOf(result)).toEqual(['09:15', '09:30', '09:45', '11:15']);
  });

  it('keep the buffer before clear of the previous booking', () => {
    const result = computeAvailability(
      input({
        service,
        busy: [busy('r1', '2026-07-01', [9, 0], [9, 40])],
        resources: [{ id: 'r1', hours: daily([at(9), at(11)]) }],
      }),
    );
    // s − 10 ≥ 09:40 → s ≥ 09:50; s + 35 ≤ 11:00 → s ≤ 10:25.
    expect(startsOf(result)).toEqual(['10:00', '10:15']);
  });

  it('treat busy ranges as half-open: back to back is allowed', () => {
    const result = computeAvailability(
      input({
        busy: [busy('r1', '2026-07-01', [9, 30], [10, 0])],
        resources: [{ id: 'r1', hours: daily([at(9), at(10, 30)]) }],
      }),
    );
    expect(startsOf(result)).toEqual(['09:00', '10:00']);
  });

  it('cope with unsorted and overlapping busy ranges', () => {
    const result = computeAvailability(
      input({
        busy: [
          busy('r1', '2026-07-01', [11, 0], [11, 30]),
          busy('r1', '2026-07-01', [9, 0], [9, 45]),
          busy('r1', '2026-07-01', [9, 30], [10, 15]),
          busy('r2', '2026-07-01', [9, 0], [12, 0]),
        ],
      }),
    );
    expect(startsOf(result)).toEqual(['10:15', '10:30', '11:30']);
  });
});

describe('notice and horizon', () => {
  it('offers nothing earlier than now + minimum notice (a start exactly then is fine)', () => {
    const result = computeAvailability(
      input({
        now: kl('2026-07-01', 9, 0),
        settings: { minNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15 },
      }),
    );
    expect(startsOf(result)).toEqual(['11:00', '11:15', '11:30']);
  });

  it('calls a day closed when the notice leaves no start in it', () => {
    const result = computeAvailability(
      input({
        from: '2026-06-30',
        to: '2026-07-02',
        now: kl('2026-07-01', 11, 31),
        settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 15 },
      }),
    );
    expect(result.days.map((d) => [d.date, d.status])).toEqual([
      ['2026-06-30', 'closed'],
      ['2026-07-01', 'closed'],
      ['2026-07-02', 'available'],
    ]);
  });

  it('offers nothing from the local midnight of today + horizonDays', () => {
    const result = computeAvailability(
      input({
        from: '2026-07-01',
        to: '2026-07-05',
        // 23:30 on 30 June in Kuala Lumpur (15:30 UTC): "today" is the local date, 30 June.
        now: new Date('2026-06-30T15:30:00Z'),
        settings: { minNoticeMinutes: 0, horizonDays: 3, slotIntervalMinutes: 15 },
      }),
    );
    expect(result.days.map((d) => d.status)).toEqual(['available', 'available', 'closed', 'closed', 'closed']);
  });

  it('counts the horizon from local midnight, not from the current time', () => {
    const result = computeAvailability(
      input({
        now: kl('2026-06-30', 20, 0),
        settings: { minNoticeMinutes: 0, horizonDays: 2, slotIntervalMinutes: 60 },
        from: '2026-06-30',
        to: '2026-07-02',
        service: { durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 },
        resources: [{ id: 'r1', hours: daily([0, at(3)]) }],
      }),
    );
    // now + 48 h would still allow 00:00–02:00 on 2 July; the horizon ends at its midnight.
    expect(result.days.map((d) => [d.date, d.status, d.slots.length])).toEqual([
      ['2026-06-30', 'closed', 0],
      ['2026-07-01', 'available', 3],
      ['2026-07-02', 'closed', 0],
    ]);
  });
});

describe('day status', () => {
  const two = [
    { id: 'r1', hours: daily([at(9), at(10)]) },
    { id: 'r2', hours: daily([at(9), at(10)]) },
  ];

  it('is closed when nobody works that weekday', () => {
    const weekdaysOnly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: at(9), endMinute: at(17) }));
    const result = computeAvailability(
      input({ from: '2026-07-03', to: '2026-07-06', resources: [{ id: 'r1', hours: weekdaysOnly }] }),
    );
    expect(result.days.map((d) => [d.date, d.status])).toEqual([
      ['2026-07-03', 'available'], // Friday
      ['2026-07-04', 'closed'],
      ['2026-07-05', 'closed'],
      ['2026-07-06', 'available'],
    ]);
  });

  it('is closed when the hours are shorter than the service', () => {
    const result = computeAvailability(input({ resources: [{ id: 'r1', hours: daily([at(9), at(9, 20)]) }] }));
    expect(result.days[0]?.status).toBe('closed');
  });

  it('is closed without resources', () => {
    expect(computeAvailability(input({ resources: [] })).days[0]?.status).toBe('closed');
  });

  it('is full when bookings took every start', () => {
    const result = computeAvailability(
      input({
        resources: two,
        busy: [busy('r1', '2026-07-01', [9, 0], [10, 0]), busy('r2', '2026-07-01', [8, 0], [9, 45])],
      }),
    );
    expect(result.days[0]).toEqual({ date: '2026-07-01', slots: [], status: 'full' });
  });

  it('is blocked for a holiday of everyone, even on a day nobody works', () => {
    const weekdaysOnly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: at(9), endMinute: at(17) }));
    const result = computeAvailability(
      input({
        from: '2026-07-05', // Sunday
        to: '2026-07-05',
        resources: [{ id: 'r1', hours: weekdaysOnly }],
        blockedDates: [{ date: '2026-07-05', resourceId: null }],
      }),
    );
    expect(result.days[0]?.status).toBe('blocked');
  });

  it('is blocked for a holiday of everyone, whatever the hours', () => {
    const result = computeAvailability(
      input({
        from: '2026-08-31',
        to: '2026-09-01',
        now: new Date('2026-08-15T00:00:00Z'),
        resources: two,
        blockedDates: [{ date: '2026-08-31', resourceId: null }],
      }),
    );
    expect(result.days.map((d) => [d.date, d.status, d.slots.length])).toEqual([
      ['2026-08-31', 'blocked', 0],
      ['2026-09-01', 'available', 3],
    ]);
  });

  it('drops only that resource for a resource’s leave', () => {
    const result = computeAvailability(
      input({ resources: two, blockedDates: [{ date: '2026-07-01', resourceId: 'r1' }] }),
    );
    expect(result.days[0]?.status).toBe('available');
    expect(result.days[0]?.slots.map((s) => s.resourceIds)).toEqual([['r2'], ['r2'], ['r2']]);
  });

  it('is blocked when every resource working that day is on leave', () => {
    const result = computeAvailability(
      input({
        resources: [...two, { id: 'r3', hours: [] }],
        blockedDates: [
          { date: '2026-07-01', resourceId: 'r1' },
          { date: '2026-07-01', resourceId: 'r2' },
          { date: '2026-07-02', resourceId: 'r2' },
        ],
      }),
    );
    expect(result.days[0]?.status).toBe('blocked');
  });

  it('lists one entry per day, from and to inclusive, and none when to < from', () => {
    const result = computeAvailability(input({ from: '2026-06-29', to: '2026-07-05' }));
    expect(result.days.map((d) => d.date)).toEqual([
      '2026-06-29',
      '2026-06-30',
      '2026-07-01',
      '2026-07-02',
      '2026-07-03',
      '2026-07-04',
      '2026-07-05',
    ]);
    expect(computeAvailability(input({ from: '2026-07-02', to: '2026-07-01' })).days).toEqual([]);
  });

  it('rejects impossible settings', () => {
    expect(() =>
      computeAvailability(input({ settings: { minNoticeMinutes: 0, horizonDays: 1, slotIntervalMinutes: 0 } })),
    ).toThrow(RangeError);
    expect(() =>
      computeAvailability(input({ service: { durationMinutes: 30, bufferBeforeMinutes: -5, bufferAfterMinutes: 0 } })),
    ).toThrow(RangeError);
    expect(() => computeAvailability(input({ from: '2026-01-01', to: '2027-12-31' }))).toThrow(RangeError);
  });
});

describe('"any practitioner"', () => {
  it('lists every resource free at a start, in the resources’ order', () => {
    const result = computeAvailability(
      input({
        resources: [
          { id: 'amina', hours: daily([at(9), at(10)]) },
          { id: 'budi', hours: daily([at(9), at(10)]) },
          { id: 'chen', hours: daily([at(9, 30), at(10)]) },
        ],
        busy: [busy('amina', '2026-07-01', [9, 15], [9, 45])],
      }),
    );
    expect(result.days[0]?.slots.map((s) => [s.start, s.resourceIds])).toEqual([
      ['2026-07-01T01:00:00.000Z', ['budi']],
      ['2026-07-01T01:15:00.000Z', ['budi']],
      ['2026-07-01T01:30:00.000Z', ['budi', 'chen']],
    ]);
  });

  it('merges the grids of resources with different start times into one sorted list', () => {
    const result = computeAvailability(
      input({
        settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 30 },
        resources: [
          { id: 'late', hours: daily([at(9, 10), at(10, 10)]) },
          { id: 'early', hours: daily([at(9), at(10)]) },
        ],
      }),
    );
    expect(startsOf(result)).toEqual(['09:00', '09:10', '09:30', '09:40']);
    expect(result.days[0]?.slots[0]?.resourceIds).toEqual(['early']);
  });
});

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
    const result = computeAvailability(
      input({
        timeZone: 'Europe/London',
        from: '2026-03-28',
        to: '2026-03-30',
        now: new Date('2026-03-01T00:00:00Z'),
        settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 60 },
        resources: [{ id: 'r1', hours: daily([at(9), at(10)]) }],
      }),
    );
    expect(result.days.map((d) => d.slots[0]?.start)).toEqual([
      '2026-03-28T09:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
    ]);
  });

  it('skips wall times inside the spring-forward gap and measures real time', () => {
    const result = computeAvailability(
      input({
        timeZone: 'Europe/London',
        from: '2026-03-29',
        to: '2026-03-29',
        now: new Date('2026-03-01T00:00:00Z'),
        settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 30 },
        resources: [{ id: 'r1', hours: daily([0, at(3)]) }],
      }),
    );
    // Wall 00:00, 00:30 (GMT), 01:00 and 01:30 do not exist, 02:00 and 02:30 (BST); 03:00 BST = 02:00 UTC.
    expect(result.days[0]?.slots.map((s) => [s.start, s.end])).toEqual([
      ['2026-03-29T00:00:00.000Z', '2026-03-29T00:30:00.000Z'],
      ['2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z'],
      ['2026-03-29T01:00:00.000Z', '2026-03-29T01:30:00.000Z'],
      ['2026-03-29T01:30:00.000Z', '2026-03-29T02:00:00.000Z'],
    ]);
  });

  it('takes the first occurrence of a repeated wall time on fall-back day', () => {
    const result = computeAvailability(
      input({
        timeZone: 'Europe/London',
        from: '2026-10-24',
        to: '2026-10-25',
        now: new Date('2026-10-01T00:00:00Z'),
        settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 30 },
        resources: [{ id: 'r1', hours: daily([0, at(3)], [at(9), at(10)]) }],
      }),
    );
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
    const result = computeAvailability(
      input({
        timeZone: 'America/New_York',
        from: '2026-03-07',
        to: '2026-03-08',
        now: new Date('2026-03-01T00:00:00Z'),
        settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 60 },
        resources: [{ id: 'r1', hours: daily([at(9), at(10)]) }],
      }),
    );
    expect(result.days.map((d) => d.slots[0]?.start)).toEqual(['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z']);
  });

  it('blocks a busy range given in UTC at the right local time', () => {
    const result = computeAvailability(
      input({
        timeZone: 'Europe/London',
        from: '2026-03-29',
        to: '2026-03-29',
        now: new Date('2026-03-01T00:00:00Z'),
        settings: { minNoticeMinutes: 0, horizonDays: 60, slotIntervalMinutes: 60 },
        resources: [{ id: 'r1', hours: daily([at(9), at(12)]) }],
        busy: [{ resourceId: 'r1', from: new Date('2026-03-29T09:00:00Z'), until: new Date('2026-03-29T10:00:00Z') }],
      }),
    );
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
