// The databases a bench runs on: an in-memory PGlite always, and PostgreSQL too when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server. On PostgreSQL each bench gets a fresh
// database of its own, created from that URL and dropped at the end, so no bench sees what another
// seeded (they used to share one, and the second to seed it failed).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '#db/client.server.ts';

export type BenchDatabaseKind = 'pglite' | 'postgres';

/** The PostgreSQL server to bench on (its admin connection string), if any. */
export const benchServerUrl: string | undefined =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

export const benchDatabaseKinds: BenchDatabaseKind[] = benchServerUrl ? ['pglite', 'postgres'] : ['pglite'];

/** A new, empty PostgreSQL database on the bench server: its URL, and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!benchServerUrl) throw new Error('BENCH_DATABASE_URL / TEST_DATABASE_URL is not set');
  const name = `serambi_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: benchServerUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A fresh, migrated, empty database of the kind; `close` drops it on PostgreSQL. */
export async function openBenchDatabase(kind: BenchDatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ dataDir: 'memory://' });
  const fresh = await freshPostgresDatabase();
  const database = await openDatabase({ url: fresh.url });
  return {
    ...database,
    url: fresh.url,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}
