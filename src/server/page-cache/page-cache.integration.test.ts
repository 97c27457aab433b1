import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageInvalidations } from '#app.server';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { transaction } from '#db/transaction.server.ts';
import { EventBus, runAfterCommit } from '../events';
import {
  createPageCacheNode,
  type PageCache,
  type PageCacheNode,
  type PageInvalidation,
  registerPageInvalidations,
} from '.';

const KLINIK = '11111111-1111-4111-8111-111111111111';
const YAYASAN = '22222222-2222-4222-8222-222222222222';
const quiet = { info: () => {}, warn: () => {} };

const keep = async (
  cache: PageCache,
  key: string,
  tenantId = KLINIK,
  tags: ('catalogue' | 'embed' | 'campaigns')[] = ['catalogue'],
) => {
  await cache.serve({ key, tenantId, tags, ttlSeconds: 60 }, async () => ({
    cacheable: true,
    page: { status: 200, headers: [], body: new TextEncoder().encode(key) },
  }));
};

/** Emits an event the way a use case does: in its transaction, after-commit work run after. */
async function change(
  bus: EventBus,
  database: TestDatabase,
  emit: (bus: EventBus, tx: TestDatabase['db']) => Promise<unknown>,
) {
  const after = await transaction(database.db, async (tx) => {
    await tx.execute(sql`SELECT 1`);
    return (await emit(bus, tx)) as Awaited<ReturnType<EventBus['emit']>>;
  });
  await runAfterCommit(after, (error) => {
    throw error;
  });
}

describe.each(testDatabaseKinds)('page cache invalidation on %s', (kind) => {
  let database: TestDatabase;
  let node: PageCacheNode;
  const bus = new EventBus();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    node = createPageCacheNode({ log: quiet });
    registerPageInvalidations(bus, pageInvalidations, () => node.cache);
    bus.markComposed();
  });
  afterAll(async () => {
    await node?.close();
    await database?.close();
  });
  afterEach(() => node.cache.clear());

  it('a change on the bus drops the pages it changes, once committed, for its tenant only', async () => {
    const { cache } = node;
    await keep(cache, 'k-home', KLINIK, []);
    await keep(cache, 'k-appointment');
    await keep(cache, 'k-embed', KLINIK, ['catalogue', 'embed']);
    await keep(cache, 'y-appointment', YAYASAN);

    await change(bus, database, (b, tx) => b.emit(tx, 'embed-origins.changed', { tenantId: KLINIK }));
    expect(cache.get('k-embed')).toBeNull();
    expect(cache.get('k-appointment')).not.toBeNull();

    await change(bus, database, (b, tx) => b.emit(tx, 'catalogue.changed', { tenantId: KLINIK }));
    expect(cache.get('k-appointment')).toBeNull();
    expect(cache.get('k-home')).not.toBeNull();
    expect(cache.get('y-appointment')).not.toBeNull();

    await keep(cache, 'y-campaign', YAYASAN, ['campaigns']);
    await change(bus, database, (b, tx) =>
      b.emit(tx, 'campaign.changed', {
        tenantId: YAYASAN,
        campaignId: '00000000-0000-4000-8000-000000000001',
        publicId: 'banjir-kelantan',
        change: 'updated',
        staffId: null,
      }),
    );
    expect(cache.get('y-campaign')).toBeNull();
    expect(cache.get('y-appointment')).not.toBeNull();

    await change(bus, database, (b, tx) => b.emit(tx, 'tenant.changed', { tenantId: KLINIK }));
    expect(cache.get('k-home')).toBeNull();
    expect(cache.get('y-appointment')).not.toBeNull();
  });

  it('a change that rolls back drops nothing', async () => {
    await keep(node.cache, 'k-appointment');
    await expect(
      transaction(database.db, async (tx) => {
        await bus.emit(tx, 'catalogue.changed', { tenantId: KLINIK });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(node.cache.get('k-appointment')).not.toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('page cache across two instances on postgres', () => {
  let database: TestDatabase;
  let first: PageCacheNode;
  let second: PageCacheNode;
  const heard: PageInvalidation[] = [];
  let wake: () => void = () => {};
  const bus = new EventBus();

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const connectionString = database.url as string;
    first = createPageCacheNode({ connectionString, log: quiet });
    second = createPageCacheNode({
      connectionString,
      log: quiet,
      onInvalidated: (change) => {
        heard.push(change);
        wake();
      },
    });
    await Promise.all([first.ready(), second.ready()]);
    // The first instance's bus: its change reaches the second through NOTIFY.
    registerPageInvalidations(bus, pageInvalidations, () => first.cache);
    bus.markComposed();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('a change made on one instance drops the pages of every instance', async () => {
    for (const node of [first, second]) {
      await keep(node.cache, 'k-appointment');
      await keep(node.cache, 'y-appointment', YAYASAN);
    }
    const delivered = new Promise<void>((resolve) => {
      wake = resolve;
    });
    await change(bus, database, (b, tx) => b.emit(tx, 'catalogue.changed', { tenantId: KLINIK }));
    await delivered;
    expect(heard).toEqual([{ tenantId: KLINIK, tags: ['catalogue'] }]);
    for (const node of [first, second]) {
      expect(node.cache.get('k-appointment')).toBeNull();
      expect(node.cache.get('y-appointment')).not.toBeNull();
    }
  });

  it('a change rolled back on one instance reaches no other', async () => {
    heard.length = 0;
    await keep(second.cache, 'k-appointment');
    await expect(
      transaction(database.db, async (tx) => {
        await bus.emit(tx, 'catalogue.changed', { tenantId: KLINIK });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed change to the other tenant after it: once it arrives, the rolled-back one
    // would have arrived first (one connection delivers NOTIFYs in commit order).
    const delivered = new Promise<void>((resolve) => {
      wake = resolve;
    });
    await change(bus, database, (b, tx) => b.emit(tx, 'catalogue.changed', { tenantId: YAYASAN }));
    await delivered;
    expect(heard).toEqual([{ tenantId: YAYASAN, tags: ['catalogue'] }]);
    expect(second.cache.get('k-appointment')).not.toBeNull();
  });
});
