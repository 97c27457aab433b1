// Vitest's global setup: migrate once per run (and per set of migrations), then let every test
// database start from that copy instead of running initdb and every migration again. About a
// hundred and fifty databases are opened per run; on 2 cores the migrations were most of the
// integration suite's time (CI, issue 25). Test files find the copies through the environment,
// which the workers inherit: SERAMBI_TEST_PGLITE_TEMPLATE (a dump file of a migrated PGlite) and
// SERAMBI_TEST_PG_TEMPLATE (a migrated PostgreSQL database to CREATE DATABASE … TEMPLATE from).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR, openDatabase } from './client.server';

/** Changes whenever a migration or the embedded database's version does. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const pglite = path.resolve(process.cwd(), 'node_modules/@electric-sql/pglite/package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version);
  const files = readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 12);
}

async function pgliteTemplate(fingerprint: string): Promise<string> {
  const folder = path.join(tmpdir(), 'serambi-test-templates');
  const file = path.join(folder, `pglite-${fingerprint}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const database = await openDatabase({ dataDir: 'memory://' });
  if (database.connection.kind !== 'pglite' || !(database.connection.client instanceof PGlite)) {
    throw new Error('expected PGlite on this thread');
  }
  const client = database.connection.client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  // Written aside then renamed: a run beside this one never reads half a file.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

async function postgresTemplate(adminUrl: string, fingerprint: string): Promise<string> {
  const name = `serambi_template_${fingerprint}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One run builds it while another waits (helpers and CI may share the server).
    await admin.query('SELECT pg_advisory_lock(728302)');
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.href });
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(728302)').catch(() => {});
    await admin.end();
  }
}

export default async function setup() {
  const fingerprint = migrationsFingerprint();
  process.env.SERAMBI_TEST_PGLITE_TEMPLATE = await pgliteTemplate(fingerprint);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) process.env.SERAMBI_TEST_PG_TEMPLATE = await postgresTemplate(adminUrl, fingerprint);
}
