import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { appJobs } from '#app.server';
import type { Db } from '#db/client.server.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { databaseJobs } from './database-statistics.server';
import { hitRateLimit } from './rate-limit.server';

/** What the planner believes about a table: its row estimate and how many columns have statistics. */
async function plannerView(db: Db, table: string): Promise<{ rows: number; columnsWithStats: number }> {
  const result = await db.execute<{ rows: number; columns: number }>(sql`
    SELECT c.reltuples::float8 AS rows,
           (SELECT count(*)::int FROM pg_stats s WHERE s.schemaname = 'public' AND s.tablename = ${table}) AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relname = ${table}`);
  const row = (result as unknown as { rows: { rows: number; columns: number }[] }).rows[0];
  return { rows: Number(row?.rows ?? -1), columnsWithStats: Number(row?.columns ?? 0) };
}

async function count(db: Db, table: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
}

describe.each(testDatabaseKinds)('the planner’s statistics on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('are refreshed by the hourly platform.analyse-database job, which the app schedules', async () => {
    expect(appJobs).toEqual(expect.arrayContaining([...databaseJobs]));
    const [job] = databaseJobs;
    if (!job) throw new Error('no job');
    expect(job.name).toBe('platform.analyse-database');
    expect(job.cron).toMatch(/^\d+ \* \* \* \*$/);

    database = await createTestDatabase(kind);
    const now = new Date('2026-11-23T12:00:00Z');
    for (let i = 0; i < 40; i += 1) await hitRateLimit(database.db, `stats-${i}`, { limit: 5, windowMs: 60_000 }, now);
    const rows = await count(database.db, 'rate_limits');
    expect(rows).toBe(40);
    if (kind === 'pglite') {
      // No autovacuum: new rows stay unknown to the planner until something analyses.
      expect(await plannerView(database.db, 'rate_limits')).toEqual({ rows: 0, columnsWithStats: 0 });
    }

    const counts = await job.run({ db: database.db, now });
    expect(counts).toEqual({ analysedMs: expect.any(Number) });
    const after = await plannerView(database.db, 'rate_limits');
    expect(after.rows).toBe(rows);
    expect(after.columnsWithStats).toBeGreaterThan(1);
  }, 120_000);
});

describe('the embedded database at start', () => {
  it('is analysed after its migrations: every table is known to the planner, even empty', async () => {
    const database = await createTestDatabase('pglite');
    try {
      // Never analysed, PostgreSQL says -1 rows; analysed and empty, 0.
      expect((await plannerView(database.db, 'tenants')).rows).toBe(0);
      expect((await plannerView(database.db, 'bookings')).rows).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
