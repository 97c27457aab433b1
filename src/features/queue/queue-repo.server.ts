import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { countRows, findTenantRow, firstTenantRow, insertRow, ofTenant, updateTenantRow } from '#db/rows.server.ts';
import {
  queueCounters,
  queueDisplays,
  queueSettings,
  queues,
  queueTicketEvents,
  queueTickets,
  servicePoints,
  tenantSettings,
} from '#db/schema/index.ts';
import type { TicketStatus } from './queue-rules';

/** Queue data access: every query takes the tenant (docs/conventions.md). */

export type QueueRow = typeof queues.$inferSelect;
export type PointRow = typeof servicePoints.$inferSelect;
export type TicketRow = typeof queueTickets.$inferSelect;
export type DisplayRow = typeof queueDisplays.$inferSelect;

export async function findSettings(db: Db, tenantId: string) {
  return firstTenantRow(db, queueSettings, tenantId, undefined);
}

export async function insertSettings(db: Db, tenantId: string, channelKey: string) {
  await db.insert(queueSettings).values({ tenantId, channelKey }).onConflictDoNothing();
}

export async function updateSmsAbroad(db: Db, tenantId: string, smsAbroad: boolean) {
  await db.update(queueSettings).set({ smsAbroad }).where(ofTenant(queueSettings, tenantId));
}

export async function updateSmsSettings(db: Db, tenantId: string, smsEnabled: boolean) {
  await db.update(queueSettings).set({ smsEnabled }).where(ofTenant(queueSettings, tenantId));
}

export function listQueues(db: Db, tenantId: string) {
  return db.select().from(queues).where(ofTenant(queues, tenantId)).orderBy(asc(queues.position), asc(queues.prefix));
}

export function listPoints(db: Db, tenantId: string) {
  return db
    .select()
    .from(servicePoints)
    .where(ofTenant(servicePoints, tenantId))
    .orderBy(asc(servicePoints.position), asc(servicePoints.number));
}

export async function findQueue(db: Db, tenantId: string, queueId: string) {
  return findTenantRow(db, queues, tenantId, queueId);
}

export async function findPoint(db: Db, tenantId: string, pointId: string) {
  return findTenantRow(db, servicePoints, tenantId, pointId);
}

/** The next number of a queue's day: one statement, so two issuers never get the same. */
export async function takeSeq(db: Db, queueId: string, serviceDate: string): Promise<number> {
  const [row] = await db
    .insert(queueCounters)
    .values({ queueId, serviceDate, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [queueCounters.queueId, queueCounters.serviceDate],
      set: { lastSeq: sql`${queueCounters.lastSeq} + 1` },
    })
    .returning({ seq: queueCounters.lastSeq });
  if (!row) throw new Error('queue counter did not answer');
  return row.seq;
}

export async function insertTicket(db: Db, values: typeof queueTickets.$inferInsert) {
  return insertRow(db, queueTickets, values, 'ticket not inserted');
}

export async function insertEvent(db: Db, values: typeof queueTicketEvents.$inferInsert) {
  await db.insert(queueTicketEvents).values(values);
}

/**
 * The first ticket waiting in a queue today, locked; tickets another transaction holds are
 * skipped (FOR UPDATE SKIP LOCKED), so two counters calling at once get two different tickets.
 */
