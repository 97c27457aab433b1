import { describe, expect, it } from 'vitest';
import { wallTimeToInstant } from '#lib/zoned-time.ts';
import { outsideHours } from './outside-hours';

const KL = 'Asia/Kuala_Lumpur';
const at = (date: string, hour: number, minutes = 30) => {
  const startsAt = wallTimeToInstant(date, hour * 60, KL) as Date;
  return { id: `${date} ${hour}`, startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
};
// 2026-07-06 is a Monday.
const weekly = [
  { weekday: 1, startMinute: 9 * 60, endMinute: 13 * 60 },
  { weekday: 1, startMinute: 14 * 60, endMinute: 18 * 60 },
];

describe('bookings outside the hours', () => {
  it('lists those in a break, after closing, on a day not worked, a day off or a holiday', () => {
    const bookings = [
      at('2026-07-06', 9),
      at('2026-07-06', 13),
      at('2026-07-06', 12, 90),
      at('2026-07-06', 17, 30),
      at('2026-07-06', 18),
      at('2026-07-07', 10),
      at('2026-07-13', 10),
      at('2026-07-20', 10),
    ];
    const outside = outsideHours(
      bookings,
      {
        weekly,
        dates: [{ date: '2026-07-13', startMinute: null, endMinute: null }],
        holidays: new Set(['2026-07-20']),
      },
      KL,
    );
    expect(outside.map((b) => b.id)).toEqual([
      '2026-07-06 13',
      '2026-07-06 12',
      '2026-07-06 18',
      '2026-07-07 10',
      '2026-07-13 10',
      '2026-07-20 10',
    ]);
  });
  it('a date’s extra hours cover a booking on a day not worked weekly', () => {
    const saturday = at('2026-07-11', 10);
    const schedule = {
      weekly,
      dates: [{ date: '2026-07-11', startMinute: 9 * 60, endMinute: 12 * 60 }],
      holidays: new Set<string>(),
    };
    expect(outsideHours([saturday], schedule, KL)).toEqual([]);
    expect(outsideHours([saturday], { ...schedule, dates: [] }, KL)).toEqual([saturday]);
  });
});
