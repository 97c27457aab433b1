// Slots of a day: generation, buffers, notice and horizon.
import { describe, expect, it } from 'vitest';
import { weekdayOf } from '#lib/zoned-time.ts';
import { computeAvailability, weeklyIntervals } from './availability';
import { at, busy, daily, input, kl, startsOf } from './availability-test-support';

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
