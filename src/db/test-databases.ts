import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Db, openDatabase } from './client.server';
import * as schema from './schema';

/**
 * The databases integration tests run against: an in-memory PGlite always, and a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. Each call makes new, empty, migrated ones.
 */
export interface TestDatabase extends Database {
  label: string;
  /** The connection string of a PostgreSQL test database (a second pool = a second app instance). */
  url?: string;
}

export const testDatabaseKinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** The migrated database the run's global setup dumped (src/db/test-templates.global-setup.ts), read once per file. */
let pgliteTemplate: Blob | undefined;
function migratedPglite(): Blob | undefined {
  const file = process.env.SERAMBI_TEST_PGLITE_TEMPLATE;
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

export async function createTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', template: migratedPglite() });
    return { ...database, label: 'pglite' };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `serambi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const template = process.env.SERAMBI_TEST_PG_TEMPLATE;
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.href });
  return {
    ...database,
    label: 'postgres',
    url: url.href,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface QueryCounter {
  /** The same database through a handle that counts every statement it sends. */
  db: Db;
  count(): number;
  /** The statements since the last reset, text only (never parameters: they carry personal data). */
  statements(): string[];
  reset(): void;
}

/**
 * A second drizzle instance over the same connection (PGlite) or pool (PostgreSQL) that counts
 * the statements it sends, transactions' BEGIN/COMMIT included: hand its `db` to a page's loader
 * (`locals.db`) or a use case and assert an upper bound on `count()`.
 */
export function countQueries(database: Database): QueryCounter {
  let sent: string[] = [];
  const logger = {
    logQuery: (query: string) => {
      sent.push(query);
    },
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db =
    database.kind === 'pglite'
      ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Db)
      : (drizzleNodePg(client as pg.Pool, { schema, logger }) as unknown as Db);
  return {
    db,
    count: () => sent.length,
    statements: () => [...sent],
    reset: () => {
      sent = [];
    },
  };
}
