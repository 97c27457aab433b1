import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, resources, services } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { REQUESTS_PAGE_ROWS, staffAppointmentsPage } from './index.server.ts';
import { aClinic } from './test-support.ts';

// Issue 25, costs flat in data: the requests waiting for a decision on /staff/appointments come a
// page at a time (`?requests=N`, LIMIT/OFFSET, soonest first, ties by id), counted in SQL.
const NOW = new Date('2026-11-23T00:00:00Z');

describe.each(testDatabaseKinds)('the staff appointments’ requests in pages on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const page = (db: TestDatabase['db'], query: string) =>
    staffAppointmentsPage(db, klinik, new URLSearchParams(query), NOW);

  it('pages the requests without gaps or repeats, in as many statements with many as with one', async () => {
    const none = await page(database.db, '');
    expect([none.requests, none.requestCount, none.pageIssue]).toEqual([[], 0, null]);

    const [service] = await database.db.select().from(services).where(eq(services.tenantId, klinik.id));
    const people = await database.db.select().from(resources).where(eq(resources.tenantId, klinik.id));
    const [first, second] = people;
    if (!service || !first || !second) throw new Error('the clinic needs a service and two practitioners');
    const count = REQUESTS_PAGE_ROWS + 7;
    // Two practitioners asked for at the same hour each day: ties in time the id orders.
    const request = (i: number) => {
      const startsAt = new Date(NOW.getTime() + (Math.floor(i / 2) + 1) * 86_400_000);
      const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
      return {
        tenantId: klinik.id,
        publicId: `b-requests-${i}`,
        serviceId: service.id,
        resourceId: (i % 2 === 0 ? first : second).id,
        startsAt,
        endsAt,
        blocksFrom: startsAt,
        blocksUntil: endsAt,
        status: 'requested' as const,
        contactName: `Asker ${i}`,
      };
    };
    const returned = { id: bookings.id, publicId: bookings.publicId, startsAt: bookings.startsAt };
    const rows = await database.db.insert(bookings).values(request(0)).returning(returned);
    const few = countQueries(database);
    await page(few.db, '');
    const statementsWithOne = few.count();
    rows.push(
      ...(await database.db
        .insert(bookings)
        .values(Array.from({ length: count - 1 }, (_, i) => request(i + 1)))
        .returning(returned)),
    );

    const counter = countQueries(database);
    const one = await page(counter.db, '');
    expect(counter.count()).toBe(statementsWithOne);
    const two = await page(database.db, 'requests=2');
    expect([one.requests.length, two.requests.length]).toEqual([REQUESTS_PAGE_ROWS, count - REQUESTS_PAGE_ROWS]);
    expect([one.requestCount, two.requestCount, one.requestsPage, two.requestsPage]).toEqual([count, count, 1, 2]);
    const expected = [...rows]
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((r) => r.publicId);
    expect([...one.requests, ...two.requests].map((r) => r.booking.publicId)).toEqual(expected);
    const waiting = await database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.tenantId, klinik.id), eq(bookings.status, 'requested')));
    expect(waiting).toHaveLength(count);
  });

  it('answers 400 for a page that is not a number and 404 past the last', async () => {
    expect((await page(database.db, 'requests=0')).pageIssue).toBe(400);
    expect((await page(database.db, 'requests=2.5')).pageIssue).toBe(400);
    expect((await page(database.db, 'requests=3')).pageIssue).toBe(404);
    expect((await page(database.db, 'requests=2')).pageIssue).toBeNull();
  });
});
