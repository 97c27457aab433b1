// The points ledger of loyalty (append-only entries, earn lots and the draws on them) and the
// jobs' queries over it. Every query is scoped by tenant, except the jobs' and the check's.
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { firstTenantRow, ofTenant } from '#db/rows.server.ts';
import { customers, loyaltyDraws, loyaltyEntries, loyaltyLots, loyaltyMembers } from '#db/schema/index.ts';
import type { EntryRow, NewEntry } from './loyalty-repo.server';
import type { Draw, Lot } from './loyalty-rules';

/** Writes an entry once per key: null when the key was used already (a replayed event). */
export async function insertEntry(tx: Db, entry: NewEntry): Promise<EntryRow | null> {
  const [row] = await tx.insert(loyaltyEntries).values(entry).onConflictDoNothing().returning();
  return row ?? null;
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

export async function lotsOf(db: Db, tenantId: string, memberId: string): Promise<(Lot & { points: number })[]> {
  const rows = await db
    .select()
    .from(loyaltyLots)
    .where(ofTenant(loyaltyLots, tenantId, eq(loyaltyLots.memberId, memberId)));
  return rows.map((r) => ({
    id: r.entryId,
    points: r.points,
    remaining: r.remaining,
    usableFrom: r.usableFrom,
    expiresAt: r.expiresAt,
  }));
}

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

export async function historyOf(db: Db, tenantId: string, memberId: string, limit = 500): Promise<EntryRow[]> {
  return db
    .select()
    .from(loyaltyEntries)
    .where(ofTenant(loyaltyEntries, tenantId, eq(loyaltyEntries.memberId, memberId)))
    .orderBy(desc(loyaltyEntries.createdAt), desc(loyaltyEntries.id))
    .limit(limit);
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

/** Ledger check: every lot whose `remaining` is not its points less its draws; every member whose owed is off. */
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
  const counted = await db.execute(sql`SELECT count(*) AS n FROM loyalty_lots`);
  const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[];
  return {
    lots: rows(lots),
    members: rows(members),
    entries: rows(entries),
    lotsChecked: Number(rows(counted)[0]?.n ?? 0),
  };
}
