import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { bookings, jobRuns, outbox, queues, queueTickets, servicePoints } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { bookFirstFreeSlot } from '#features/booking/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import {
  boardState,
  callNext,
  findDisplay,
  issueTicket,
  listDisplays,
  runDailyReset,
  staffQueueAction,
  ticketAction,
  ticketHistory,
  ticketState,
} from './index.server.ts';
import { aClinicWithWaitingRoom } from './test-support.ts';

composeApp();

describe.each(testDatabaseKinds)('queue on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let queueA = '';
  let queueP = '';
  let counters: string[] = [];
  let pharmacy = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinicWithWaitingRoom(database.db);
    const rows = await database.db.select().from(queues).where(eq(queues.tenantId, klinik.id));
    queueA = rows.find((q) => q.prefix === 'A')?.id ?? '';
    queueP = rows.find((q) => q.prefix === 'P')?.id ?? '';
    const points = await database.db.select().from(servicePoints).where(eq(servicePoints.tenantId, klinik.id));
    counters = points.filter((p) => p.queueId === queueA).map((p) => p.id);
    pharmacy = points.find((p) => p.queueId === queueP)?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it('numbers tickets per queue and day, and two counters calling at once never call the same ticket', async () => {
    expect(klinik.offers.queue).toBe(true);
    expect(counters).toHaveLength(2);
    // The seed issued A001–A006 today: the next is A007.
    const issued = await Promise.all(
      Array.from({ length: 6 }, () => issueTicket(database.db, { tenant: klinik, queueId: queueA, source: 'walk_in' })),
    );
    expect(issued.map((t) => t.number).sort()).toEqual(['A007', 'A008', 'A009', 'A010', 'A011', 'A012']);
    const waitingBefore = await database.db
      .select()
      .from(queueTickets)
      .where(and(eq(queueTickets.queueId, queueA), eq(queueTickets.status, 'waiting')));
    // Both counters call, three rounds at once: every call gets a different ticket.
    const called: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const pair = await Promise.all(counters.map((pointId) => callNext(database.db, { tenant: klinik, pointId })));
      for (const ticket of pair) if (ticket) called.push(ticket.id);
    }
    expect(called).toHaveLength(6);
    expect(new Set(called).size).toBe(6);
    // They were the six longest waiting, in order of arrival.
    const expected = waitingBefore
      .sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime() || a.seq - b.seq)
      .slice(0, 6)
      .map((t) => t.id);
    expect(new Set(called)).toEqual(new Set(expected));
    const state = await boardState(database.db, klinik, { locale: 'ms', pointIds: counters });
    expect(state.points).toHaveLength(2);
    expect(state.points.every((p) => p.current)).toBe(true);
    expect(state.latest?.number).toMatch(/^A\d{3}$/);
    expect(JSON.stringify(state)).not.toMatch(/phone|contact|name":"(?!Pendaftaran)/);
  });

  it('transfers a ticket to the pharmacy with its number and its history', async () => {
    const ticket = await issueTicket(database.db, { tenant: klinik, queueId: queueA, source: 'walk_in' });
    let called = await callNext(database.db, { tenant: klinik, pointId: counters[0] ?? '' });
    while (called && called.id !== ticket.id) {
      await ticketAction(database.db, { tenant: klinik, ticketId: called.id, action: 'done' });
      called = await callNext(database.db, { tenant: klinik, pointId: counters[0] ?? '' });
    }
    expect(called?.id).toBe(ticket.id);
    await ticketAction(database.db, { tenant: klinik, ticketId: ticket.id, action: 'serve' });
    const moved = await ticketAction(database.db, {
      tenant: klinik,
      ticketId: ticket.id,
      action: 'transfer',
      queueId: queueP,
    });
    expect(moved.number).toBe(ticket.number);
    expect(moved.queueId).toBe(queueP);
    expect(moved.status).toBe('waiting');
    const view = await ticketState(database.db, klinik, ticket.publicId, { locale: 'en' });
    expect(view?.ahead).toBe(0);
    expect(view?.queueName).toBe('Pharmacy');
    const atPharmacy = await callNext(database.db, { tenant: klinik, pointId: pharmacy });
    expect(atPharmacy?.number).toBe(ticket.number);
    const history = await ticketHistory(database.db, klinik.id, ticket.id);
    expect(history.map((h) => h.kind)).toEqual(['issued', 'called', 'serving', 'transferred', 'called']);
    expect(history[3]).toMatchObject({ fromQueueId: queueA, queueId: queueP, status: 'waiting' });
    expect(history[4]?.queueId).toBe(queueP);
    // A step out of order is refused and changes nothing.
    await expect(ticketAction(database.db, { tenant: klinik, ticketId: ticket.id, action: 'requeue' })).rejects.toThrow(
      'queue.error.step',
    );
  });

  it('texts a kiosk visitor once when near and once when called, in their language', async () => {
    const kiosk = await issueTicket(database.db, {
      tenant: klinik,
      queueId: queueP,
      source: 'kiosk',
      phone: '60123450001',
      locale: 'ms',
    });
    // The pharmacy line is short: the ticket is near as soon as it is taken.
    let sms = await database.db.select().from(outbox).where(eq(outbox.destination, '60123450001'));
    expect(sms.map((m) => m.template)).toEqual(['queue-near']);
    let called = await callNext(database.db, { tenant: klinik, pointId: pharmacy });
    while (called && called.id !== kiosk.id)
      called = await callNext(database.db, { tenant: klinik, pointId: pharmacy });
    expect(called?.id).toBe(kiosk.id);
    sms = await database.db.select().from(outbox).where(eq(outbox.destination, '60123450001'));
    expect(sms.map((m) => m.template).sort()).toEqual(['queue-called', 'queue-near']);
    expect(sms.every((m) => m.locale === 'ms')).toBe(true);
    await ticketAction(database.db, { tenant: klinik, ticketId: kiosk.id, action: 'recall' });
    sms = await database.db.select().from(outbox).where(eq(outbox.destination, '60123450001'));
    expect(sms).toHaveLength(2);
    // The tenant turns SMS off on the console: no more messages.
    const off = await staffQueueAction(database.db, {
      tenant: klinik,
      staffId: null as unknown as string,
      form: { action: 'sms', enabled: 'off' },
      todayBookingIds: new Set(),
    });
    expect(off.key).toBe('queue.done.smsOff');
    await issueTicket(database.db, { tenant: klinik, queueId: queueP, source: 'kiosk', phone: '60123450003' });
    expect(await database.db.select().from(outbox).where(eq(outbox.destination, '60123450003'))).toHaveLength(0);
  });

  it('checks an appointment in once, linked to its booking; bad console input writes nothing', async () => {
    await bookFirstFreeSlot(database.db, {
      tenant: klinik,
      serviceSlug: 'general-consultation',
      contact: { name: 'Queue Patient', phone: '60123450002', email: null },
      locale: 'en',
    });
    const [booking] = await database.db.select().from(bookings).where(eq(bookings.tenantId, klinik.id)).limit(1);
    if (!booking) throw new Error('no booking made');
    const count = async () => (await database.db.select().from(queueTickets)).length;
    const before = await count();
    const staffId = null as unknown as string;
    const form: Record<string, string> = { action: 'checkin', bookingId: booking.id, queueId: queueA };
    // A booking that is not one of today's, a malformed id, an unknown action: 400, nothing written.
    const cases: { form: Record<string, string>; today: Set<string> }[] = [
      { form, today: new Set<string>() },
      { form: { ...form, bookingId: 'nope' }, today: new Set([booking.id]) },
      { form: { action: 'drop-table' }, today: new Set([booking.id]) },
      { form: { action: 'transfer', ticketId: booking.id }, today: new Set([booking.id]) },
      { form: { action: 'sms', enabled: 'maybe' }, today: new Set([booking.id]) },
    ];
    for (const bad of cases) {
      const outcome = await staffQueueAction(database.db, {
        tenant: klinik,
        staffId,
        form: bad.form,
        todayBookingIds: bad.today,
      });
      expect(outcome.status).toBe(400);
    }
    expect(await count()).toBe(before);
    const first = await staffQueueAction(database.db, {
      tenant: klinik,
      staffId,
      form,
      todayBookingIds: new Set([booking.id]),
    });
    const again = await staffQueueAction(database.db, {
      tenant: klinik,
      staffId,
      form,
      todayBookingIds: new Set([booking.id]),
    });
    expect(first).toMatchObject({ ok: true, key: 'queue.done.checkedIn' });
    expect(again.number).toBe(first.number);
    expect(await count()).toBe(before + 1);
    const [linked] = await database.db.select().from(queueTickets).where(eq(queueTickets.bookingId, booking.id));
    expect(linked).toMatchObject({ source: 'appointment', number: first.number });

    // A display code staff create opens the board until they revoke it.
    const made = await staffQueueAction(database.db, {
      tenant: klinik,
      staffId,
      form: { action: 'display-create', label: 'Pharmacy TV' },
      todayBookingIds: new Set(),
    });
    expect(made.key).toBe('queue.done.displayCreated');
    const [display] = (await listDisplays(database.db, klinik.id)).filter((d) => d.label === 'Pharmacy TV');
    expect(display?.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(await findDisplay(database.db, klinik.id, display?.code.toLowerCase())).not.toBeNull();
    await staffQueueAction(database.db, {
      tenant: klinik,
      staffId,
      form: { action: 'display-revoke', displayId: display?.id ?? '' },
      todayBookingIds: new Set(),
    });
    expect(await findDisplay(database.db, klinik.id, display?.code)).toBeNull();
    expect(await findDisplay(database.db, klinik.id, 'KLINIKTV26')).not.toBeNull();
  });

  it('resets once per local day: yesterday’s open tickets are closed, numbering starts again', async () => {
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const [first, second] = await Promise.all([
      runDailyReset(database.db, tomorrow),
      runDailyReset(database.db, tomorrow),
    ]);
    expect(first.tenants + second.tenants).toBe(1);
    expect(first.closed + second.closed).toBeGreaterThan(0);
    const again = await runDailyReset(database.db, tomorrow);
    expect(again).toEqual({ tenants: 0, closed: 0 });
    const runs = await database.db.select().from(jobRuns).where(eq(jobRuns.job, 'queue.daily-reset'));
    expect(runs).toHaveLength(1);
    const open = await database.db
      .select()
      .from(queueTickets)
      .where(and(eq(queueTickets.tenantId, klinik.id), eq(queueTickets.status, 'waiting')));
    expect(open).toHaveLength(0);
    const next = await issueTicket(database.db, { tenant: klinik, queueId: queueA, source: 'kiosk', now: tomorrow });
    expect(next.number).toBe('A001');
    expect(next.serviceDate).toBe(zonedDate(tomorrow, klinik.timeZone));
  });
});
