// Which days are open, full or closed, and "any practitioner".
import { describe, expect, it } from 'vitest';
import { computeAvailability } from './availability';
import { at, busy, daily, input, startsOf } from './availability-test-support';

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

describe('date overrides with hours', () => {
  it('replace the weekly hours that date only, on a day worked or not', () => {
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: at(9), endMinute: at(12) }));
    const result = computeAvailability(
      input({
        from: '2026-07-03', // Friday
        to: '2026-07-06', // Monday
        resources: [{ id: 'r1', hours: weekdays }],
        blockedDates: [
          { date: '2026-07-03', resourceId: 'r1', startMinute: at(10), endMinute: at(11) },
          { date: '2026-07-04', resourceId: 'r1', startMinute: at(14), endMinute: at(15) },
          { date: '2026-07-04', resourceId: 'r1', startMinute: at(16), endMinute: at(17) },
        ],
      }),
    );
    expect(result.days.map((d) => d.status)).toEqual(['available', 'available', 'closed', 'available']);
    expect(startsOf(result, 0)).toEqual(['10:00', '10:15', '10:30']);
    expect(startsOf(result, 1)).toEqual(['14:00', '14:15', '14:30', '16:00', '16:15', '16:30']);
    expect(startsOf(result, 3)[0]).toBe('09:00');
  });
  it('a day off of the same date wins over hours, and a holiday over both', () => {
    const result = computeAvailability(
      input({
        from: '2026-07-01',
        to: '2026-07-02',
        blockedDates: [
          { date: '2026-07-01', resourceId: 'r1', startMinute: at(14), endMinute: at(15) },
          { date: '2026-07-01', resourceId: 'r1' },
          { date: '2026-07-02', resourceId: 'r1', startMinute: at(14), endMinute: at(15) },
          { date: '2026-07-02', resourceId: null },
        ],
      }),
    );
    expect(result.days.map((d) => d.status)).toEqual(['blocked', 'blocked']);
  });
});
