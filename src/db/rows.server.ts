import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client.server';

// The shapes most repositories spell out: the tenant's scoping of a query (ofTenant); its first row
// matching (firstTenantRow) or its row by id (findTenantRow), optionally locked; how many rows
// (countRows); insert one row and answer it; update or delete the tenant's row by its id.

type ScopedTable = PgTable & { tenantId: PgColumn };
type TenantTable = ScopedTable & { id: PgColumn };

/** A row lock held until the transaction ends (FOR UPDATE, or FOR NO KEY UPDATE: foreign-key checks go on). */
export type RowLock = 'update' | 'no key update';

/** The tenant's rows of `table` and every further condition (an undefined one is passed over). */
export function ofTenant(table: ScopedTable, tenantId: string, ...conditions: (SQL | undefined)[]) {
  return and(eq(table.tenantId, tenantId), ...conditions);
}

/** The first of the tenant's rows matching the condition, or null; locked when `lock` is given. */
export async function firstTenantRow<T extends ScopedTable>(
  db: Db,
  table: T,
  tenantId: string,
  condition: SQL | undefined,
  lock?: RowLock,
) {
  const query = db
    .select()
    .from(table as PgTable)
    .where(ofTenant(table, tenantId, condition));
  const [row] = (lock ? await query.for(lock) : await query) as T['$inferSelect'][];
  return row ?? null;
}

/** The tenant's row with this id, or null; locked when `lock` is given. */
export function findTenantRow<T extends TenantTable>(db: Db, table: T, tenantId: string, id: string, lock?: RowLock) {
  return firstTenantRow(db, table, tenantId, eq(table.id, id), lock);
}

/** How many of the tenant's rows match every condition. */
export async function countRows(db: Db, table: ScopedTable, tenantId: string, ...conditions: (SQL | undefined)[]) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(ofTenant(table, tenantId, ...conditions));
  return Number(row?.count ?? 0);
}

/** Inserts one row and answers it as stored; throws `failure` when the database answers none. */
export async function insertRow<T extends PgTable>(db: Db, table: T, values: T['$inferInsert'], failure: string) {
  const [row] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  if (!row) throw new Error(failure);
  return row;
}

/** Updates the tenant's row with this id: the row as it is now, or null when the tenant has none. */
export async function updateTenantRow<T extends TenantTable>(
  db: Db,
  table: T,
  tenantId: string,
  id: string,
  set: PgUpdateSetSource<T>,
) {
  const [row] = (await db
    .update(table)
    .set(set)
    .where(ofTenant(table, tenantId, eq(table.id, id)))
    .returning()) as T['$inferSelect'][];
  return row ?? null;
}
