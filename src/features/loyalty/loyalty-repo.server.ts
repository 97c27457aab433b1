import { and, asc, desc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import {
  customers,
  loyaltyDraws,
  loyaltyEntries,
  loyaltyHolds,
  loyaltyLots,
  loyaltyMembers,
  loyaltyProgrammes,
  loyaltyRewards,
  loyaltySettings,
  loyaltyVouchers,
} from '#db/schema/index.ts';
import type { Draw, Lot } from './loyalty-rules';

// The only drizzle user of the loyalty feature; every query is scoped by tenant.

export type ProgrammeRow = typeof loyaltyProgrammes.$inferSelect;
export type RewardRow = typeof loyaltyRewards.$inferSelect;
export type MemberRow = typeof loyaltyMembers.$inferSelect;
export type EntryRow = typeof loyaltyEntries.$inferSelect;
export type HoldRow = typeof loyaltyHolds.$inferSelect;
export type VoucherRow = typeof loyaltyVouchers.$inferSelect;
export type NewEntry = Omit<typeof loyaltyEntries.$inferInsert, 'id'>;

export async function allowedRewardKinds(db: Db, tenantId: string): Promise<string[]> {
  const [row] = await db.select().from(loyaltySettings).where(eq(loyaltySettings.tenantId, tenantId));
  return row?.allowedRewardKinds ?? [];
}

export async function saveAllowedRewardKinds(db: Db, tenantId: string, kinds: string[]): Promise<void> {
  await db
    .insert(loyaltySettings)
    .values({ tenantId, allowedRewardKinds: kinds })
    .onConflictDoUpdate({ target: loyaltySettings.tenantId, set: { allowedRewardKinds: kinds } });
}

export async function programmesOf(db: Db, tenantId: string, activeOnly = true): Promise<ProgrammeRow[]> {
  return db
    .select()
    .from(loyaltyProgrammes)
    .where(and(eq(loyaltyProgrammes.tenantId, tenantId), activeOnly ? eq(loyaltyProgrammes.active, true) : undefined))
    .orderBy(asc(loyaltyProgrammes.createdAt));
}

export async function programmeByPublicId(db: Db, tenantId: string, publicId: string): Promise<ProgrammeRow | null> {
  const [row] = await db
    .select()
    .from(loyaltyProgrammes)
    .where(and(eq(loyaltyProgrammes.tenantId, tenantId), eq(loyaltyProgrammes.publicId, publicId)));
  return row ?? null;
}

export async function programmeById(db: Db, tenantId: string, id: string): Promise<ProgrammeRow | null> {
  const [row] = await db
    .select()
    .from(loyaltyProgrammes)
    .where(and(eq(loyaltyProgrammes.tenantId, tenantId), eq(loyaltyProgrammes.id, id)));
  return row ?? null;
}

export async function insertProgramme(
  db: Db,
  values: Omit<typeof loyaltyProgrammes.$inferInsert, 'id'>,
): Promise<ProgrammeRow> {
  const [row] = await db.insert(loyaltyProgrammes).values(values).returning();
  if (!row) throw new Error('programme not created');
  return row;
}

export async function updateProgramme(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<typeof loyaltyProgrammes.$inferInsert>,
): Promise<void> {
  await db
    .update(loyaltyProgrammes)
    .set(values)
    .where(and(eq(loyaltyProgrammes.tenantId, tenantId), eq(loyaltyProgrammes.id, id)));
}

export async function rewardsOf(db: Db, tenantId: string, programmeIds: string[], activeOnly = true) {
  if (programmeIds.length === 0) return [];
  return db
    .select()
    .from(loyaltyRewards)
    .where(
      and(
        eq(loyaltyRewards.tenantId, tenantId),
        inArray(loyaltyRewards.programmeId, programmeIds),
        activeOnly ? eq(loyaltyRewards.active, true) : undefined,
      ),
    )
    .orderBy(asc(loyaltyRewards.pointsCost));
}

export async function insertReward(db: Db, values: Omit<typeof loyaltyRewards.$inferInsert, 'id'>): Promise<RewardRow> {
  const [row] = await db.insert(loyaltyRewards).values(values).returning();
  if (!row) throw new Error('reward not created');
  return row;
}

export async function updateReward(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<typeof loyaltyRewards.$inferInsert>,
): Promise<void> {
  await db
    .update(loyaltyRewards)
    .set(values)
    .where(and(eq(loyaltyRewards.tenantId, tenantId), eq(loyaltyRewards.id, id)));
}

export async function rewardById(db: Db, tenantId: string, id: string): Promise<RewardRow | null> {
  const [row] = await db
    .select()
    .from(loyaltyRewards)
    .where(and(eq(loyaltyRewards.tenantId, tenantId), eq(loyaltyRewards.id, id)));
  return row ?? null;
}

/** The reward, its row locked (stock) until the transaction ends. */
export async function lockReward(tx: Db, tenantId: string, id: string): Promise<RewardRow | null> {
  const [row] = await tx
    .select()
    .from(loyaltyRewards)
    .where(and(eq(loyaltyRewards.tenantId, tenantId), eq(loyaltyRewards.id, id)))
    .for('update');
  return row ?? null;
}

/** Takes one from a limited stock; false when none is left (the check has the last word). */
export async function takeStock(tx: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(loyaltyRewards)
    .set({ stock: sql`${loyaltyRewards.stock} - 1` })
    .where(and(eq(loyaltyRewards.tenantId, tenantId), eq(loyaltyRewards.id, id), gt(loyaltyRewards.stock, 0)))
    .returning({ id: loyaltyRewards.id });
  return rows.length > 0;
}

export async function giveStockBack(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx
    .update(loyaltyRewards)
    .set({ stock: sql`${loyaltyRewards.stock} + 1` })
    .where(and(eq(loyaltyRewards.tenantId, tenantId), eq(loyaltyRewards.id, id), isNotNull(loyaltyRewards.stock)));
}

/** Joins once: a second call finds the first membership. Returns it and whether it is new. */
export async function insertMember(
  db: Db,
  values: Omit<typeof loyaltyMembers.$inferInsert, 'id'>,
): Promise<{ member: MemberRow; created: boolean }> {
  const [row] = await db.insert(loyaltyMembers).values(values).onConflictDoNothing().returning();
  if (row) return { member: row, created: true };
  const [existing] = await db
    .select()
    .from(loyaltyMembers)
    .where(
      and(
        eq(loyaltyMembers.tenantId, values.tenantId),
        eq(loyaltyMembers.programmeId, values.programmeId),
        eq(loyaltyMembers.customerId, values.customerId),
      ),
    );
  if (!existing) throw new Error('membership neither created nor found');
  return { member: existing, created: false };
}

export async function membershipsOf(db: Db, tenantId: string, customerId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(loyaltyMembers)
    .where(and(eq(loyaltyMembers.tenantId, tenantId), eq(loyaltyMembers.customerId, customerId)));
}

export async function memberById(db: Db, tenantId: string, id: string): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(loyaltyMembers)
    .where(and(eq(loyaltyMembers.tenantId, tenantId), eq(loyaltyMembers.id, id)));
  return row ?? null;
}

