import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { queues, queueTickets } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { MAX_MISSED, MAX_NEXT } from './board-state.ts';
import { boardState, callNext, issueTicket, staffQueue, ticketState } from './index.server.ts';
import { aClinicWithWaitingRoom } from './test-support.ts';

// Issue 25, costs flat in data: the TV board reads what it shows (the current ticket per point, the
// next MAX_NEXT per queue, the latest MAX_MISSED missed, counts by SQL), never the day's tickets.
composeApp();

describe.each(testDatabaseKinds)('the queue board with many tickets today on %s', (kind) => {
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

  async function measure() {
    const counter = countQueries(database);
    const board = await boardState(counter.db, klinik, { locale: 'en' });
    return { board, queries: counter.count(), statements: counter.statements() };
  }

  /** The waiting numbers of queue A in order, read whole: the reference the board must agree with. */
  async function waitingInA() {
    const rows = await database.db
      .select()
      .from(queueTickets)
      .where(eq(queueTickets.queueId, queueA))
      .orderBy(queueTickets.queuedAt, queueTickets.seq);
    return rows.filter((t) => t.status === 'waiting').map((t) => t.number);
  }

  it('sends as many statements with 600 tickets as with a few, each reading a bounded slice', async () => {
    const few = await measure();
    for (let i = 0; i < 600; i += 1)
      await issueTicket(database.db, { tenant: klinik, queueId: queueA, source: 'walk_in' });
    const many = await measure();
    expect(many.queries).toBe(few.queries);
    // Every statement on the tickets is limited, ranked or one row per point: none reads the day.
    const onTickets = many.statements.filter((q) => q.includes('"queue_tickets"'));
    expect(onTickets.length).toBeGreaterThan(0);
    for (const q of onTickets) expect(q).toMatch(/limit|row_number\(\)|distinct on/i);

    const waiting = await waitingInA();
    const shown = many.board.queues.find((q) => q.id === queueA);
    expect(shown?.waiting).toBe(waiting.length);
    expect(shown?.next).toEqual(waiting.slice(0, MAX_NEXT));
    expect(many.board.missed.length).toBeLessThanOrEqual(MAX_MISSED);
  });

  it("counts a ticket's place in SQL: the last of 600 has everyone before it ahead, in as many statements", async () => {
    const last = await issueTicket(database.db, { tenant: klinik, queueId: queueA, source: 'walk_in' });
    const first = (await waitingInA())[0];
    const [firstRow] = await database.db
      .select()
      .from(queueTickets)
      .where(eq(queueTickets.number, first ?? ''));
    const read = async (publicId: string) => {
      const counter = countQueries(database);
      const state = await ticketState(counter.db, klinik, publicId, { locale: 'en' });
      return { state, queries: counter.count(), statements: counter.statements() };
    };
    const atFront = await read(firstRow?.publicId ?? '');
    const atBack = await read(last.publicId);
    expect(atFront.state?.ahead).toBe(0);
    expect(atBack.state?.ahead).toBe((await waitingInA()).length - 1);
    expect(atBack.queries).toBe(atFront.queries);
    for (const q of atBack.statements.filter((s) => s.includes('"queue_tickets"')))
      expect(q).toMatch(/limit|count\(|"queue_tickets"."public_id" = \$/i); // the ticket itself: by its unique id
  });

  it('shows the called ticket at its point and as the latest call', async () => {
    const point = (await measure()).board.points.find((p) => p.current === null && p.kind === 'counter');
    if (!point) throw new Error('no free counter');
    const before = await waitingInA();
    const called = await callNext(database.db, { tenant: klinik, pointId: point.id });
    expect(called?.number).toBe(before[0]);
    const { board } = await measure();
    expect(board.points.find((p) => p.id === point.id)?.current?.number).toBe(before[0]);
    expect(board.latest?.number).toBe(before[0]);
    expect(board.queues.find((q) => q.id === queueA)?.next).toEqual(before.slice(1, 1 + MAX_NEXT));
  });
});

describe.each(testDatabaseKinds)('the staff console after a busy day on %s', (kind) => {
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

  async function consoleOfToday() {
    const counter = countQueries(database);
    const view = await staffQueue(counter.db, klinik, 'en');
    return { view, queries: counter.count(), statements: counter.statements() };
  }

  it('counts the done tickets and their average wait in SQL, reading only the open ones', async () => {
    for (let i = 0; i < 200; i += 1)
      await issueTicket(database.db, { tenant: klinik, queueId: queueA, source: 'walk_in' });
    // Every ticket of queue A served (the fixture's and these 200): called 6 minutes after they came (the average the console must show).
    await database.db
      .update(queueTickets)
      .set({ status: 'done', calledAt: sql`${queueTickets.createdAt} + interval '6 minutes'` })
      .where(eq(queueTickets.queueId, queueA));
    const inA = await database.db.select().from(queueTickets).where(eq(queueTickets.queueId, queueA));
    const busy = await consoleOfToday();
    for (let i = 0; i < 3; i += 1)
      await issueTicket(database.db, { tenant: klinik, queueId: queueA, source: 'walk_in' });
    const after = await consoleOfToday();

    const a = after.view.queues.find((q) => q.id === queueA);
    expect(a?.done).toBe(inA.length);
    expect(inA.length).toBeGreaterThanOrEqual(200);
    expect(a?.averageWaitMinutes).toBe(6);
    expect(a?.waiting).toBe(3);
    expect(after.queries).toBe(busy.queries);
    // No statement reads the day's tickets whole: open statuses only, or counted.
    const onTickets = after.statements.filter((q) => q.includes('"queue_tickets"'));
    expect(onTickets.length).toBeGreaterThan(0);
    for (const q of onTickets) expect(q).toMatch(/limit|count\(|distinct on|"booking_id" in \(/i);
  });
});
