import { asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { findTenantRow, firstTenantRow, insertRow, ofTenant } from '#db/rows.server.ts';
import {
  customers,
  type loyaltyEntries,
  type loyaltyHolds,
  loyaltyLots,
  loyaltyMembers,
  loyaltyProgrammes,
  loyaltyRewards,
  loyaltySettings,
  type loyaltyVouchers,
} from '#db/schema/index.ts';

// Loyalty's settings, programmes, rewards and members; every query is scoped by tenant. The ledger
// is in loyalty-ledger-repo, holds and vouchers in loyalty-redemption-repo.

export type ProgrammeRow = typeof loyaltyProgrammes.$inferSelect;
export type RewardRow = typeof loyaltyRewards.$inferSelect;
export type MemberRow = typeof loyaltyMembers.$inferSelect;
export type EntryRow = typeof loyaltyEntries.$inferSelect;
export type HoldRow = typeof loyaltyHolds.$inferSelect;
export type VoucherRow = typeof loyaltyVouchers.$inferSelect;
export type NewEntry = Omit<typeof loyaltyEntries.$inferInsert, 'id'>;

export async function allowedRewardKinds(db: Db, tenantId: string): Promise<string[]> {
  const [row] = await db.select().from(loyaltySettings).where(ofTenant(loyaltySettings, tenantId));
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
    .where(ofTenant(loyaltyProgrammes, tenantId, activeOnly ? eq(loyaltyProgrammes.active, true) : undefined))
    .orderBy(asc(loyaltyProgrammes.createdAt));
}

export async function programmeByPublicId(db: Db, tenantId: string, publicId: string): Promise<ProgrammeRow | null> {
  return firstTenantRow(db, loyaltyProgrammes, tenantId, eq(loyaltyProgrammes.publicId, publicId));
}

export async function programmeById(db: Db, tenantId: string, id: string): Promise<ProgrammeRow | null> {
  return findTenantRow(db, loyaltyProgrammes, tenantId, id);
}

export async function insertProgramme(
  db: Db,
  values: Omit<typeof loyaltyProgrammes.$inferInsert, 'id'>,
): Promise<ProgrammeRow> {
  return insertRow(db, loyaltyProgrammes, values, 'programme not created');
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
    .where(ofTenant(loyaltyProgrammes, tenantId, eq(loyaltyProgrammes.id, id)));
}

export async function rewardsOf(db: Db, tenantId: string, programmeIds: string[], activeOnly = true) {
  if (programmeIds.length === 0) return [];
  return db
    .select()
    .from(loyaltyRewards)
    .where(
      ofTenant(
        loyaltyRewards,
        tenantId,
        inArray(loyaltyRewards.programmeId, programmeIds),
        activeOnly ? eq(loyaltyRewards.active, true) : undefined,
      ),
    )
    .orderBy(asc(loyaltyRewards.pointsCost));
}

export async function insertReward(db: Db, values: Omit<typeof loyaltyRewards.$inferInsert, 'id'>): Promise<RewardRow> {
  return insertRow(db, loyaltyRewards, values, 'reward not created');
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
    .where(ofTenant(loyaltyRewards, tenantId, eq(loyaltyRewards.id, id)));
}

export async function rewardById(db: Db, tenantId: string, id: string): Promise<RewardRow | null> {
  return findTenantRow(db, loyaltyRewards, tenantId, id);
}

/** The reward, its row locked (stock) until the transaction ends. */
export async function lockReward(tx: Db, tenantId: string, id: string): Promise<RewardRow | null> {
  return findTenantRow(tx, loyaltyRewards, tenantId, id, 'update');
}

/** Takes one from a limited stock; false when none is left (the check has the last word). */
export async function takeStock(tx: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(loyaltyRewards)
    .set({ stock: sql`${loyaltyRewards.stock} - 1` })
    .where(ofTenant(loyaltyRewards, tenantId, eq(loyaltyRewards.id, id), gt(loyaltyRewards.stock, 0)))
    .returning({ id: loyaltyRewards.id });
  return rows.length > 0;
}

export async function giveStockBack(tx: Db, tenantId: string, id: string): Promise<void> {
  await tx
    .update(loyaltyRewards)
    .set({ stock: sql`${loyaltyRewards.stock} + 1` })
    .where(ofTenant(loyaltyRewards, tenantId, eq(loyaltyRewards.id, id), isNotNull(loyaltyRewards.stock)));
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
      ofTenant(
        loyaltyMembers,
        values.tenantId,
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
    .where(ofTenant(loyaltyMembers, tenantId, eq(loyaltyMembers.customerId, customerId)));
}

export async function memberById(db: Db, tenantId: string, id: string): Promise<MemberRow | null> {
  return findTenantRow(db, loyaltyMembers, tenantId, id);
}

/** The member's row locked until the transaction ends: every change of their points queues here. */
export async function lockMember(tx: Db, tenantId: string, id: string): Promise<MemberRow | null> {
  return findTenantRow(tx, loyaltyMembers, tenantId, id, 'update');
}

export async function setOwed(tx: Db, tenantId: string, memberId: string, owed: number): Promise<void> {
  await tx
    .update(loyaltyMembers)
    .set({ owed })
    .where(ofTenant(loyaltyMembers, tenantId, eq(loyaltyMembers.id, memberId)));
}

/**
 * The customer's memberships of active programmes with their balances, in one query (account
 * page): each kept balance less what lots past their expiry hold until the job expires them.
 */
export async function customerBalances(db: Db, tenantId: string, customerId: string, now: Date) {
  const rows = await db
    .select({
      publicId: loyaltyProgrammes.publicId,
      name: loyaltyProgrammes.name,
      balance: loyaltyMembers.balance,
      expired: sql<string>`(SELECT coalesce(sum(l.remaining), 0) FROM ${loyaltyLots} l
        WHERE l.member_id = ${loyaltyMembers.id} AND l.remaining > 0 AND l.expires_at <= ${now})`,
    })
    .from(loyaltyMembers)
    .innerJoin(loyaltyProgrammes, eq(loyaltyProgrammes.id, loyaltyMembers.programmeId))
    .where(
      ofTenant(loyaltyMembers, tenantId, eq(loyaltyMembers.customerId, customerId), eq(loyaltyProgrammes.active, true)),
    )
    .orderBy(asc(loyaltyProgrammes.createdAt));
  return rows.map((r) => ({ publicId: r.publicId, name: r.name, balance: r.balance - Number(r.expired) }));
}

/** Members found by the phone of their customer record (staff search). */
export async function membersByPhone(db: Db, tenantId: string, phoneDigits: string) {
  return db
    .select({ member: loyaltyMembers, phone: customers.phone })
    .from(loyaltyMembers)
    .innerJoin(customers, eq(customers.id, loyaltyMembers.customerId))
    .where(ofTenant(loyaltyMembers, tenantId, eq(customers.phone, phoneDigits)));
}

export async function memberContact(db: Db, tenantId: string, memberId: string) {
  const [row] = await db
    .select({ phone: customers.phone, email: customers.email })
    .from(loyaltyMembers)
    .innerJoin(customers, eq(customers.id, loyaltyMembers.customerId))
    .where(ofTenant(loyaltyMembers, tenantId, eq(loyaltyMembers.id, memberId)));
  return row ?? null;
}
