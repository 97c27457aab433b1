import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { REVIEWS_PAGE_ROWS, staffReviewsPage } from './index.server.ts';

// Staff's reviews in pages (issue 25): 50 a page with LIMIT/OFFSET, the filter's count in SQL,
// the same statements whatever the number of reviews.
describe.each(testDatabaseKinds)('the staff reviews list on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    klinik = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const page = (db: TestDatabase['db'], query: string) => staffReviewsPage(db, klinik, new URLSearchParams(query));

  it('pages the filter’s reviews without gaps or repeats and counts them all in SQL', async () => {
    const few = countQueries(database);
    await page(few.db, 'rating=2');
    const statementsWithFew = few.count();
    const base = new Date('2026-10-01T00:00:00Z').getTime();
    await database.db.insert(reviews).values(
      Array.from({ length: REVIEWS_PAGE_ROWS + 9 }, (_, i) => ({
        tenantId: klinik.id,
        kind: 'review' as const,
        rating: 2,
        comment: `Review ${i}`,
        createdAt: new Date(base + (i % 7) * 60_000), // ties in time: the id breaks them
      })),
    );
    const all = await database.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.tenantId, klinik.id), eq(reviews.rating, 2)));
    const counter = countQueries(database);
    const first = await page(counter.db, 'rating=2');
    expect(counter.count()).toBe(statementsWithFew);
    const second = await page(database.db, 'rating=2&page=2');
    expect(first.rows).toHaveLength(REVIEWS_PAGE_ROWS);
    expect(second.rows).toHaveLength(all.length - REVIEWS_PAGE_ROWS);
    const ids = [...first.rows, ...second.rows].map((r) => r.id);
    expect(new Set(ids)).toEqual(new Set(all.map((r) => r.id)));
    expect(ids).toHaveLength(all.length);
    expect([first.total, second.total, first.page, second.page]).toEqual([all.length, all.length, 1, 2]);
    expect([first.pageIssue, second.pageIssue]).toEqual([null, null]);
  });

  it('answers 400 for a page that is not a number and 404 past the last; page 1 of nothing exists', async () => {
    expect((await page(database.db, 'page=0')).pageIssue).toBe(400);
    expect((await page(database.db, 'rating=2&page=9')).pageIssue).toBe(404);
    const none = await page(database.db, 'rating=2&kind=feedback');
    expect([none.total, none.rows.length, none.pageIssue]).toEqual([0, 0, null]);
  });
});
