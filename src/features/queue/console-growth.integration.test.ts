import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { queues, queueTickets } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { CONSOLE_NEXT, issueTicket, MISSED_PAGE_ROWS, queueConsolePage } from './index.server.ts';
import { aClinicWithWaitingRoom } from './test-support.ts';

// Issue 25, costs flat in data: the counter's console reads per queue its counts and average wait
// from SQL, its first numbers, the current ticket per point and one page of missed tickets
// (`?missed=N`), never the day's tickets.
composeApp();

describe.each(testDatabaseKinds)('the staff queue console with many tickets today on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let queueA = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinicWithWaitingRoom(database.db);
    const rows = await database.db.select().from(queues).where(eq(queues.tenantId, klinik.id));
    queueA = rows.find((q) => q.prefix === 'A')?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  async function consoleOf(query = '') {
    const counter = countQueries(database);
    const page = await queueConsolePage(
      counter.db,
      klinik,
      { locale: 'en', t: translator('en') },
      { query: new URLSearchParams(query) },
    );
    return { page, queries: counter.count(), statements: counter.statements() };
  }

  /** Queue A's tickets of today read whole: the reference the console must agree with. */
  async function ticketsOfA() {
    const today = zonedDate(new Date(), klinik.timeZone);
    return database.db
      .select()
      .from(queueTickets)
      .where(and(eq(queueTickets.queueId, queueA), eq(queueTickets.serviceDate, today)))
      .orderBy(queueTickets.queuedAt, queueTickets.seq);
  }

  it('sends as many statements with many tickets as with a few, and counts them all in SQL', async () => {
    const few = await consoleOf();
    const extra = 2 * MISSED_PAGE_ROWS + 20;
    for (let i = 0; i < extra; i += 1)
      await issueTicket(database.db, { tenant: klinik, queueId: queueA, source: 'walk_in' });
    // A page and a bit of them missed, at one instant (ties broken by calling order, then id).
    const waitingNow = (await ticketsOfA()).filter((t) => t.status === 'waiting');
    const missed = waitingNow.slice(0, MISSED_PAGE_ROWS + 5);
    const at = new Date();
    await database.db
      .update(queueTickets)
      .set({ status: 'missed', calledAt: at, finishedAt: at })
      .where(
        inArray(
          queueTickets.id,
          missed.map((t) => t.id),
        ),
      );
    const many = await consoleOf();
    expect(many.queries).toBe(few.queries);
    // Every read of the tickets is limited, ranked, grouped or keyed: none reads the day's rows.
    const onTickets = many.statements.filter((q) => q.includes('"queue_tickets"'));
    expect(onTickets.length).toBeGreaterThan(0);
    for (const q of onTickets) expect(q).toMatch(/limit|row_number\(\)|distinct on|group by/i);

    const all = await ticketsOfA();
    const waiting = all.filter((t) => t.status === 'waiting');
    const shown = many.page.view.queues.find((q) => q.id === queueA);
    expect(shown?.waiting).toBe(waiting.length);
    expect(shown?.next).toEqual(waiting.slice(0, CONSOLE_NEXT).map((t) => t.number));
    expect(shown?.done).toBe(all.filter((t) => t.status === 'done').length);
    // The mean wait of tickets called from their first queue, as the console showed it when it read every ticket.
    const waits = all
      .filter((t) => t.calledAt && t.originQueueId === queueA)
      .map((t) => ((t.calledAt?.getTime() ?? 0) - t.createdAt.getTime()) / 1000)
      .filter((s) => s >= 0);
    expect(shown?.averageWaitMinutes).toBe(
      waits.length ? Math.round(waits.reduce((a, b) => a + b, 0) / waits.length / 60) : null,
    );

    // The missed list in pages: all of them once, the latest missed first, ties in calling order.
    const missedToday = many.page.view.missed.total;
    expect(missedToday).toBeGreaterThanOrEqual(missed.length);
    const second = await consoleOf('missed=2');
    expect(second.queries).toBe(many.queries);
    expect(many.page.view.missed.rows).toHaveLength(MISSED_PAGE_ROWS);
    expect(second.page.view.missed.rows).toHaveLength(missedToday - MISSED_PAGE_ROWS);
    const listed = [...many.page.view.missed.rows, ...second.page.view.missed.rows].map((m) => m.number);
    expect(new Set(listed).size).toBe(missedToday);
    expect(listed.slice(0, missed.length)).toEqual(missed.map((t) => t.number));
    expect([many.page.pageIssue, second.page.pageIssue]).toEqual([null, null]);
  });

  it('answers 400 for a missed page that is not a number and 404 past the last', async () => {
    expect((await consoleOf('missed=0')).page.pageIssue).toBe(400);
    expect((await consoleOf('missed=x')).page.pageIssue).toBe(400);
    expect((await consoleOf('missed=3')).page.pageIssue).toBe(404);
    expect((await consoleOf('missed=1')).page.pageIssue).toBeNull();
  });
});
