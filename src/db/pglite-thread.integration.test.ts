import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_DIR, openDatabase } from './client.server';
import { isUniqueViolation, sqlStateOf } from './errors';
import { PgliteThread } from './pglite-thread.server';
import * as schema from './schema';
import { transaction } from './transaction.server';

/**
 * The embedded database on its own thread (pglite-thread.server.ts, decision 0035): what the app
 * does through drizzle must behave exactly as on PGlite in the caller's thread — rows, errors,
 * transactions and their exclusion, LISTEN — and the data must be on disk when it closes.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir, thread: 'worker' });
  await database.db.execute(sql`CREATE TABLE thread_probe (id int PRIMARY KEY, label text UNIQUE, at timestamptz)`);
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The rows of an `execute` (typed per driver by drizzle). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const raw = () => {
  if (database.connection.kind !== 'pglite') throw new Error('expected PGlite');
  return database.connection.client;
};

describe('the embedded database on its own thread', () => {
  it('is migrated there: the app tables exist and are empty', async () => {
    const [row] = await database.db.select({ n: count() }).from(schema.tenants);
    expect(row?.n).toBe(0);
  });

  it('answers rows as drizzle reads them (timestamps as text, json parsed, arrays, bytes)', async () => {
    const result = await database.db.execute(
      sql`SELECT ${'2026-11-28T10:00:00Z'}::timestamptz AS at, '{"a":[1,2]}'::jsonb AS j, ARRAY[1,2,3] AS xs, '\\x0102'::bytea AS b, 12345678901::bigint AS big`,
    );
    const [row] = rowsOf<{ at: unknown; j: unknown; xs: unknown; b: unknown; big: unknown }>(result);
    expect(row?.at).toBe('2026-11-28 10:00:00+00');
    expect(row?.j).toEqual({ a: [1, 2] });
    expect(row?.xs).toEqual([1, 2, 3]);
    expect(Array.from(row?.b as Uint8Array)).toEqual([1, 2]);
    expect(Number(row?.big)).toBe(12345678901);
  });

  it("carries a database error's SQLSTATE and constraint across the thread", async () => {
    await database.db.execute(sql`INSERT INTO thread_probe (id, label) VALUES (1, 'one')`);
    const failure = await database.db
      .execute(sql`INSERT INTO thread_probe (id, label) VALUES (2, 'one')`)
      .catch((e) => e);
    expect(isUniqueViolation(failure)).toBe('thread_probe_label_key');
    const division = await database.db.execute(sql`SELECT 1 / 0`).catch((e) => e);
    expect(sqlStateOf(division)).toBe('22012');
  });

  it('commits a transaction, rolls back a failed one and a failed savepoint inside one', async () => {
    await transaction(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe (id, label) VALUES (10, 'ten')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO thread_probe (id, label) VALUES (11, 'eleven')`);
          throw new Error('inner fails');
        })
        .catch(() => {});
    });
    const failed = transaction(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe (id, label) VALUES (12, 'twelve')`);
      throw new Error('outer fails');
    });
    await expect(failed).rejects.toThrow('outer fails');
    const ids = await database.db.execute(sql`SELECT id FROM thread_probe WHERE id >= 10 ORDER BY id`);
    expect(rowsOf<{ id: number }>(ids).map((r) => r.id)).toEqual([10]);
  });

  it('holds statements from outside while a transaction is open, as PGlite does (one connection)', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const writer = transaction(database.db, async (tx) => {
      await tx.execute(sql`INSERT INTO thread_probe (id, label) VALUES (20, 'twenty')`);
      order.push('written');
      await held;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reader = database.db.execute(sql`SELECT count(*)::int AS n FROM thread_probe WHERE id = 20`).then((r) => {
      order.push('read');
      return rowsOf<{ n: number }>(r)[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await writer;
    expect(await reader).toBe(1);
    expect(order).toEqual(['written', 'commit', 'read']);
  });

  it('leaves the event loop free while a long statement runs: a timer set after it fires before it ends', async () => {
    const order: string[] = [];
    const long = database.db
      .execute(sql`SELECT count(*) FROM generate_series(1, 2000000) AS g WHERE g % 7 = 0`)
      .then(() => order.push('statement done'));
    // On the caller's thread the statement's WebAssembly would run to its end before any timer.
    await new Promise((resolve) => setTimeout(resolve, 1));
    order.push('timer');
    await long;
    expect(order).toEqual(['timer', 'statement done']);
  });

  it("gives the job system PGlite's own query (timestamps as Date), exec and LISTEN", async () => {
    const client = raw();
    const { rows } = await client.query<{ at: unknown }>(`SELECT '2026-11-28T10:00:00Z'::timestamptz AS at`);
    expect(rows[0]?.at).toBeInstanceOf(Date);
    const results = await client.exec('SELECT 1 AS a; SELECT 2 AS b');
    expect(results.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    const heard: string[] = [];
    const stop = await client.listen?.('thread_probe_channel', (payload) => heard.push(payload));
    await client.query(`SELECT pg_notify('thread_probe_channel', 'hello')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stop?.();
    await client.query(`SELECT pg_notify('thread_probe_channel', 'after')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['hello']);
  });

  it('keeps the data on disk: closed and opened again, the rows are there', async () => {
    await database.close();
    database = await openDatabase({ dataDir, thread: 'worker' });
    const rows = await database.db.execute(sql`SELECT label FROM thread_probe ORDER BY id`);
    expect(rowsOf<{ label: string }>(rows).map((r) => r.label)).toEqual(['one', 'ten', 'twenty']);
    const [tenant] = await database.db.select().from(schema.tenants).where(eq(schema.tenants.slug, 'nobody'));
    expect(tenant).toBeUndefined();
  });

  it('refuses statements once closed, and a thread that cannot open reports why', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'pglite-thread-bad-'));
    try {
      // A data folder inside a file: the thread fails to open it, says so, and stops.
      writeFileSync(path.join(other, 'file'), '');
      const failed = PgliteThread.start({ dataDir: path.join(other, 'file', 'db'), migrationsFolder: MIGRATIONS_DIR });
      await expect(failed).rejects.toThrow();
      const thread = await PgliteThread.start({ dataDir: 'memory://', migrationsFolder: MIGRATIONS_DIR });
      await thread.close();
      await expect(thread.query('SELECT 1')).rejects.toThrow(/closed/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
