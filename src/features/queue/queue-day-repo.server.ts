import { asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { queueTickets } from '#db/schema/index.ts';

// The staff console's reads of a day (issue 25, costs flat in data): the tickets still in a line
// or at a point are read; the day's done ones — most of a busy day's thousand — only counted.

const ofDay = (tenantId: string, serviceDate: string, ...more: SQL[]) =>
  ofTenant(queueTickets, tenantId, eq(queueTickets.serviceDate, serviceDate), ...more);

/** Tickets waiting, missed, called or being served today, in line order. */
export function openTicketsOfDay(db: Db, tenantId: string, serviceDate: string) {
  return db
    .select()
    .from(queueTickets)
    .where(ofDay(tenantId, serviceDate, inArray(queueTickets.status, ['waiting', 'missed', 'called', 'serving'])))
    .orderBy(asc(queueTickets.queuedAt), asc(queueTickets.seq));
}

/**
 * Per queue today: tickets done, and the waits (call − arrival, in seconds) of the tickets called
 * from the queue they arrived in — summed and counted, for the average the console shows.
 */
export function dayCountsByQueue(db: Db, tenantId: string, serviceDate: string) {
  const t = queueTickets;
  const calledHere = sql`${t.calledAt} is not null and ${t.originQueueId} = ${t.queueId} and ${t.calledAt} >= ${t.createdAt}`;
  return db
    .select({
      queueId: t.queueId,
      done: sql<number>`(count(*) filter (where ${t.status} = 'done'))::int`,
      waits: sql<number>`(count(*) filter (where ${calledHere}))::int`,
      waitedSeconds: sql<number>`coalesce(sum(extract(epoch from ${t.calledAt} - ${t.createdAt})) filter (where ${calledHere}), 0)::float8`,
    })
    .from(t)
    .where(ofDay(tenantId, serviceDate))
    .groupBy(t.queueId);
}

/** The bookings that have a ticket today (the console marks them checked in). */
export async function bookingsWithTicketOfDay(db: Db, tenantId: string, serviceDate: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ bookingId: queueTickets.bookingId })
    .from(queueTickets)
    .where(ofDay(tenantId, serviceDate, isNotNull(queueTickets.bookingId)));
  return new Set(rows.flatMap((row) => (row.bookingId ? [row.bookingId] : [])));
}
