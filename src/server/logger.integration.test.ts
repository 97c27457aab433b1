import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { logLines } from '#lib/logger-test-support.ts';

// A customer's details as a failing query would carry them in its parameters.
const NAME = 'Siti Aminah binti Yusof';
const PHONE = '60123456789';
const NOTES = 'allergic to penicillin';

/** What the logger wrote while `run` ran. */
async function logged(run: () => Promise<void> | void): Promise<string> {
  return (await logLines(run)).join('\n');
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the query was expected to fail');
}

describe.each(testDatabaseKinds)('failed queries in the log on %s (issue 9 item 4)', (kind) => {
  let database: TestDatabase;
  const table = `log_probe_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql.raw(`create table ${table} (phone text primary key, name text, notes text)`));
    await database.db.execute(
      sql`insert into ${sql.identifier(table)} (phone, name, notes) values (${PHONE}, ${NAME}, ${NOTES})`,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  it('logs a unique violation with its SQLSTATE, constraint and SQL, never the parameters or the key detail', async () => {
    const error = await failure(
      database.db.execute(
        sql`insert into ${sql.identifier(table)} (phone, name, notes) values (${PHONE}, ${NAME}, ${NOTES})`,
      ),
    );
    const output = await logged(() => log.error('unhandled error', { ...errorFields(error), path: '/api/bookings' }));
    const line = JSON.parse(output) as Record<string, unknown>;
    expect(line.code).toBe('23505');
    expect(line.constraint).toBe(`${table}_pkey`);
    expect(String(line.query)).toContain(`insert into "${table}"`);
    expect(String(line.error)).toContain('duplicate key value violates unique constraint');
    for (const secret of [NAME, PHONE, NOTES, 'params']) expect(output).not.toContain(secret);
  });

  it('logs a value the database refused without quoting the value', async () => {
    const error = await failure(database.db.execute(sql`select ${`${NAME} ${PHONE}`}::uuid`));
    const output = await logged(() => log.warn('input refused by the database', errorFields(error)));
    const line = JSON.parse(output) as Record<string, unknown>;
    expect(line.code).toBe('22P02');
    expect(String(line.error)).toContain('invalid input syntax for type uuid');
    for (const secret of [NAME, PHONE]) expect(output).not.toContain(secret);
  });

  it('drops the parameters even from an error logged as a plain string', async () => {
    const error = await failure(
      database.db.execute(
        sql`insert into ${sql.identifier(table)} (phone, name, notes) values (${PHONE}, ${NAME}, ${NOTES})`,
      ),
    );
    expect(String(error)).toContain(NAME);
    const output = await logged(() => log.error('sweep failed', { error: String(error) }));
    expect(output).toContain('Failed query');
    for (const secret of [NAME, PHONE, NOTES]) expect(output).not.toContain(secret);
  });
});
