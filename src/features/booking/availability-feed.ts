// The month availability feed in a compact shape (issue 11): what `GET /api/appointments/{id}/
// availability` answers and the SlotPicker island decodes. Pure: no I/O, no time zone data.
//
// The long form (`Availability`) repeats two ISO instants and every free practitioner's uuid on
// every slot: 157 KB for a month of a 20-practitioner service. Here
//   - practitioners are sent once (`resources`) and named by their index;
//   - slots are grouped by day, then by practitioner, as runs: `[index, start, count, start,
//     count, …]` — `count` starts `step` minutes apart beginning at `start`;
//   - times are whole minutes after 00:00 UTC of the day's date (negative or past 1440 when the
//     zone is far from UTC), so decoding needs no time zone data and is exact across DST; every
//     slot lasts `duration` minutes.
// `decodeAvailability(encodeAvailability(a, …))` gives back `a` exactly: the same days, the same
// slots in the same order, each slot's practitioners in the order of `resources`.
import type { Availability, AvailabilityDay, DayStatus, Slot } from './availability';

const MINUTE_MS = 60_000;

export interface FeedDay {
  date: string;
  status: DayStatus;
  /** Free runs per practitioner: `[resourceIndex, start, count, start, count, …]`; only when available. */
  free?: number[][];
}

export interface AvailabilityFeed {
  /** Minutes between consecutive starts of a run (the tenant's slot interval). */
  step: number;
  /** Minutes every slot lasts: end = start + duration. */
  duration: number;
  /** The practitioners (or rooms) that may deliver the service, in the order slots list them. */
  resources: string[];
  days: FeedDay[];
}

export interface FeedShape {
  /** The eligible resources in the order `computeAvailability` had them (a slot's `resourceIds` keep it). */
  resourceIds: string[];
  durationMinutes: number;
  stepMinutes: number;
}

const dayBase = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The compact feed of an availability. Throws RangeError when a slot does not fit the shape. */
export function encodeAvailability(availability: Availability, shape: FeedShape): AvailabilityFeed {
  const { resourceIds, durationMinutes, stepMinutes } = shape;
  if (!Number.isInteger(stepMinutes) || stepMinutes < 1) throw new RangeError('step must be a whole minute');
  const indexOf = new Map(resourceIds.map((id, index) => [id, index]));
  const days: FeedDay[] = availability.days.map((day) => {
    if (day.slots.length === 0) return { date: day.date, status: day.status };
    const base = dayBase(day.date);
    const startsOf: number[][] = resourceIds.map(() => []);
    for (const slot of day.slots) {
      const start = Date.parse(slot.start);
      const minutes = (start - base) / MINUTE_MS;
      if (!Number.isInteger(minutes) || Date.parse(slot.end) - start !== durationMinutes * MINUTE_MS) {
        throw new RangeError(`slot ${slot.start} does not fit the feed`);
      }
      for (const id of slot.resourceIds) {
        const index = indexOf.get(id);
        if (index === undefined) throw new RangeError(`unknown resource ${id}`);
        startsOf[index]?.push(minutes);
      }
    }
    const free: number[][] = [];
    startsOf.forEach((starts, index) => {
      if (starts.length === 0) return;
      const runs = [index];
      let runStart = starts[0] as number;
      let count = 1;
      for (let i = 1; i < starts.length; i += 1) {
        const minute = starts[i] as number;
        if (minute === runStart + count * stepMinutes) {
          count += 1;
        } else {
          runs.push(runStart, count);
          runStart = minute;
          count = 1;
        }
      }
      runs.push(runStart, count);
      free.push(runs);
    });
    return { date: day.date, status: day.status, free };
  });
  return { step: stepMinutes, duration: durationMinutes, resources: [...resourceIds], days };
}

/** The long form back: days with their status and slots (ISO instants, practitioners by id). */
export function decodeAvailability(feed: AvailabilityFeed): AvailabilityDay[] {
  const { step, duration, resources } = feed;
  return feed.days.map((day) => {
    if (!day.free || day.free.length === 0) return { date: day.date, status: day.status, slots: [] };
    const base = dayBase(day.date);
    // start minute → indexes of the practitioners free then, ascending (runs come by index).
    const free = new Map<number, number[]>();
    for (const runs of day.free) {
      const index = runs[0] as number;
      for (let i = 1; i + 1 < runs.length; i += 2) {
        const first = runs[i] as number;
        const count = runs[i + 1] as number;
        for (let n = 0; n < count; n += 1) {
          const minute = first + n * step;
          const list = free.get(minute);
          if (list) list.push(index);
          else free.set(minute, [index]);
        }
      }
    }
    const slots: Slot[] = [...free.keys()]
      .sort((a, b) => a - b)
      .map((minute) => {
        const start = base + minute * MINUTE_MS;
        return {
          start: new Date(start).toISOString(),
          end: new Date(start + duration * MINUTE_MS).toISOString(),
          resourceIds: (free.get(minute) as number[]).sort((a, b) => a - b).map((i) => resources[i] as string),
        };
      });
    return { date: day.date, status: day.status, slots };
  });
}
