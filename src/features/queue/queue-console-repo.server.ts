import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { queueTickets } from '#db/schema/index.ts';
import { ticketOrder } from './queue-repo.server';
import type { TicketStatus } from './queue-rules';

// The staff console's and the queue texts' reads of a day (issue 25, costs flat in data): counts
// and averages in SQL, bounded pages and the front of a line — never the day's tickets whole.

/**
 * Per queue, the day's tickets counted by status and the mean wait in seconds (issue to call) of
 * the tickets called from the queue they were issued in: one row per queue, whatever the day holds.
 */
export function dayStatsByQueue(db: Db, tenantId: string, serviceDate: string) {
  const count = (status: TicketStatus) =>
    sql<number>`count(*) filter (where ${queueTickets.status} = ${status})`.mapWith(Number);
  return db
    .select({
      queueId: queueTickets.queueId,
      waiting: count('waiting'),
      done: count('done'),
      missed: count('missed'),
      waitSeconds: sql<number | null>`avg(extract(epoch from ${queueTickets.calledAt} - ${queueTickets.createdAt}))
        filter (where ${queueTickets.calledAt} is not null and ${queueTickets.originQueueId} = ${queueTickets.queueId}
          and ${queueTickets.calledAt} >= ${queueTickets.createdAt})`.mapWith(Number),
    })
    .from(queueTickets)
    .where(ofTenant(queueTickets, tenantId, eq(queueTickets.serviceDate, serviceDate)))
    .groupBy(queueTickets.queueId);
}

/** A page of the day's missed tickets in these queues, latest missed first (ties by calling order, then id). */
export function missedPage(
  db: Db,
  tenantId: string,
  serviceDate: string,
  queueIds: readonly string[],
  page: { limit: number; offset: number },
) {
  if (queueIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: queueTickets.id, number: queueTickets.number, queueId: queueTickets.queueId })
    .from(queueTickets)
    .where(
      ofTenant(
        queueTickets,
        tenantId,
        eq(queueTickets.serviceDate, serviceDate),
        eq(queueTickets.status, 'missed'),
        inArray(queueTickets.queueId, [...queueIds]),
      ),
    )
    .orderBy(sql`${queueTickets.finishedAt} desc nulls last`, ...ticketOrder, asc(queueTickets.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Which of these bookings have a ticket (were checked in): at most one row per booking given. */
export async function checkedInBookings(db: Db, tenantId: string, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ bookingId: queueTickets.bookingId })
    .from(queueTickets)
    .where(ofTenant(queueTickets, tenantId, inArray(queueTickets.bookingId, [...bookingIds])));
  return new Set(rows.map((r) => r.bookingId).filter((id): id is string => id !== null));
}

/** The first `limit` tickets waiting in a queue on a day, in calling order (the "nearly your turn" texts). */
export function firstWaiting(db: Db, tenantId: string, queueId: string, serviceDate: string, limit: number) {
  return db
    .select()
    .from(queueTickets)
    .where(
      ofTenant(
        queueTickets,
        tenantId,
        eq(queueTickets.queueId, queueId),
        eq(queueTickets.serviceDate, serviceDate),
        eq(queueTickets.status, 'waiting'),
      ),
    )
    .orderBy(...ticketOrder)
    .limit(limit);
}
