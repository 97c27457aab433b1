import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { count } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { errorFields, log } from '#lib/logger.server.ts';
import { PgliteConnection } from './pglite-connection.server';
import * as schema from './schema';
import { analyseDatabase } from './statistics.server';

/** The one database type features see: the same PostgreSQL dialect on PGlite and on pg. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** How the job system reaches the same database: PGlite's one connection, or the server's URL. */
  connection: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
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
}

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'migrations');

/**
 * Postgres's own page cache inside PGlite's memory. Its default, 128MB, was most of the server's
 * resident memory at rest once the pages had been read (issue 25); the data lives in files the
 * operating system caches anyway. Kept in the data folder (ALTER SYSTEM), so it applies from the
 * first reopen on. 16MB (was 32MB): resident memory at rest on a restart with the demo data went
 * from about 340 to 309 MB, and a clinic's working set of rows stays far under it.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Opens the embedded database in its folder with its settings (set, then reopened, on the first start). */
async function openPglite(dataDir: string, template?: Blob): Promise<PGlite> {
  const open = () => PGlite.create(dataDir, { extensions: { btree_gist }, loadDataDir: template });
  const client = await open();
  if (dataDir.startsWith('memory://')) return client;
  const { rows } = await client.query<{ shared_buffers: string }>('SHOW shared_buffers');
  if (rows[0]?.shared_buffers === PGLITE_SHARED_BUFFERS) return client;
  await client.exec(`ALTER SYSTEM SET shared_buffers = '${PGLITE_SHARED_BUFFERS}'`);
  await client.close();
  return open();
}

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
