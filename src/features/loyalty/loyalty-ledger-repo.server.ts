// The points ledger of loyalty (append-only entries, earn lots and the draws on them) and the
// jobs' queries over it. Every query is scoped by tenant, except the jobs' and the check's.
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { firstTenantRow, ofTenant } from '#db/rows.server.ts';
import { customers, loyaltyDraws, loyaltyEntries, loyaltyLots, loyaltyMembers } from '#db/schema/index.ts';
import type { EntryRow, NewEntry } from './loyalty-repo.server';
import type { Draw, Lot } from './loyalty-rules';

/**
 * Writes an entry once per key (null when the key was used already: a replayed event) and moves
 * the member's kept balance by its points, in the same transaction: the only writer of either.
 */
export async function insertEntry(tx: Db, entry: NewEntry): Promise<EntryRow | null> {
  const [row] = await tx.insert(loyaltyEntries).values(entry).onConflictDoNothing().returning();
  if (!row) return null;
  if (row.points !== 0) {
    await tx
      .update(loyaltyMembers)
      .set({ balance: sql`${loyaltyMembers.balance} + ${row.points}` })
      .where(ofTenant(loyaltyMembers, row.tenantId, eq(loyaltyMembers.id, row.memberId)));
  }
  return row;
}

export async function entryByKey(db: Db, tenantId: string, key: string): Promise<EntryRow | null> {
  return firstTenantRow(db, loyaltyEntries, tenantId, eq(loyaltyEntries.key, key));
}

export async function entriesByKeyPrefix(db: Db, tenantId: string, prefix: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(loyaltyEntries)
    .where(ofTenant(loyaltyEntries, tenantId, sql`${loyaltyEntries.key} LIKE ${`${prefix}%`}`));
}

export async function insertLot(
  tx: Db,
  lot: {
    tenantId: string;
    memberId: string;
    entryId: string;
    points: number;
    usableFrom: Date;
    expiresAt: Date | null;
  },
): Promise<void> {
  await tx.insert(loyaltyLots).values({ ...lot, remaining: lot.points });
}

type LotRow = typeof loyaltyLots.$inferSelect;
const asLot = (r: LotRow): Lot & { points: number } => ({
  id: r.entryId,
  points: r.points,
  remaining: r.remaining,
  usableFrom: r.usableFrom,
  expiresAt: r.expiresAt,
});
const notExpired = (now: Date) => or(isNull(loyaltyLots.expiresAt), gt(loyaltyLots.expiresAt, now));

/**
 * The member's live lots that still hold points, in spending order (soonest-expiring first), read
 * in growing pages until they hold `need` points or run out: a draw reads as many lots as it takes,
 * never the spent or expired ones (index loyalty_lots_member_live_idx). `usableOnly` leaves out
 * lots not usable yet; `except` one lot the caller has already.
 */
export async function liveLotsFor(
  db: Db,
  tenantId: string,
  memberId: string,
  now: Date,
  options: { need: number; usableOnly: boolean; except?: string | null },
): Promise<(Lot & { points: number })[]> {
  if (options.need <= 0) return [];
  for (let limit = 16; ; limit *= 8) {
    const rows = await db
      .select()
      .from(loyaltyLots)
      .where(
        ofTenant(
          loyaltyLots,
          tenantId,
          eq(loyaltyLots.memberId, memberId),
          gt(loyaltyLots.remaining, 0),
          notExpired(now),
          options.usableOnly ? lte(loyaltyLots.usableFrom, now) : undefined,
          options.except ? ne(loyaltyLots.entryId, options.except) : undefined,
        ),
      )
      .orderBy(asc(loyaltyLots.expiresAt), asc(loyaltyLots.usableFrom), asc(loyaltyLots.entryId))
      .limit(limit);
    const held = rows.reduce((s, r) => s + r.remaining, 0);
    if (rows.length < limit || held >= options.need) return rows.map(asLot);
  }
}

/** One lot of the member, if it still holds points and has not expired. */
export async function liveLot(db: Db, tenantId: string, memberId: string, lotId: string, now: Date) {
  const [row] = await db
    .select()
    .from(loyaltyLots)
    .where(
      ofTenant(
        loyaltyLots,
        tenantId,
        eq(loyaltyLots.memberId, memberId),
        eq(loyaltyLots.entryId, lotId),
        gt(loyaltyLots.remaining, 0),
        notExpired(now),
      ),
    );
  return row ? asLot(row) : null;
}

