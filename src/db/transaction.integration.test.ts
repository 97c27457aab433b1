import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.server';
import { isRetryableConflict } from './errors';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from './test-databases';
import { transaction } from './transaction.server';

describe.each(testDatabaseKinds)('transaction() on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.execute(sql`CREATE TABLE race_probe (id int PRIMARY KEY, n int NOT NULL)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  const reset = async () => {
    await database.db.execute(sql`TRUNCATE race_probe`);
    await database.db.execute(sql`INSERT INTO race_probe VALUES (1, 0), (2, 0)`);
  };
  /** Both transactions hold their first row before either asks for its second (PostgreSQL only:
   * PGlite runs one transaction at a time, so there the two simply run one after the other). */
  const barrier = () => {
    if (kind !== 'postgres') return async () => {};
    let arrived = 0;
    let open: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return async () => {
      arrived += 1;
      if (arrived === 2) open();
      await Promise.race([opened, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    };
  };
  /** Locks `first` then `second`: two of these in opposite orders deadlock on PostgreSQL. */
  const crossing = (first: number, second: number, meet: () => Promise<void>) => async (tx: Db) => {
    await tx.execute(sql`UPDATE race_probe SET n = n + 1 WHERE id = ${first}`);
    await meet();
    await tx.execute(sql`UPDATE race_probe SET n = n + 1 WHERE id = ${second}`);
  };
  const counts = async () => {
    const result = (await database.db.execute(sql`SELECT n FROM race_probe ORDER BY id`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows.map((r) => Number(r.n));
  };

  it('runs a transaction PostgreSQL aborted as a deadlock again, so both crossing transactions commit', async () => {
    await reset();
    const meet = barrier();
    const outcomes = await Promise.allSettled([
      transaction(database.db, crossing(1, 2, meet), { name: 'probe' }),
      transaction(database.db, crossing(2, 1, meet), { name: 'probe' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await counts()).toEqual([2, 2]);
  });

  // What it guards against, which only PostgreSQL's concurrent transactions show.
  if (kind === 'postgres')
    it('(without it, PostgreSQL aborts one of them: 40P01)', async () => {
      await reset();
      const meet = barrier();
      const outcomes = await Promise.allSettled([
        database.db.transaction((tx) => crossing(1, 2, meet)(tx as unknown as Db)),
        database.db.transaction((tx) => crossing(2, 1, meet)(tx as unknown as Db)),
      ]);
      const rejected = outcomes.filter((o) => o.status === 'rejected');
      expect(rejected).toHaveLength(1);
      expect(isRetryableConflict((rejected[0] as PromiseRejectedResult).reason)).toBe(true);
      expect(await counts()).toEqual([1, 1]);
    });

  it('does not run again on other errors, nor inside an enclosing transaction', async () => {
    let runs = 0;
    await expect(
      transaction(database.db, async () => {
        runs += 1;
        throw new Error('not a conflict');
      }),
    ).rejects.toThrow('not a conflict');
    expect(runs).toBe(1);

    let inner = 0;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(
      database.db.transaction((outer) =>
        transaction(outer as unknown as Db, async () => {
          inner += 1;
          throw deadlock;
        }),
      ),
    ).rejects.toThrow('deadlock detected');
    expect(inner).toBe(1); // the outermost transaction is the one to retry

    let attempts = 0;
    const result = await transaction(database.db, async () => {
      attempts += 1;
      if (attempts < 3) throw deadlock;
      return 'done';
    });
    expect({ result, attempts }).toEqual({ result: 'done', attempts: 3 });
  });
});
