import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { donations, staff } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { donationLanding, GIFTS_PAGE_ROWS, staffGiftsList } from './index.server.ts';
import { recordTestOfflineGift } from './test-support';

// Staff's gifts list in pages (issue 25): a page of 50 read with LIMIT/OFFSET, the count and the
// paid money of the whole filter summed in SQL, the same statements whatever the number of gifts.
composeApp();

describe.each(testDatabaseKinds)('the staff gifts list on %s', (kind) => {
  let database: TestDatabase;
  let peduli: Tenant;
  let campaignId = '';
  let staffId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    peduli = (await resolveTenant(database.db, 'peduli.localhost')) as Tenant;
    const [live] = (await donationLanding(database.db, peduli.id, new Date())).live;
    campaignId = live?.id ?? '';
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, peduli.id));
    staffId = member?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const gifts = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      await recordTestOfflineGift(database.db, peduli, {
        campaignId,
        staffId,
        amountMinor: 1000 + i,
        donorName: `Tunai ${i}`,
      });
    }
  };
  const list = (db: TestDatabase['db'], query: string) => staffGiftsList(db, peduli, new URLSearchParams(query));

  it('pages the filter’s gifts without gaps or repeats, counting and summing all of them in SQL', async () => {
    const few = countQueries(database);
    await list(few.db, 'kind=offline');
    const statementsWithFew = few.count();

    await gifts(GIFTS_PAGE_ROWS + 7);
    const all = await database.db.select().from(donations).where(eq(donations.tenantId, peduli.id));
    const offline = all.filter((d) => d.offline);
    const counter = countQueries(database);
    const first = await list(counter.db, 'kind=offline');
    expect(counter.count()).toBe(statementsWithFew);
    const second = await list(database.db, 'kind=offline&page=2');
    expect(first.rows).toHaveLength(GIFTS_PAGE_ROWS);
    expect(second.rows).toHaveLength(offline.length - GIFTS_PAGE_ROWS);
    const ids = [...first.rows, ...second.rows].map((r) => r.donation.id);
    expect(new Set(ids).size).toBe(offline.length);
    expect(new Set(ids)).toEqual(new Set(offline.map((d) => d.id)));
    for (const page of [first, second]) {
      expect(page.count).toBe(offline.length);
      expect(page.total).toBe(offline.filter((d) => d.status === 'paid').reduce((sum, d) => sum + d.amountMinor, 0));
    }
    expect([first.page, second.page, first.pastEnd, second.pastEnd]).toEqual([1, 2, false, false]);
  });

  it('says which pages do not exist: not a number, or past the last', async () => {
    expect((await list(database.db, 'page=abc')).badPage).toBe(true);
    expect((await list(database.db, 'kind=offline&page=99')).pastEnd).toBe(true);
    const empty = await list(database.db, 'q=nobody-by-this-name');
    expect([empty.count, empty.rows.length, empty.pastEnd]).toEqual([0, 0, false]);
  });
});
