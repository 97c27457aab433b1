import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '#db/client.server.ts';
import { jobRuns } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import type { RecurringJob } from './job';
import { runOnce } from './run-once.server';
import { startJobScheduler } from './scheduler.server';

describe.each(testDatabaseKinds)('jobs on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('does the work for one key once, however many deliveries arrive at the same time', async () => {
    let charged = 0;
    const deliveries = await Promise.all(
      Array.from({ length: 12 }, () =>
        runOnce(database.db, 'test.charge', 'instalment-1', async () => {
          charged += 1;
          await new Promise((resolve) => setTimeout(resolve, 20)); // hold the claim while the others arrive
          return 'charged';
        }),
      ),
    );
    expect(charged).toBe(1);
    expect(deliveries.filter((d) => d.ran)).toEqual([{ ran: true, value: 'charged' }]);
    // A later delivery (a retry after a crash, an instance back from downtime) still does nothing.
    expect(await runOnce(database.db, 'test.charge', 'instalment-1', async () => (charged += 1))).toEqual({
      ran: false,
    });
    expect(charged).toBe(1);
  });

  it('lets a key whose work failed be tried again, and keeps keys and jobs apart', async () => {
    await expect(
      runOnce(database.db, 'test.charge', 'instalment-2', async () => {
        throw new Error('card declined');
      }),
    ).rejects.toThrow('card declined');
    expect(await database.db.select().from(jobRuns).where(eq(jobRuns.key, 'instalment-2'))).toEqual([]);
    expect(await runOnce(database.db, 'test.charge', 'instalment-2', async () => 'ok')).toEqual({
      ran: true,
      value: 'ok',
    });
    expect(await runOnce(database.db, 'test.remind', 'instalment-2', async () => 'ok')).toEqual({
      ran: true,
      value: 'ok',
    });
  });

  it('schedules every job and runs one when asked, which makes up everything due while it was down', async () => {
    const runs: Date[] = [];
    // A job that catches up by itself: it handles everything due up to its run's time.
    const due = [new Date(Date.now() - 3_600_000), new Date(Date.now() - 60_000)];
    const handled: Date[] = [];
    const job: RecurringJob = {
      name: 'test.sweep-due',
      cron: '0 0 1 1 *', // once a year: only runNow runs it in this test
      run: async ({ now }) => {
        runs.push(now);
        const ready = due.filter((at) => at <= now && !handled.includes(at));
        handled.push(...ready);
        return { handled: ready.length };
      },
    };
    let finished: (counts: Record<string, number> | undefined) => void = () => {};
    const ran = new Promise<Record<string, number> | undefined>((resolve) => {
      finished = resolve;
    });
    const started = await startJobScheduler(database, [job], {
      pollingIntervalSeconds: 0.5,
      onRun: (_name, counts) => finished(counts),
    });
    try {
      expect(await started.scheduled()).toEqual(['test.sweep-due']);
      await started.runNow('test.sweep-due');
      expect(await ran).toEqual({ handled: 2 });
      expect(runs).toHaveLength(1);
    } finally {
      await started.stop();
    }
  }, 60_000);
});

// Two app instances on one PostgreSQL: a job queued once is worked by exactly one of them.
describe.each(testDatabaseKinds.filter((kind) => kind === 'postgres'))('jobs with two instances on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a queued job on one instance only', async () => {
    if (database.connection.kind !== 'postgres') throw new Error('expected postgres');
    const second = await openDatabase({ url: database.connection.url });
    const ranOn: string[] = [];
    const job = (instance: string): RecurringJob => ({
      name: 'test.once-across-instances',
      cron: '0 0 1 1 *',
      run: async () => {
        ranOn.push(instance);
        return undefined;
      },
    });
    const a = await startJobScheduler(database, [job('a')], { pollingIntervalSeconds: 0.5 });
    const b = await startJobScheduler(second, [job('b')], { pollingIntervalSeconds: 0.5 });
    try {
      await a.runNow('test.once-across-instances');
      // Until pg-boss holds the one run as completed: then no instance can fetch it again, so a
      // second, wrong, run would already be in ranOn (no fixed wait for it).
      await vi.waitFor(
        async () => {
          const states = (await database.db.execute(
            sql`SELECT state FROM pgboss.job WHERE name = 'test.once-across-instances'`,
          )) as unknown as { rows: { state: string }[] };
          expect(states.rows.map((row) => row.state)).toEqual(['completed']);
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(ranOn).toHaveLength(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await second.close();
    }
  }, 60_000);
});

// The app's server runs the embedded database on a thread of its own (decision 0035): pg-boss
// reaches it through that thread's query, exec and LISTEN.
describe('jobs on PGlite on its own thread', () => {
  it('schedules a job and runs it when asked', async () => {
    const database = await openDatabase({ dataDir: 'memory://', thread: 'worker' });
    let finished: (counts: Record<string, number> | undefined) => void = () => {};
    const ran = new Promise<Record<string, number> | undefined>((resolve) => {
      finished = resolve;
    });
    const job: RecurringJob = { name: 'test.on-thread', cron: '0 0 1 1 *', run: async () => ({ done: 1 }) };
    const started = await startJobScheduler(database, [job], {
      pollingIntervalSeconds: 0.5,
      onRun: (_name, counts) => finished(counts),
    });
    try {
      expect(await started.scheduled()).toEqual(['test.on-thread']);
      await started.runNow('test.on-thread');
      expect(await ran).toEqual({ done: 1 });
    } finally {
      await started.stop();
      await database.close();
    }
  }, 60_000);
});