/** The member's lots past their expiry that still hold points (what the expiry job takes). */
export async function expiredLotsOf(db: Db, tenantId: string, memberId: string, now: Date, limit = 500) {
  const rows = await db
    .select()
    .from(loyaltyLots)
    .where(
      ofTenant(
        loyaltyLots,
        tenantId,
        eq(loyaltyLots.memberId, memberId),
        gt(loyaltyLots.remaining, 0),
        lte(loyaltyLots.expiresAt, now),
      ),
    )
    .orderBy(asc(loyaltyLots.expiresAt), asc(loyaltyLots.entryId))
    .limit(limit);
  return rows.map(asLot);
}

/**
 * What the kept balance still holds that is not the member's balance now, in one query over the
 * two partial indexes: points in lots past their expiry the job has not expired yet, and points in
 * live lots not usable yet (earned today where the programme says so).
 */
export async function balanceCorrections(db: Db, tenantId: string, memberId: string, now: Date) {
  const lots = sql`FROM ${loyaltyLots} WHERE ${loyaltyLots.tenantId} = ${tenantId} AND ${loyaltyLots.memberId} = ${memberId} AND ${loyaltyLots.remaining} > 0`;
  const result = await db.execute(sql`SELECT
    (SELECT coalesce(sum(${loyaltyLots.remaining}), 0) ${lots} AND ${loyaltyLots.expiresAt} <= ${now}) AS expired,
    (SELECT coalesce(sum(${loyaltyLots.remaining}), 0) ${lots} AND ${loyaltyLots.usableFrom} > ${now}
      AND (${loyaltyLots.expiresAt} IS NULL OR ${loyaltyLots.expiresAt} > ${now})) AS pending`);
  const row = rowsOf(result)[0] ?? {};
  return { expired: Number(row.expired ?? 0), pending: Number(row.pending ?? 0) };
}

/** Points in live lots expiring by `until`, soonest first (the member panel's reminder lines). */
export async function lotsExpiringFor(db: Db, tenantId: string, memberId: string, now: Date, until: Date, limit = 10) {
  return db
    .select({ points: loyaltyLots.remaining, expiresAt: loyaltyLots.expiresAt })
    .from(loyaltyLots)
    .where(
      ofTenant(
        loyaltyLots,
        tenantId,
        eq(loyaltyLots.memberId, memberId),
        gt(loyaltyLots.remaining, 0),
        gt(loyaltyLots.expiresAt, now),
        lte(loyaltyLots.expiresAt, until),
      ),
    )
    .orderBy(asc(loyaltyLots.expiresAt), asc(loyaltyLots.entryId))
    .limit(limit);
}

const rowsOf = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];

/** Records which lots an entry drew from (or gave back to) and moves their `remaining`. */
export async function applyDraws(tx: Db, tenantId: string, entryId: string, draws: readonly Draw[]): Promise<void> {
  const real = draws.filter((d) => d.points !== 0);
  if (real.length === 0) return;
  await tx.insert(loyaltyDraws).values(real.map((d) => ({ entryId, lotId: d.lotId, points: d.points })));
  for (const d of real) {
    await tx
      .update(loyaltyLots)
      .set({ remaining: sql`${loyaltyLots.remaining} - ${d.points}` })
      .where(ofTenant(loyaltyLots, tenantId, eq(loyaltyLots.entryId, d.lotId)));
  }
}

export async function drawsOf(db: Db, entryId: string): Promise<Draw[]> {
  const rows = await db.select().from(loyaltyDraws).where(eq(loyaltyDraws.entryId, entryId));
  return rows.map((r) => ({ lotId: r.lotId, points: r.points }));
}

export async function drawCountOfLot(db: Db, lotId: string): Promise<number> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(loyaltyDraws).where(eq(loyaltyDraws.lotId, lotId));
  return Number(row?.n ?? 0);
}

/**
 * One page of the member's entries, newest first: `limit` entries older than the entry `before`
 * (the cursor: the last entry of the page before), in one query. One more is read to tell whether
 * a further page exists.
 */
export async function historyPage(
  db: Db,
  tenantId: string,
  memberId: string,
  options: { limit: number; before?: string | null },
): Promise<{ entries: EntryRow[]; more: boolean }> {
  const cursor = options.before
    ? sql`(${loyaltyEntries.createdAt}, ${loyaltyEntries.id}) < (SELECT c.created_at, c.id FROM ${loyaltyEntries} c
        WHERE c.id = ${options.before} AND c.tenant_id = ${tenantId} AND c.member_id = ${memberId})`
    : undefined;
  const rows = await db
    .select()
    .from(loyaltyEntries)
    .where(ofTenant(loyaltyEntries, tenantId, eq(loyaltyEntries.memberId, memberId), cursor))
    .orderBy(desc(loyaltyEntries.createdAt), desc(loyaltyEntries.id))
    .limit(options.limit + 1);
  return { entries: rows.slice(0, options.limit), more: rows.length > options.limit };
}

