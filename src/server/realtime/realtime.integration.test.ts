import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#db/test-databases.ts';
import type { RealtimeMessage } from './message';
import { notifyThrough } from './pg-notify.server';
import { createRealtime, type Realtime } from './realtime.server';

const quietLog = { info: vi.fn(), warn: vi.fn() };
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A subscriber that records what reaches it; tenants are random so parallel runs never mix. */
function listen(realtime: Realtime, realm: string, channels: string[]) {
  const got: RealtimeMessage[] = [];
  const resyncs: string[][] = [];
  const stop = realtime.hub.subscribe(realm, channels, {
    message: (message) => got.push(message),
    resync: (which) => resyncs.push(which),
  });
  return { got, resyncs, stop };
}

/**
 * Waits, instead of sleeping, until anything already published has reached `listeners`: each of
 * `from` publishes a marker and every listener waits for all of them. LISTEN delivers in commit
 * order, so a message (or a wrong duplicate) sent before a marker arrives before it. The markers
 * are then taken out of `got`.
 */
async function flush(from: Realtime[], tenant: string, channel: string, listeners: ReturnType<typeof listen>[]) {
  for (const instance of from) await instance.publish(tenant, channel, 'flush', {});
  const markers = (l: ReturnType<typeof listen>) => l.got.filter((m) => m.event === 'flush').length;
  await vi.waitFor(
    () => {
      for (const l of listeners) expect(markers(l)).toBe(from.length);
    },
    { timeout: 10_000 },
  );
  for (const l of listeners) l.got.splice(0, l.got.length, ...l.got.filter((m) => m.event !== 'flush'));
}
const newTenant = () => `it${randomBytes(6).toString('hex')}`;

describe('local hub on PGlite (one process)', () => {
  let database: TestDatabase;
  let realtime: Realtime;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    // On PGlite there is no LISTEN/NOTIFY fan-out: the in-process hub is all.
    realtime = createRealtime({ log: quietLog });
  });
  afterAll(async () => {
    await realtime.close();
    await database.close();
  });

  it('delivers a publish made after a committed change to each subscriber exactly once', async () => {
    const tenant = newTenant();
    const a = listen(realtime, `tenant:${tenant}`, ['invoice:Pub1']);
    const b = listen(realtime, `tenant:${tenant}`, ['invoice:Pub1', 'queue:main']);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
    });
    await realtime.publish(tenant, 'invoice:Pub1', 'status', { status: 'paid' });
    await realtime.ready();
    expect(a.got.map((m) => m.data)).toEqual([{ status: 'paid' }]);
    expect(b.got).toHaveLength(1);
    expect(b.got[0]).toMatchObject({ realm: `tenant:${tenant}`, channel: 'invoice:Pub1', event: 'status' });
    a.stop();
    b.stop();
  });

  it('replays from the buffer after a reconnect', async () => {
    const tenant = newTenant();
    const first = listen(realtime, `tenant:${tenant}`, ['queue:main']);
    await realtime.publish(tenant, 'queue:main', 'called', { ticket: 'B1' });
    const lastId = first.got.at(-1)?.id ?? '';
    first.stop();
    await realtime.publish(tenant, 'queue:main', 'called', { ticket: 'B2' });
    expect(realtime.hub.replay(`tenant:${tenant}`, ['queue:main'], lastId)).toMatchObject({
      messages: [{ data: { ticket: 'B2' } }],
      complete: true,
    });
  });
});

