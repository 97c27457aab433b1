import { sql } from 'drizzle-orm';
import type { Db } from './client.server';

/**
 * Refreshes the planner's statistics of every table (`ANALYZE`). The embedded PGlite has no
 * autovacuum, so without this its planner never learns how big the tables are and picks poor
 * plans as they grow (one ANALYZE made availability 1.3–4.3× faster on a database with 52,600
 * bookings: issue 11). Run after migrations and seeding, and hourly by `platform.analyse-database`.
 * On PostgreSQL autovacuum does the same; there it is a cheap extra.
 */
export async function analyseDatabase(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE`);
}
