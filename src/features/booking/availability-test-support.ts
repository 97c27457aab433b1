// Shared by the availability tests: Kuala Lumpur wall times, weekly hours, a default input and the
// slot starts of a day as local HH:mm.
import { wallTimeToInstant } from '#lib/zoned-time.ts';
import type { AvailabilityInput, computeAvailability, WorkingHours } from './availability';

export const KL = 'Asia/Kuala_Lumpur';
export const at = (hour: number, minute = 0) => hour * 60 + minute;
/** Every weekday, the same intervals. */
export const daily = (...intervals: [number, number][]): WorkingHours[] =>
  [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
    intervals.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
  );
/** An instant from a KL wall time. */
export const kl = (date: string, hour: number, minute = 0) => wallTimeToInstant(date, at(hour, minute), KL) as Date;
export const busy = (resourceId: string, date: string, from: [number, number], until: [number, number], tz = KL) => ({
  resourceId,
  from: wallTimeToInstant(date, at(...from), tz) as Date,
  until: wallTimeToInstant(date, at(...until), tz) as Date,
});

export function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
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
export function startsOf(result: ReturnType<typeof computeAvailability>, day = 0, tz = KL): string[] {
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (result.days[day]?.slots ?? []).map((slot) => formatter.format(new Date(slot.start)));
}
