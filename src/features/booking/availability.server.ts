import type { Db } from '#db/client.server.ts';
import { HttpError } from '#lib/http-error.ts';
import { addDays, dayClock, daysBetween, isDate, zonedDate } from '#lib/zoned-time.ts';
import { type Availability, type AvailabilityTrace, computeAvailability } from './availability';
import { loadBlockedDates, loadBusy, loadEligibleResources, loadServiceWithSettings } from './availability-repo.server';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Longest period one request may ask for: a month view with its spill-over weeks, thrice. */
export const MAX_REQUEST_DAYS = 93;

export interface AvailabilityRequest {
  tenant: { id: string; timeZone: string };
  serviceId: string;
  /** One practitioner or room; omitted for "any". */
  resourceId?: string | undefined;
  /** 'yyyy-MM-dd' in the tenant's zone, both inclusive. */
  from: string;
  to: string;
  now: Date;
  /** The schedule alone (hours, notice, horizon, blocked dates), as if nothing were booked. */
  ignoreBookings?: boolean;
}

/**
 * Free slots of a service per day, from four queries whatever the number of resources, days or
 * bookings: service + settings, resources + hours, then blocked dates and busy time together.
 * Null when the service does not exist or is inactive, or the resource asked for does not
 * deliver it (or is inactive). Throws HttpError 400 for a malformed or too long period.
 */
export async function availabilityFor(db: Db, request: AvailabilityRequest): Promise<Availability | null> {
  return (await computeFor(db, request))?.availability ?? null;
}

/** Availability with what the feed and the cache need besides the days. */
export interface ComputedAvailability {
  availability: Availability;
  /** The eligible resources, in the order slots list them. */
  resourceIds: string[];
  durationMinutes: number;
  stepMinutes: number;
  /** The instant from which the same data would give another answer (notice, horizon), epoch ms. */
  validUntil: number;
}

export async function computeFor(db: Db, request: AvailabilityRequest): Promise<ComputedAvailability | null> {
  const { tenant, serviceId, resourceId, from, to, now, ignoreBookings = false } = request;
  if (!isDate(from) || !isDate(to)) throw new HttpError(400);
  const dayCount = daysBetween(from, to) + 1;
  if (dayCount < 1 || dayCount > MAX_REQUEST_DAYS) throw new HttpError(400);
  if (!UUID.test(serviceId) || (resourceId !== undefined && !UUID.test(resourceId))) return null;

  const service = await loadServiceWithSettings(db, tenant.id, serviceId);
  if (!service?.active) return null;

  // Busy time that can touch a candidate: the days asked for, widened by a day either side for
  // any UTC offset, and narrowed to the bookable window (after now, before the horizon).
  const { settings } = service;
  const horizonDate = addDays(zonedDate(now, tenant.timeZone), settings.horizonDays);
  const lower = Math.max(Date.parse(from) - DAY_MS, now.getTime() - DAY_MS - service.bufferBeforeMinutes * MINUTE_MS);
  const upper = Math.min(
    Date.parse(addDays(to, 2)),
    Date.parse(addDays(horizonDate, 1)) + (service.durationMinutes + service.bufferAfterMinutes) * MINUTE_MS,
  );

  const resources = await loadEligibleResources(db, tenant.id, serviceId, resourceId);
  if (resourceId !== undefined && resources.length === 0) return null;
  const resourceIds = resources.map((r) => r.id);
  const [blockedDates, busy] = await Promise.all([
    loadBlockedDates(db, tenant.id, resourceIds, { from, to }),
    lower < upper && !ignoreBookings
      ? loadBusy(db, tenant.id, resourceIds, { from: new Date(lower), until: new Date(upper), now })
      : [],
  ]);

  const trace: AvailabilityTrace = { firstBookable: Number.POSITIVE_INFINITY };
  const availability = computeAvailability(
    { timeZone: tenant.timeZone, from, to, now, settings, service, resources, blockedDates, busy },
    trace,
  );
  // Tomorrow in the tenant's zone moves the horizon and "today".
  const nextMidnight = dayClock(addDays(zonedDate(now, tenant.timeZone), 1), tenant.timeZone).atOrAfter(0);
  return {
    availability,
    resourceIds,
    durationMinutes: service.durationMinutes,
    stepMinutes: settings.slotIntervalMinutes,
    validUntil: Math.min(nextMidnight, trace.firstBookable - settings.minNoticeMinutes * MINUTE_MS),
  };
}