/** The member's row locked until the transaction ends: every change of their points queues here. */
export async function lockMember(tx: Db, tenantId: string, id: string): Promise<MemberRow | null> {
  const [row] = await tx
    .select()
    .from(loyaltyMembers)
    .where(and(eq(loyaltyMembers.tenantId, tenantId), eq(loyaltyMembers.id, id)))
    .for('update');
  return row ?? null;
}

export async function setOwed(tx: Db, tenantId: string, memberId: string, owed: number): Promise<void> {
  await tx
    .update(loyaltyMembers)
    .set({ owed })
    .where(and(eq(loyaltyMembers.tenantId, tenantId), eq(loyaltyMembers.id, memberId)));
}

/** The customer's memberships of active programmes with their balances, in one query (account page). */
export async function customerBalances(db: Db, tenantId: string, customerId: string, now: Date) {
  const rows = await db
    .select({
      publicId: loyaltyProgrammes.publicId,
      name: loyaltyProgrammes.name,
      owed: loyaltyMembers.owed,
      live: sql<string>`coalesce(sum(${loyaltyLots.remaining}) filter (where ${loyaltyLots.expiresAt} is null or ${loyaltyLots.expiresAt} > ${now}), 0)`,
    })
    .from(loyaltyMembers)
    .innerJoin(loyaltyProgrammes, eq(loyaltyProgrammes.id, loyaltyMembers.programmeId))
    .leftJoin(loyaltyLots, eq(loyaltyLots.memberId, loyaltyMembers.id))
    .where(
      and(
        eq(loyaltyMembers.tenantId, tenantId),
        eq(loyaltyMembers.customerId, customerId),
        eq(loyaltyProgrammes.active, true),
      ),
    )
    .groupBy(loyaltyProgrammes.id, loyaltyMembers.id)
    .orderBy(asc(loyaltyProgrammes.createdAt));
  return rows.map((r) => ({ publicId: r.publicId, name: r.name, balance: Number(r.live) - r.owed }));
}

/** Members found by the phone of their customer record (staff search). */
export async function membersByPhone(db: Db, tenantId: string, phoneDigits: string) {
  return db
    .select({ member: loyaltyMembers, phone: customers.phone })
    .from(loyaltyMembers)
    .innerJoin(customers, eq(customers.id, loyaltyMembers.customerId))
    .where(and(eq(loyaltyMembers.tenantId, tenantId), eq(customers.phone, phoneDigits)));
}

export async function memberContact(db: Db, tenantId: string, memberId: string) {
  const [row] = await db
    .select({ phone: customers.phone, email: customers.email })
    .from(loyaltyMembers)
    .innerJoin(customers, eq(customers.id, loyaltyMembers.customerId))
    .where(and(eq(loyaltyMembers.tenantId, tenantId), eq(loyaltyMembers.id, memberId)));
  return row ?? null;
}

