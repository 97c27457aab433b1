import { asc } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { tenantEmbedOrigins } from '#db/schema/index.ts';

/** The tenant's allowed origins as stored, in the owner's order. */
export async function findEmbedOrigins(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ origin: tenantEmbedOrigins.origin })
    .from(tenantEmbedOrigins)
    .where(ofTenant(tenantEmbedOrigins, tenantId))
    .orderBy(asc(tenantEmbedOrigins.position), asc(tenantEmbedOrigins.origin));
  return rows.map((row) => row.origin);
}

/** Replaces the tenant's allowed origins with these (distinct, in order), in one transaction. */
export async function replaceEmbedOrigins(db: Db, tenantId: string, origins: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(tenantEmbedOrigins).where(ofTenant(tenantEmbedOrigins, tenantId));
    if (origins.length === 0) return;
    await tx.insert(tenantEmbedOrigins).values(origins.map((origin, position) => ({ tenantId, origin, position })));
  });
}