/** Two app instances on one PostgreSQL: each has its own hub, LISTEN connection and NOTIFY pool. */
describe.skipIf(!TEST_DATABASE_URL)('LISTEN/NOTIFY fan-out between two instances', () => {
  const url = TEST_DATABASE_URL ?? '';
  const notifiers: pg.Pool[] = [];
  let a: Realtime;
  let b: Realtime;
  const ids = { a: `a${randomBytes(4).toString('hex')}`, b: `b${randomBytes(4).toString('hex')}` };

  async function instance(instanceId: string): Promise<Realtime> {
    // NOTIFY goes through drizzle over a pool, as the app's database does in production.
    const notifier = new pg.Pool({ connectionString: url, max: 2 });
    notifiers.push(notifier);
    const db = drizzle(notifier);
    const realtime = createRealtime({
      log: quietLog,
      instanceId,
      postgres: {
        connectionString: url,
        notify: notifyThrough(db),
      },
      fanoutBackoff: { initialMs: 50, maxMs: 200 },
    });
    await realtime.ready();
    return realtime;
  }

  beforeAll(async () => {
    a = await instance(ids.a);
    b = await instance(ids.b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(notifiers.map((pool) => pool.end()));
  });

  it('a publish on A reaches subscribers on A and on B exactly once each', async () => {
    const tenant = newTenant();
    const onA = listen(a, `tenant:${tenant}`, ['invoice:X1']);
    const onB = listen(b, `tenant:${tenant}`, ['invoice:X1']);
    const otherTenantOnB = listen(b, `tenant:${newTenant()}`, ['invoice:X1']);
    await a.publish(tenant, 'invoice:X1', 'status', { status: 'paid' });
    await vi.waitFor(() => expect(onB.got).toHaveLength(1));
    await flush([a, b], tenant, 'invoice:X1', [onA, onB]);
    expect(onA.got).toHaveLength(1);
    expect(onB.got).toHaveLength(1);
    expect(onA.got[0]).toEqual(onB.got[0]);
    expect(onA.got[0]?.id.startsWith(`${ids.a}-`)).toBe(true);
    expect(otherTenantOnB.got).toHaveLength(0);
    for (const s of [onA, onB, otherTenantOnB]) s.stop();
  });

  it('both instances see the same order, so a reader can resume on either one', async () => {
    const tenant = newTenant();
    const onA = listen(a, `tenant:${tenant}`, ['queue:main']);
    const onB = listen(b, `tenant:${tenant}`, ['queue:main']);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).publish(tenant, 'queue:main', 'called', { n: i })),
    );
    await vi.waitFor(() => {
      expect(onA.got).toHaveLength(20);
      expect(onB.got).toHaveLength(20);
    });
    expect(onA.got.map((m) => m.id)).toEqual(onB.got.map((m) => m.id));
    // A reader of A that saw the 5th message reconnects to B and gets the other 15.
    const fifth = onA.got[4]?.id ?? '';
    const onB15 = b.hub.replay(`tenant:${tenant}`, ['queue:main'], fifth);
    expect(onB15.complete).toBe(true);
    expect(onB15.messages.map((m) => m.id)).toEqual(onA.got.slice(5).map((m) => m.id));
    onA.stop();
    onB.stop();
  });

  it('reconnects LISTEN after the connection is killed, tells its readers to resync, and receives again', async () => {
    const tenant = newTenant();
    const onA = listen(a, `tenant:${tenant}`, ['queue:main']);
    const onB = listen(b, `tenant:${tenant}`, ['queue:main']);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [`serambi-realtime-${ids.a}`],
      );
      expect(killed.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await vi.waitFor(() => expect(onA.resyncs).toEqual([['queue:main']]), { timeout: 5_000 });
    expect(onB.resyncs).toEqual([]);

    await b.publish(tenant, 'queue:main', 'called', { ticket: 'C1' });
    await a.publish(tenant, 'queue:main', 'called', { ticket: 'C2' });
    await vi.waitFor(() => {
      expect(onA.got.map((m) => m.data)).toEqual([{ ticket: 'C1' }, { ticket: 'C2' }]);
      expect(onB.got.map((m) => m.data)).toEqual([{ ticket: 'C1' }, { ticket: 'C2' }]);
    });
    await flush([a, b], tenant, 'queue:main', [onA, onB]);
    expect(onA.got).toHaveLength(2);
    expect(onB.got).toHaveLength(2);
    onA.stop();
    onB.stop();
  });

  it('delivers locally, once, when NOTIFY fails', async () => {
    const tenant = newTenant();
    const broken = createRealtime({
      log: quietLog,
      postgres: { connectionString: url, notify: () => Promise.reject(new Error('pool exhausted')) },
    });
    await broken.ready();
    const here = listen(broken, `tenant:${tenant}`, ['queue:main']);
    const onB = listen(b, `tenant:${tenant}`, ['queue:main']);
    await broken.publish(tenant, 'queue:main', 'called', { ticket: 'D1' });
    await flush([b], tenant, 'queue:main', [here, onB]);
    expect(here.got).toHaveLength(1);
    expect(onB.got).toHaveLength(0);
    expect(quietLog.warn).toHaveBeenCalledWith('realtime: NOTIFY failed; delivered on this instance only', {
      error: 'pool exhausted',
    });
    here.stop();
    onB.stop();
    await broken.close();
  });
});
