// What points are spent on: holds on an appointment checkout's invoice and vouchers for the counter.
// Every query is scoped by tenant, except the job's due holds.
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { firstTenantRow, insertRow, ofTenant } from '#db/rows.server.ts';
import { loyaltyHolds, loyaltyVouchers } from '#db/schema/index.ts';
import type { HoldRow, VoucherRow } from './loyalty-repo.server';

export async function insertHold(
  tx: Db,
  values: Omit<typeof loyaltyHolds.$inferInsert, 'id'>,
): Promise<HoldRow | null> {
  const [row] = await tx.insert(loyaltyHolds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function holdOfInvoice(db: Db, tenantId: string, invoiceId: string): Promise<HoldRow | null> {
  return firstTenantRow(db, loyaltyHolds, tenantId, eq(loyaltyHolds.invoiceId, invoiceId));
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
    .where(ofTenant(loyaltyHolds, tenantId, eq(loyaltyHolds.id, id), eq(loyaltyHolds.status, 'held')))
    .returning();
  return row ?? null;
}

/** Looks at a hold again later (its booking still stands, unpaid): only while it is `held`. */
export async function deferHold(tx: Db, tenantId: string, id: string, until: Date): Promise<boolean> {
  const rows = await tx
    .update(loyaltyHolds)
    .set({ expiresAt: until })
    .where(ofTenant(loyaltyHolds, tenantId, eq(loyaltyHolds.id, id), eq(loyaltyHolds.status, 'held')))
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
  return insertRow(tx, loyaltyVouchers, values, 'voucher not created');
}

export async function vouchersOf(db: Db, tenantId: string, memberId: string): Promise<VoucherRow[]> {
  return db
    .select()
    .from(loyaltyVouchers)
    .where(ofTenant(loyaltyVouchers, tenantId, eq(loyaltyVouchers.memberId, memberId)))
    .orderBy(desc(loyaltyVouchers.createdAt));
}

export async function voucherByCode(db: Db, tenantId: string, code: string): Promise<VoucherRow | null> {
  return firstTenantRow(db, loyaltyVouchers, tenantId, eq(loyaltyVouchers.code, code));
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
