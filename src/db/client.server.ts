import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { count } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { errorFields, log } from '#lib/logger.server.ts';
import { PgliteConnection } from './pglite-connection.server';
import { openPglite } from './pglite-open.server';
import { PgliteThread } from './pglite-thread.server';
import * as schema from './schema';
import { analyseDatabase } from './statistics.server';

/** The one database type features see: the same PostgreSQL dialect on PGlite and on pg. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * How the job system reaches the same database: PGlite's one connection (PGlite itself, or its
   * query, exec and listen on the database's own thread), or the server's URL.
   */
  connection: { kind: 'pglite'; client: PGlite | PgliteThread['raw'] } | { kind: 'postgres'; url: string };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder of the embedded database; `memory://` for an in-memory one (tests). */
  dataDir?: string | undefined;
  /**
   * An in-memory PGlite starts from this dump of an already migrated one (tests: half a second
   * instead of two for initdb and every migration); the migrator then finds nothing to do.
   */
  template?: Blob | undefined;
  /**
   * Where the embedded database runs: on a thread of its own (the app's server: its WebAssembly
   * Postgres does not hold up the pages answered meanwhile), or on the caller's (tests, scripts).
   */
  thread?: 'main' | 'worker' | undefined;
}

export { PGLITE_SHARED_BUFFERS } from './pglite-open.server';

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'migrations');

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection can die (server restart, failover, a dropped test database): pg reports it
    // here and replaces it; without a listener the process would crash.
    pool.on('error', (error) => {
      log.warn('idle database connection lost', errorFields(error));
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    // Several instances may boot at once: one migrates while the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(728301)');
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('SELECT pg_advisory_unlock(728301)').catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', connection: { kind: 'postgres', url: options.url }, close: () => pool.end() };
  }

  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  if (options.thread === 'worker') {
    const thread = await PgliteThread.start({
      dataDir: inMemory ? dataDir : path.resolve(dataDir, 'pglite'),
      migrationsFolder: MIGRATIONS_DIR,
    });
    const db = drizzlePglite(thread as unknown as PGlite, { schema }) as unknown as Db;
    await analyseDatabase(db);
    return { db, kind: 'pglite', connection: { kind: 'pglite', client: thread.raw }, close: () => thread.close() };
  }
  const client = inMemory
    ? await openPglite(dataDir, options.template)
    : await openPglite(path.resolve(dataDir, 'pglite'));
  // The app's statements go through the lean connection (one batch each, prepared by name);
  // migrations, the job system and LISTEN/NOTIFY use PGlite itself.
  const db = drizzlePglite(new PgliteConnection(client) as unknown as PGlite, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  // No autovacuum here: the planner's statistics are refreshed after migrating, after seeding and
  // hourly (platform.analyse-database), see statistics.server.ts.
  await analyseDatabase(db);
  return { db, kind: 'pglite', connection: { kind: 'pglite', client }, close: () => client.close() };
}

/** True when the database holds no tenant yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.tenants);
  return (row?.n ?? 0) === 0;
}
