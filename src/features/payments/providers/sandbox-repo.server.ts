import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { findTenantRow, ofTenant } from '#db/rows.server.ts';
import { sandboxCharges } from '#db/schema/index.ts';
import type { SandboxChargeStatus } from './sandbox-webhook';

// The sandbox gateway's only drizzle user. It touches nothing but its own table, as a real
// gateway knows nothing of our payments.

export type SandboxCharge = typeof sandboxCharges.$inferSelect;
export type NewSandboxCharge = Omit<typeof sandboxCharges.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>;

/** Records a charge; a second call with the same id changes nothing (an idempotent create). */
export async function insertSandboxCharge(db: Db, charge: NewSandboxCharge): Promise<void> {
  await db.insert(sandboxCharges).values(charge).onConflictDoNothing({ target: sandboxCharges.id });
}

/** The gateway's own lookup by charge id (its API, not a tenant's page). */
export async function sandboxChargeById(db: Db, id: string): Promise<SandboxCharge | null> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
  return row ?? null;
}

/** A charge as the tenant's hosted page may show it: another tenant's charge does not exist here. */
export async function tenantSandboxCharge(db: Db, tenantId: string, id: string): Promise<SandboxCharge | null> {
  return findTenantRow(db, sandboxCharges, tenantId, id);
}

/**
 * Moves a charge out of requires_action, at most once: the conditional UPDATE lets exactly one of
 * two concurrent clicks win. Returns the updated row, or null when nothing changed.
 */
export async function finishSandboxCharge(
  db: Db,
  input: { tenantId: string; id: string; status: Exclude<SandboxChargeStatus, 'requires_action'>; now: Date },
): Promise<SandboxCharge | null> {
  const [row] = await db
    .update(sandboxCharges)
    .set({ status: input.status, updatedAt: input.now })
    .where(
      ofTenant(
        sandboxCharges,
        input.tenantId,
        eq(sandboxCharges.id, input.id),
        eq(sandboxCharges.status, 'requires_action'),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Gives back part of a succeeded charge, never beyond what was charged (one conditional UPDATE,
 * so two refunds at once cannot together exceed it). Null when the gateway refuses.
 */
export async function refundSandboxCharge(
  db: Db,
  input: { id: string; amount: number; now: Date },
): Promise<SandboxCharge | null> {
  const [row] = await db
    .update(sandboxCharges)
    .set({ amountRefunded: sql`${sandboxCharges.amountRefunded} + ${input.amount}`, updatedAt: input.now })
    .where(
      and(
        eq(sandboxCharges.id, input.id),
        eq(sandboxCharges.status, 'succeeded'),
        sql`${sandboxCharges.amountRefunded} + ${input.amount} <= ${sandboxCharges.amount}`,
      ),
    )
    .returning();
  return row ?? null;
}
