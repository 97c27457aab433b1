import { and, asc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import {
  BLOCKING_STATUSES,
  blockedDates,
  bookingSettings,
  bookings,
  resourceHours,
  resources,
  serviceResources,
  services,
} from '#db/schema/index.ts';
import type { WorkingHours } from './availability';

// What availability needs, in four queries whatever the number of resources, days or bookings;
// every query is scoped by tenant.

/** Defaults when a tenant has no booking_settings row (the column defaults of the schema). */
export const DEFAULT_BOOKING_SETTINGS = { minNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15 } as const;

export interface AvailabilityService {
  id: string;
  active: boolean;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  settings: { minNoticeMinutes: number; horizonDays: number; slotIntervalMinutes: number };
}

/** Query 1: the service and the tenant's booking settings (defaults when none), or null. */
export async function loadServiceWithSettings(
  db: Db,
  tenantId: string,
  serviceId: string,
): Promise<AvailabilityService | null> {
  const [row] = await db
    .select({
      id: services.id,
      active: services.active,
      durationMinutes: services.durationMinutes,
      bufferBeforeMinutes: services.bufferBeforeMinutes,
      bufferAfterMinutes: services.bufferAfterMinutes,
      minNoticeMinutes: bookingSettings.minNoticeMinutes,
      horizonDays: bookingSettings.horizonDays,
      slotIntervalMinutes: bookingSettings.slotIntervalMinutes,
    })
    .from(services)
    .leftJoin(bookingSettings, eq(bookingSettings.tenantId, services.tenantId))
    .where(ofTenant(services, tenantId, eq(services.id, serviceId)));
  if (!row) return null;
  return {
    id: row.id,
    active: row.active,
    durationMinutes: row.durationMinutes,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    settings: {
      minNoticeMinutes: row.minNoticeMinutes ?? DEFAULT_BOOKING_SETTINGS.minNoticeMinutes,
      horizonDays: row.horizonDays ?? DEFAULT_BOOKING_SETTINGS.horizonDays,
      slotIntervalMinutes: row.slotIntervalMinutes ?? DEFAULT_BOOKING_SETTINGS.slotIntervalMinutes,
    },
  };
}

/** Query 2: active resources that deliver the service (or just the one asked for) with their weekly hours. */
export async function loadEligibleResources(
  db: Db,
  tenantId: string,
  serviceId: string,
  resourceId?: string,
): Promise<{ id: string; hours: WorkingHours[] }[]> {
  const rows = await db
    .select({
      id: resources.id,
      weekday: resourceHours.weekday,
      startMinute: resourceHours.startMinute,
      endMinute: resourceHours.endMinute,
    })
    .from(serviceResources)
    .innerJoin(resources, and(eq(resources.id, serviceResources.resourceId), eq(resources.tenantId, tenantId)))
    .leftJoin(resourceHours, and(eq(resourceHours.resourceId, resources.id), eq(resourceHours.tenantId, tenantId)))
    .where(
      ofTenant(
        serviceResources,
        tenantId,
        eq(serviceResources.serviceId, serviceId),
        resourceId === undefined ? undefined : eq(serviceResources.resourceId, resourceId),
        eq(resources.active, true),
      ),
    )
    .orderBy(asc(resources.name), asc(resources.id));
  const byId = new Map<string, { id: string; hours: WorkingHours[] }>();
  for (const row of rows) {
    const resource = byId.get(row.id) ?? { id: row.id, hours: [] };
    byId.set(row.id, resource);
    if (row.weekday !== null && row.startMinute !== null && row.endMinute !== null) {
      resource.hours.push({ weekday: row.weekday, startMinute: row.startMinute, endMinute: row.endMinute });
    }
  }
  return [...byId.values()];
}

/** Query 3: blocked dates and date overrides' hours in [from, to] for everyone or for one of the resources. */
export async function loadBlockedDates(
  db: Db,
  tenantId: string,
  resourceIds: string[],
  range: { from: string; to: string },
): Promise<{ date: string; resourceId: string | null; startMinute: number | null; endMinute: number | null }[]> {
  return db
    .select({
      date: blockedDates.date,
      resourceId: blockedDates.resourceId,
      startMinute: blockedDates.startMinute,
      endMinute: blockedDates.endMinute,
    })
    .from(blockedDates)
    .where(
      ofTenant(
        blockedDates,
        tenantId,
        gte(blockedDates.date, range.from),
        lte(blockedDates.date, range.to),
        resourceIds.length === 0
          ? isNull(blockedDates.resourceId)
          : or(isNull(blockedDates.resourceId), inArray(blockedDates.resourceId, resourceIds)),
      ),
    );
}

/**
 * Query 4: blocking time of the resources overlapping [from, until): held, requested and
 * confirmed bookings, except holds that expired by `now` (a hold without an expiry blocks).
 *
 * The overlap is written as the exclusion constraint's own range expression, so its (partial,
 * blocking-only) GiST index bounds the scan to the period however long the history, with or
 * without planner statistics (an embedded PGlite never gathers them on its own). The ranges come
 * back as one "from,until;…" string of epoch milliseconds per resource: decoding thousands of
 * rows costs more than the query itself (4× on PGlite, 2× on PostgreSQL in bench/).
 */
export async function loadBusy(
  db: Db,
  tenantId: string,
  resourceIds: string[],
  range: { from: Date; until: Date; now: Date },
): Promise<{ resourceId: string; from: Date; until: Date }[]> {
  if (resourceIds.length === 0) return [];
  // Epoch milliseconds, rounded outwards so a sub-millisecond edge never shrinks a busy range.
  const from = sql`floor(date_part('epoch', ${bookings.blocksFrom}) * 1000)::bigint`;
  const until = sql`ceil(date_part('epoch', ${bookings.blocksUntil}) * 1000)::bigint`;
  const rows = await db
    .select({
      resourceId: bookings.resourceId,
      ranges: sql<string>`string_agg(${from} || ',' || ${until}, ';')`,
    })
    .from(bookings)
    .where(
      ofTenant(
        bookings,
        tenantId,
        inArray(bookings.resourceId, resourceIds),
        inArray(bookings.status, [...BLOCKING_STATUSES]),
        or(ne(bookings.status, 'held'), isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, range.now)),
        sql`tstzrange(${bookings.blocksFrom}, ${bookings.blocksUntil}, '[)') && tstzrange(${range.from.toISOString()}::timestamptz, ${range.until.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .groupBy(bookings.resourceId);
  const busy: { resourceId: string; from: Date; until: Date }[] = [];
  for (const { resourceId, ranges } of rows) {
    for (const pair of ranges.split(';')) {
      const comma = pair.indexOf(',');
      busy.push({
        resourceId,
        from: new Date(Number(pair.slice(0, comma))),
        until: new Date(Number(pair.slice(comma + 1))),
      });
    }
  }
  return busy;
}
