import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client.server';

// The two write shapes most repositories spell out: insert one row and answer it; update one row
// of a tenant by its id and answer it (or null when the tenant has no such row).

/** Inserts one row and answers it as stored; throws `failure` when the database answers none. */
export async function insertRow<T extends PgTable>(db: Db, table: T, values: T['$inferInsert'], failure: string) {
  const [row] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  if (!row) throw new Error(failure);
  return row;
}

type TenantTable = PgTable & { id: PgColumn; tenantId: PgColumn };

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
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
    .returning()) as T['$inferSelect'][];
  return row ?? null;
}
