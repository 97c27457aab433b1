import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { outbox } from '#db/schema/index.ts';
import type { Channel } from './message';

/**
 * The only drizzle user of the outbox. Unlike feature repositories it works across tenants:
 * the worker delivers every tenant's messages.
 *
 * While a row is 'sending', next_attempt_at holds the claim's lease: if the worker has not
 * settled the row by then it is taken for crashed and the row goes back to 'pending'.
 */
export type OutboxRow = typeof outbox.$inferSelect;

export interface NewOutboxRow {
  tenantId: string;
  channel: Channel;
  destination: string;
  locale: string;
  template: string;
  payload: Record<string, unknown>;
  dueAt: Date;
  coalesceKey?: string | null;
}

export async function insertOutboxRow(db: Db, { dueAt, ...row }: NewOutboxRow): Promise<{ id: string }> {
  const [inserted] = await db
    .insert(outbox)
    .values({ ...row, nextAttemptAt: dueAt })
    .returning({ id: outbox.id });
  if (!inserted) throw new Error('outbox insert returned no row');
  return inserted;
}

/**
 * Rewrites the pending, never-tried row with this coalesce key and channel (of this tenant) with a
 * newer message; null when there is none. A worker claiming the row at the same moment wins: the
 * claimed row is no longer pending, nothing matches, and the caller adds a row instead.
 */
export async function replacePendingOutboxRow(
  db: Db,
  row: Omit<NewOutboxRow, 'dueAt' | 'coalesceKey'> & { coalesceKey: string },
): Promise<{ id: string } | null> {
  const [replaced] = await db
    .update(outbox)
    .set({ destination: row.destination, locale: row.locale, template: row.template, payload: row.payload })
    .where(
      ofTenant(
        outbox,
        row.tenantId,
        eq(outbox.coalesceKey, row.coalesceKey),
        eq(outbox.channel, row.channel),
        eq(outbox.status, 'pending'),
        eq(outbox.attempts, 0),
      ),
    )
    .returning({ id: outbox.id });
  return replaced ?? null;
}

/** Removes the pending, never-tried rows with this coalesce key (of this tenant) due after `after`; how many. */
export async function dropPendingOutboxRows(
  db: Db,
  tenantId: string,
  coalesceKey: string,
  after: Date,
): Promise<number> {
  const dropped = await db
    .delete(outbox)
    .where(
      ofTenant(
        outbox,
        tenantId,
        eq(outbox.coalesceKey, coalesceKey),
        eq(outbox.status, 'pending'),
        eq(outbox.attempts, 0),
        gt(outbox.nextAttemptAt, after),
      ),
    )
    .returning({ id: outbox.id });
  return dropped.length;
}

/**
 * Takes up to `limit` due rows for this worker in one statement. FOR UPDATE SKIP LOCKED makes
 * concurrent workers pass over each other's rows instead of waiting or taking them twice; the
 * outer status check re-reads a row another worker claimed between our snapshot and our lock.
 * Counts the attempt now, so a message that crashes the worker each time still runs out.
 */
export async function claimDueRows(
  db: Db,
  { now, limit, leaseUntil }: { now: Date; limit: number; leaseUntil: Date },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ status: 'sending', attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(and(inArray(outbox.id, due), eq(outbox.status, 'pending')))
    .returning();
}

/**
 * Rows whose worker died mid-send: back to 'pending' (due at once), or 'failed' when that was
 * their last attempt. Returns how many of each.
 */
export async function rescueAbandonedRows(
  db: Db,
  { now, maxAttempts }: { now: Date; maxAttempts: number },
): Promise<{ requeued: number; failed: number }> {
  const abandoned = and(eq(outbox.status, 'sending'), lte(outbox.nextAttemptAt, now));
  const failed = await db
    .update(outbox)
    .set({ status: 'failed', lastError: 'the worker stopped while sending the last attempt' })
    .where(and(abandoned, gte(outbox.attempts, maxAttempts)))
    .returning({ id: outbox.id });
  const requeued = await db
    .update(outbox)
    .set({ status: 'pending', lastError: 'the worker stopped while sending' })
    .where(and(abandoned, lt(outbox.attempts, maxAttempts)))
    .returning({ id: outbox.id });
  return { requeued: requeued.length, failed: failed.length };
}

/** Only the claim that is still current may settle a row (a rescued and re-claimed row has moved on). */
function stillClaimed(row: Pick<OutboxRow, 'id' | 'attempts'>) {
  return and(eq(outbox.id, row.id), eq(outbox.status, 'sending'), eq(outbox.attempts, row.attempts));
}

export async function markRowSent(db: Db, row: Pick<OutboxRow, 'id' | 'attempts'>, sentAt: Date): Promise<void> {
  await db.update(outbox).set({ status: 'sent', sentAt, lastError: null }).where(stillClaimed(row));
}

export async function markRowFailed(db: Db, row: Pick<OutboxRow, 'id' | 'attempts'>, error: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', lastError: error }).where(stillClaimed(row));
}

export async function rescheduleRow(
  db: Db,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  { at, error }: { at: Date; error: string },
): Promise<void> {
  await db.update(outbox).set({ status: 'pending', nextAttemptAt: at, lastError: error }).where(stillClaimed(row));
}