/** The member's newest entries (staff's member page). */
export async function historyOf(db: Db, tenantId: string, memberId: string, limit = 500): Promise<EntryRow[]> {
  return (await historyPage(db, tenantId, memberId, { limit })).entries;
}

/** Every entry of a tenant with its member's name and phone, newest first (staff's CSV). */
export async function tenantLedger(db: Db, tenantId: string, limit: number) {
  return db
    .select({
      entry: loyaltyEntries,
      name: loyaltyMembers.name,
      phone: customers.phone,
      programmeId: loyaltyMembers.programmeId,
    })
    .from(loyaltyEntries)
    .innerJoin(loyaltyMembers, eq(loyaltyMembers.id, loyaltyEntries.memberId))
    .innerJoin(customers, eq(customers.id, loyaltyMembers.customerId))
    .where(ofTenant(loyaltyEntries, tenantId))
    .orderBy(desc(loyaltyEntries.createdAt))
    .limit(limit);
}

/** Points earned (earns, bonuses, less clawbacks) since `from`: the tier window. */
export async function earnedSince(db: Db, tenantId: string, memberId: string, from: Date): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${loyaltyEntries.points}), 0)` })
    .from(loyaltyEntries)
    .where(
      ofTenant(
        loyaltyEntries,
        tenantId,
        eq(loyaltyEntries.memberId, memberId),
        inArray(loyaltyEntries.kind, ['earn', 'bonus', 'clawback']),
        gt(loyaltyEntries.createdAt, from),
      ),
    );
  return Number(row?.sum ?? 0);
}

/** Members with lots that expired and still hold points (the expiry job), any tenant. */
export async function membersWithExpiredLots(db: Db, now: Date, limit = 500) {
  return db
    .selectDistinct({ tenantId: loyaltyLots.tenantId, memberId: loyaltyLots.memberId })
    .from(loyaltyLots)
    .where(and(gt(loyaltyLots.remaining, 0), lte(loyaltyLots.expiresAt, now)))
    .limit(limit);
}

/** Lots that expire between `from` and `to` and still hold points (the reminder job). */
export async function lotsExpiringBetween(db: Db, from: Date, to: Date, limit = 500) {
  return db
    .select()
    .from(loyaltyLots)
    .where(and(gt(loyaltyLots.remaining, 0), gt(loyaltyLots.expiresAt, from), lte(loyaltyLots.expiresAt, to)))
    .limit(limit);
}

/**
 * Ledger check: every lot whose `remaining` is not its points less its draws; every member whose
 * owed is off, or whose kept balance is not the sum of their entries' points.
 */
export async function ledgerMismatches(db: Db) {
  const lots = await db.execute(sql`
    SELECT l.tenant_id, l.entry_id, l.member_id, l.remaining, l.points - coalesce(sum(d.points), 0) AS rebuilt
    FROM loyalty_lots l LEFT JOIN loyalty_draws d ON d.lot_id = l.entry_id
    GROUP BY l.tenant_id, l.entry_id, l.member_id, l.remaining, l.points
    HAVING l.remaining <> l.points - coalesce(sum(d.points), 0)`);
  const members = await db.execute(sql`
    SELECT m.tenant_id, m.id, m.owed, coalesce(sum(e.owed_delta), 0) AS rebuilt
    FROM loyalty_members m LEFT JOIN loyalty_entries e ON e.member_id = m.id
    GROUP BY m.tenant_id, m.id, m.owed
    HAVING m.owed <> coalesce(sum(e.owed_delta), 0)`);
  const entries = await db.execute(sql`
    SELECT e.tenant_id, e.id, e.kind, e.points, e.owed_delta, coalesce(sum(d.points), 0) AS drawn
    FROM loyalty_entries e LEFT JOIN loyalty_draws d ON d.entry_id = e.id
    WHERE e.kind <> 'earn' AND e.kind <> 'bonus' AND NOT (e.kind = 'adjust' AND e.points > 0)
    GROUP BY e.tenant_id, e.id, e.kind, e.points, e.owed_delta
    HAVING -e.points <> coalesce(sum(d.points), 0) + e.owed_delta`);
  const balances = await db.execute(sql`
    SELECT m.tenant_id, m.id, m.balance, coalesce(sum(e.points), 0) AS rebuilt
    FROM loyalty_members m LEFT JOIN loyalty_entries e ON e.member_id = m.id
    GROUP BY m.tenant_id, m.id, m.balance
    HAVING m.balance <> coalesce(sum(e.points), 0)`);
  const counted = await db.execute(sql`SELECT count(*) AS n FROM loyalty_lots`);
  const rows = rowsOf;
  return {
    lots: rows(lots),
    members: rows(members),
    entries: rows(entries),
    balances: rows(balances),
    lotsChecked: Number(rows(counted)[0]?.n ?? 0),
  };
}