/** Writes an entry once per key: null when the key was used already (a replayed event). */
export async function insertEntry(tx: Db, entry: NewEntry): Promise<EntryRow | null> {
  const [row] = await tx.insert(loyaltyEntries).values(entry).onConflictDoNothing().returning();
  return row ?? null;
}

export async function entryByKey(db: Db, tenantId: string, key: string): Promise<EntryRow | null> {
  const [row] = await db
    .select()
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.tenantId, tenantId), eq(loyaltyEntries.key, key)));
  return row ?? null;
}

export async function entriesByKeyPrefix(db: Db, tenantId: string, prefix: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.tenantId, tenantId), sql`${loyaltyEntries.key} LIKE ${`${prefix}%`}`));
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
    .where(and(eq(loyaltyLots.tenantId, tenantId), eq(loyaltyLots.memberId, memberId)));
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
      .where(and(eq(loyaltyLots.tenantId, tenantId), eq(loyaltyLots.entryId, d.lotId)));
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
    .where(and(eq(loyaltyEntries.tenantId, tenantId), eq(loyaltyEntries.memberId, memberId)))
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
    .where(eq(loyaltyEntries.tenantId, tenantId))
    .orderBy(desc(loyaltyEntries.createdAt))
    .limit(limit);
}

/** Points earned (earns, bonuses, less clawbacks) since `from`: the tier window. */
export async function earnedSince(db: Db, tenantId: string, memberId: string, from: Date): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${loyaltyEntries.points}), 0)` })
    .from(loyaltyEntries)
    .where(
      and(
        eq(loyaltyEntries.tenantId, tenantId),
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

export async function insertHold(
  tx: Db,
  values: Omit<typeof loyaltyHolds.$inferInsert, 'id'>,
): Promise<HoldRow | null> {
  const [row] = await tx.insert(loyaltyHolds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function holdOfInvoice(db: Db, tenantId: string, invoiceId: string): Promise<HoldRow | null> {
  const [row] = await db
    .select()
    .from(loyaltyHolds)
    .where(and(eq(loyaltyHolds.tenantId, tenantId), eq(loyaltyHolds.invoiceId, invoiceId)));
  return row ?? null;
}

/** Moves a hold from `held` only: null when another run moved it first. */
export async function closeHold(
  tx: Db,
  tenantId: string,
  id: string,
  status: 'spent' | 'released',
): Promise<HoldRow | null> {
  const [row] = await tx
    .update(loyaltyHolds)
    .set({ status })
    .where(and(eq(loyaltyHolds.tenantId, tenantId), eq(loyaltyHolds.id, id), eq(loyaltyHolds.status, 'held')))
    .returning();
  return row ?? null;
}

/** Looks at a hold again later (its booking still stands, unpaid): only while it is `held`. */
export async function deferHold(tx: Db, tenantId: string, id: string, until: Date): Promise<boolean> {
  const rows = await tx
    .update(loyaltyHolds)
    .set({ expiresAt: until })
    .where(and(eq(loyaltyHolds.tenantId, tenantId), eq(loyaltyHolds.id, id), eq(loyaltyHolds.status, 'held')))
    .returning({ id: loyaltyHolds.id });
  return rows.length > 0;
}

export async function dueHolds(db: Db, now: Date, limit = 500): Promise<HoldRow[]> {
  return db
    .select()
    .from(loyaltyHolds)
    .where(and(eq(loyaltyHolds.status, 'held'), lte(loyaltyHolds.expiresAt, now)))
    .limit(limit);
}

export async function insertVoucher(
  tx: Db,
  values: Omit<typeof loyaltyVouchers.$inferInsert, 'id'>,
): Promise<VoucherRow> {
  const [row] = await tx.insert(loyaltyVouchers).values(values).returning();
  if (!row) throw new Error('voucher not created');
  return row;
}

export async function vouchersOf(db: Db, tenantId: string, memberId: string): Promise<VoucherRow[]> {
  return db
    .select()
    .from(loyaltyVouchers)
    .where(and(eq(loyaltyVouchers.tenantId, tenantId), eq(loyaltyVouchers.memberId, memberId)))
    .orderBy(desc(loyaltyVouchers.createdAt));
}

export async function voucherByCode(db: Db, tenantId: string, code: string): Promise<VoucherRow | null> {
  const [row] = await db
    .select()
    .from(loyaltyVouchers)
    .where(and(eq(loyaltyVouchers.tenantId, tenantId), eq(loyaltyVouchers.code, code)));
  return row ?? null;
}

/** Marks an issued voucher used: null when it was used (or voided) already. */
export async function markVoucherUsed(tx: Db, tenantId: string, id: string, staffId: string | null, at: Date) {
  const [row] = await tx
    .update(loyaltyVouchers)
    .set({ status: 'used', usedAt: at, usedByStaffId: staffId })
    .where(
      and(eq(loyaltyVouchers.tenantId, tenantId), eq(loyaltyVouchers.id, id), eq(loyaltyVouchers.status, 'issued')),
    )
    .returning();
  return row ?? null;
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
