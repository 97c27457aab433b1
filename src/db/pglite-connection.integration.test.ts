import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import { PgliteConnection, toPostgresText } from './pglite-connection.server';

// The lean statement path (one batch per statement, statements prepared by name) answers exactly
// what PGlite's own `query` answers, through drizzle, for every kind of value the app sends.
const probes = pgTable('probes', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  count: integer('count').notNull().default(0),
  data: jsonb('data').$type<Record<string, unknown>>(),
  tags: text('tags').array(),
  at: timestamp('at', { withTimezone: true }),
});

describe('PgliteConnection', () => {
  let pg: PGlite;
  let connection: PgliteConnection;
  const lean = () => drizzle(connection as unknown as PGlite);
  const plain = () => drizzle(pg);

  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`CREATE TABLE probes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL UNIQUE, count integer NOT NULL DEFAULT 0,
      data jsonb, tags text[], at timestamptz)`);
    connection = new PgliteConnection(pg, { maxStatements: 3 });
  });
  afterAll(async () => {
    await pg.close();
  });

  it('reads and writes every kind of value as PGlite itself does', async () => {
    const at = new Date('2026-11-24T05:00:00.123Z');
    const [row] = await lean()
      .insert(probes)
      .values({ name: 'a "quoted", \\ name', count: 7, data: { nested: [1, 'two'] }, tags: ['x', 'y "z"', ''], at })
      .returning();
    const [viaPglite] = await plain()
      .select()
      .from(probes)
      .where(eq(probes.id, row?.id as string));
    const [viaLean] = await lean()
      .select()
      .from(probes)
      .where(eq(probes.id, row?.id as string));
    expect(viaLean).toEqual(viaPglite);
    expect(viaLean).toMatchObject({ name: 'a "quoted", \\ name', count: 7, tags: ['x', 'y "z"', ''] });
    expect(viaLean?.data).toEqual({ nested: [1, 'two'] });
    expect(viaLean?.at?.toISOString()).toBe(at.toISOString());
    const raw = await lean().execute(
      sql`SELECT ${true}::boolean AS yes, ${null}::text AS nothing, ${12.5}::numeric AS n`,
    );
    expect(raw.rows).toEqual([{ yes: true, nothing: null, n: '12.5' }]);
  });

  it('reports a unique violation, and the next statements run (prepared again or not)', async () => {
    await lean().insert(probes).values({ name: 'twice' });
    for (let i = 0; i < 3; i += 1) {
      const error = await lean()
        .insert(probes)
        .values({ name: 'twice' })
        .catch((e: unknown) => e);
      expect(isUniqueViolation(error)).toBe('probes_name_key');
    }
    const rows = await lean().select().from(probes).where(eq(probes.name, 'twice'));
    expect(rows).toHaveLength(1);
    await expect(lean().execute(sql`SELEC 1`)).rejects.toThrow();
    expect((await lean().execute(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
  });

  it('keeps only the most recently used statements, and still answers every one', async () => {
    for (let round = 0; round < 3; round += 1) {
      for (let n = 0; n < 6; n += 1) {
        const result = await lean().execute(sql.raw(`SELECT ${n} AS n`));
        expect(result.rows).toEqual([{ n }]);
      }
    }
    const prepared = await pg.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'serambi_%'`,
    );
    // Three kept, and at most one evicted whose Close goes out with the next batch.
    expect(prepared.rows[0]?.n).toBeLessThanOrEqual(4);
  });

  it('runs a transaction through the same path, and rolls it back', async () => {
    await lean().transaction(async (tx) => {
      await tx.insert(probes).values({ name: 'kept' });
    });
    await expect(
      lean().transaction(async (tx) => {
        await tx.insert(probes).values({ name: 'rolled back' });
        await tx.insert(probes).values({ name: 'kept' });
      }),
    ).rejects.toThrow();
    const names = (await lean().select({ name: probes.name }).from(probes)).map((r) => r.name);
    expect(names).toContain('kept');
    expect(names).not.toContain('rolled back');
  });

  it('keeps a statement first prepared in a transaction that rolled back (statements are not transactional)', async () => {
    await expect(
      lean().transaction(async (tx) => {
        await tx.execute(sql`SELECT 42 AS first_in_a_transaction`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await lean().execute(sql`SELECT 42 AS first_in_a_transaction`)).rows).toEqual([
      { first_in_a_transaction: 42 },
    ]);
  });

  it('prepares a statement again when its table changed shape', async () => {
    await pg.exec(`CREATE TABLE shapes (a int); INSERT INTO shapes VALUES (1)`);
    expect((await lean().execute(sql`SELECT * FROM shapes`)).rows).toEqual([{ a: 1 }]);
    await pg.exec(`ALTER TABLE shapes ADD COLUMN b int DEFAULT 2`);
    expect((await lean().execute(sql`SELECT * FROM shapes`)).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('shares the named statements of one PGlite between connections over it', async () => {
    const shared = await PGlite.create();
    const one = drizzle(new PgliteConnection(shared) as unknown as PGlite);
    const two = drizzle(new PgliteConnection(shared) as unknown as PGlite);
    for (let n = 0; n < 4; n += 1) {
      expect((await one.execute(sql.raw(`SELECT ${n} AS n`))).rows).toEqual([{ n }]);
      expect((await two.execute(sql.raw(`SELECT ${n + 10} AS n`))).rows).toEqual([{ n: n + 10 }]);
    }
    await shared.close();
  });

  it('writes parameters as Postgres reads text', () => {
    expect(toPostgresText(null)).toBeNull();
    expect(toPostgresText(false)).toBe('f');
    expect(toPostgresText(10n)).toBe('10');
    expect(toPostgresText(new Uint8Array([1, 255]))).toBe('\\x01ff');
    expect(
      toPostgresText([
        ['a', null],
        ['b"', '\\'],
      ]),
    ).toBe('{{"a",NULL},{"b\\"","\\\\"}}');
    expect(toPostgresText({ a: 1 })).toBe('{"a":1}');
  });
});