export async function lockNextWaiting(db: Db, tenantId: string, queueId: string, serviceDate: string) {
  const [row] = await db
    .select()
    .from(queueTickets)
    .where(
      ofTenant(
        queueTickets,
        tenantId,
        eq(queueTickets.queueId, queueId),
        eq(queueTickets.status, 'waiting'),
        eq(queueTickets.serviceDate, serviceDate),
      ),
    )
    .orderBy(asc(queueTickets.queuedAt), asc(queueTickets.seq))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

export async function lockTicket(db: Db, tenantId: string, ticketId: string) {
  return findTenantRow(db, queueTickets, tenantId, ticketId, 'update');
}

export async function updateTicket(
  db: Db,
  tenantId: string,
  ticketId: string,
  set: Partial<typeof queueTickets.$inferInsert>,
) {
  const row = await updateTenantRow(db, queueTickets, tenantId, ticketId, set);
  if (!row) throw new Error('ticket vanished');
  return row;
}

export async function findTicketByPublicId(db: Db, tenantId: string, publicId: string) {
  return firstTenantRow(db, queueTickets, tenantId, eq(queueTickets.publicId, publicId));
}

export async function findTicketByBooking(db: Db, tenantId: string, bookingId: string) {
  return firstTenantRow(db, queueTickets, tenantId, eq(queueTickets.bookingId, bookingId));
}

export function ticketHistory(db: Db, tenantId: string, ticketId: string) {
  return db
    .select()
    .from(queueTicketEvents)
    .where(ofTenant(queueTicketEvents, tenantId, eq(queueTicketEvents.ticketId, ticketId)))
    .orderBy(asc(queueTicketEvents.at), asc(queueTicketEvents.id));
}

/** Tickets of days before `serviceDate` still open: what the daily reset closes. */
export function lockOpenBefore(db: Db, tenantId: string, serviceDate: string, statuses: readonly TicketStatus[]) {
  return db
    .select()
    .from(queueTickets)
    .where(
      ofTenant(
        queueTickets,
        tenantId,
        lt(queueTickets.serviceDate, serviceDate),
        inArray(queueTickets.status, [...statuses]),
      ),
    )
    .for('update');
}

export function listDisplays(db: Db, tenantId: string) {
  return db
    .select()
    .from(queueDisplays)
    .where(ofTenant(queueDisplays, tenantId, isNull(queueDisplays.revokedAt)))
    .orderBy(desc(queueDisplays.createdAt));
}

export async function insertDisplay(db: Db, tenantId: string, code: string, label: string) {
  return insertRow(db, queueDisplays, { tenantId, code, label }, 'display not inserted');
}

export async function revokeDisplay(db: Db, tenantId: string, displayId: string, now: Date) {
  const rows = await db
    .update(queueDisplays)
    .set({ revokedAt: now })
    .where(ofTenant(queueDisplays, tenantId, eq(queueDisplays.id, displayId), isNull(queueDisplays.revokedAt)))
    .returning({ id: queueDisplays.id });
  return rows.length > 0;
}

export async function findLiveDisplay(db: Db, tenantId: string, code: string) {
  return firstTenantRow(
    db,
    queueDisplays,
    tenantId,
    and(eq(queueDisplays.code, code), isNull(queueDisplays.revokedAt)),
  );
}

/** Recently finished tickets of a queue (for its average service time). */
export function finishedSince(db: Db, tenantId: string, queueId: string, since: Date) {
  return db
    .select({ calledAt: queueTickets.calledAt, servingAt: queueTickets.servingAt, finishedAt: queueTickets.finishedAt })
    .from(queueTickets)
    .where(
      ofTenant(
        queueTickets,
        tenantId,
        eq(queueTickets.queueId, queueId),
        eq(queueTickets.status, 'done'),
        gte(queueTickets.finishedAt, since),
      ),
    )
    .orderBy(desc(queueTickets.finishedAt))
    .limit(20);
}

/** Tenants offering the queue, with their time zones (for the daily reset). */
export function queueTenants(db: Db) {
  return db
    .select({ id: tenantSettings.tenantId, timeZone: tenantSettings.timeZone })
    .from(tenantSettings)
    .where(eq(tenantSettings.offersQueue, true));
}

// ── Setting up (staff, /staff/queue/setup) ───────────────────────────────────────────────────

/** The tenant's queue with this prefix, if any. */
export async function findQueueByPrefix(db: Db, tenantId: string, prefix: string) {
  return firstTenantRow(db, queues, tenantId, eq(queues.prefix, prefix));
}

export async function insertQueue(db: Db, values: typeof queues.$inferInsert) {
  return insertRow(db, queues, values, 'queue not inserted');
}

export async function updateQueue(
  db: Db,
  tenantId: string,
  queueId: string,
  set: Partial<Pick<typeof queues.$inferInsert, 'prefix' | 'name' | 'kiosk' | 'active'>>,
) {
  return updateTenantRow(db, queues, tenantId, queueId, set);
}

export async function insertPoint(db: Db, values: typeof servicePoints.$inferInsert) {
  return insertRow(db, servicePoints, values, 'service point not inserted');
}

export async function updatePoint(
  db: Db,
  tenantId: string,
  pointId: string,
  set: Partial<Pick<typeof servicePoints.$inferInsert, 'kind' | 'number' | 'queueId' | 'active'>>,
) {
  return updateTenantRow(db, servicePoints, tenantId, pointId, set);
}

/** How many tickets are still open (waiting, called, serving) in a queue or at a point. */
export async function countOpenTickets(db: Db, tenantId: string, where: { queueId?: string; pointId?: string }) {
  return countRows(
    db,
    queueTickets,
    tenantId,
    where.queueId ? eq(queueTickets.queueId, where.queueId) : undefined,
    where.pointId ? eq(queueTickets.pointId, where.pointId) : undefined,
    inArray(queueTickets.status, ['waiting', 'called', 'serving']),
  );
}

/** The next position at the end of the tenant's queues or points. */
export async function nextPosition(db: Db, tenantId: string, table: 'queues' | 'points') {
  const target = table === 'queues' ? queues : servicePoints;
  const [row] = await db
    .select({ max: sql<number | null>`max(${target.position})` })
    .from(target)
    .where(ofTenant(target, tenantId));
  return Number(row?.max ?? -1) + 1;
}

// ── The board (bounded by what it shows, never by the day's tickets) ─────────────────────────

/** A day's tickets in calling order (shared with the console's reads). */
export const ticketOrder = [asc(queueTickets.queuedAt), asc(queueTickets.seq)] as const;

/** Per service point, its latest called or serving ticket of the day: at most one row per point. */
export function currentAtPoints(db: Db, tenantId: string, serviceDate: string, pointIds: readonly string[]) {
  if (pointIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinctOn([queueTickets.pointId])
    .from(queueTickets)
    .where(
      ofTenant(
        queueTickets,
        tenantId,
        eq(queueTickets.serviceDate, serviceDate),
        inArray(queueTickets.status, ['called', 'serving']),
        inArray(queueTickets.pointId, [...pointIds]),
      ),
    )
    .orderBy(queueTickets.pointId, sql`${queueTickets.calledAt} desc nulls last`, ...ticketOrder);
}

/**
 * Per queue, the first `limit` numbers waiting (first first) and how many wait in all: at most
 * `limit` rows per queue, the count from the window.
 */
export async function nextWaiting(
  db: Db,
  tenantId: string,
  serviceDate: string,
  queueIds: readonly string[],
  limit: number,
) {
  if (queueIds.length === 0) return [];
  const ranked = db
    .select({
      queueId: queueTickets.queueId,
      number: queueTickets.number,
      rank: sql<number>`row_number() over (partition by ${queueTickets.queueId} order by ${queueTickets.queuedAt}, ${queueTickets.seq})`.as(
        'rank',
      ),
      waiting: sql<number>`count(*) over (partition by ${queueTickets.queueId})`.as('waiting'),
    })
    .from(queueTickets)
    .where(
      ofTenant(
        queueTickets,
        tenantId,
        eq(queueTickets.serviceDate, serviceDate),
        eq(queueTickets.status, 'waiting'),
        inArray(queueTickets.queueId, [...queueIds]),
      ),
    )
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(ranked.queueId, ranked.rank);
  return rows.map((r) => ({ queueId: r.queueId, number: r.number, waiting: Number(r.waiting) }));
}

/** The latest `limit` numbers missed today in these queues, latest first. */
export function latestMissed(
  db: Db,
  tenantId: string,
  serviceDate: string,
  queueIds: readonly string[],
  limit: number,
) {
  if (queueIds.length === 0) return Promise.resolve([]);
  return db
    .select({ number: queueTickets.number })
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
    .orderBy(sql`${queueTickets.finishedAt} desc nulls last`, ...ticketOrder)
    .limit(limit);
}

/** How many wait before this ticket in its queue (same order as calling: queued, then number). */
export function countWaitingAhead(db: Db, tenantId: string, ticket: TicketRow) {
  return countRows(
    db,
    queueTickets,
    tenantId,
    eq(queueTickets.queueId, ticket.queueId),
    eq(queueTickets.serviceDate, ticket.serviceDate),
    eq(queueTickets.status, 'waiting'),
    or(
      lt(queueTickets.queuedAt, ticket.queuedAt),
      and(eq(queueTickets.queuedAt, ticket.queuedAt), lt(queueTickets.seq, ticket.seq)),
    ),
  );
}

/** The numbers called or being served in a queue on a day, at most `limit`. */
export function nowServingIn(db: Db, tenantId: string, queueId: string, serviceDate: string, limit: number) {
  return db
    .select({ number: queueTickets.number })
    .from(queueTickets)
    .where(
      ofTenant(
        queueTickets,
        tenantId,
        eq(queueTickets.queueId, queueId),
        eq(queueTickets.serviceDate, serviceDate),
        inArray(queueTickets.status, ['called', 'serving']),
      ),
    )
    .orderBy(...ticketOrder)
    .limit(limit);
}

// ── The staff console (bounded by the queues and a page of missed tickets; counts in SQL) ────
