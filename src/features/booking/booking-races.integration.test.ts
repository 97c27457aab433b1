import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { type Db, openDatabase } from '#db/client.server.ts';
import { bookings, outbox } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { rescheduleNoticeKey } from './booking-messages';
import { type BookSlotResult, bookSlot, type RescheduleResult, rescheduleBooking } from './index.server.ts';
import { insertPaymentForTest } from './test-support';
import { aClinic, serviceIdsBySlug } from './test-support.ts';

// Effects of payment as the running app registers them.
composeApp();

// Races as two app instances sharing one database see them: on PostgreSQL, every attempt runs on
// its own pooled connection, half of them through a second pool (a second instance). PGlite has a
// single connection, so there the same attempts interleave between statements only.
// Monday 23 Nov 2026, 08:00 in Kuala Lumpur; three doctors give a general consultation.
const NOW = new Date('2026-11-23T00:00:00Z');
const on = (day: string, hhmm: string) => new Date(`2026-11-${day}T${hhmm}:00+08:00`);
const contact = { name: 'Aisyah', phone: '60123456789', email: null };
const DOCTORS = 3;

describe.each(testDatabaseKinds)('booking races on %s', (kind) => {
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let instances: Db[] = [];
  let klinik: Tenant;
  const serviceIds: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
    Object.assign(serviceIds, await serviceIdsBySlug(database.db, klinik.id));
    if (database.url) second = await openDatabase({ url: database.url });
    instances = second ? [database.db, second.db] : [database.db];
  });
  afterAll(async () => {
    forgetCachedTenants();
    await second?.close();
    await database?.close();
  });

  /** The i-th attempt goes through instance i mod 2 (on PostgreSQL). */
  const via = (i: number) => instances[i % instances.length] as Db;
  const book = (i: number, start: Date, resourceId = 'any', service = 'general-consultation') =>
    bookSlot(via(i), {
      tenant: klinik,
      serviceId: serviceIds[service] ?? '',
      resourceId,
      start,
      contact,
      locale: 'en',
      now: NOW,
    });

  /** Every attempt either won or was told "just taken": none threw (a 500). */
  const settle = async (attempts: Promise<BookSlotResult | RescheduleResult>[]) => {
    const outcomes = await Promise.allSettled(attempts);
    // A failure shows as its SQLSTATE (40P01 = deadlock): the query text would carry the contact.
    const errors = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [String((o.reason as { cause?: { code?: string } }).cause?.code ?? o.reason)] : [],
    );
    expect(errors).toEqual([]);
    return outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  };

  const liveAt = async (start: Date) =>
    database.db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.tenantId, klinik.id),
          eq(bookings.startsAt, start),
          inArray(bookings.status, ['held', 'confirmed', 'requested']),
        ),
      );

  for (const attempts of [50, 10, 2]) {
    it(`gives ${attempts} concurrent "any practitioner" bookings min(${attempts}, ${DOCTORS}) practitioners, the rest "just taken"`, async () => {
      const start = on('24', attempts === 50 ? '09:00' : attempts === 10 ? '10:00' : '11:00');
      const results = await settle(Array.from({ length: attempts }, (_, i) => book(i, start)));
      const won = results.filter((r) => r.ok);
      expect(won).toHaveLength(Math.min(attempts, DOCTORS));
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'slot_taken')).toBe(true);
      const live = await liveAt(start);
      expect(live).toHaveLength(Math.min(attempts, DOCTORS));
      expect(new Set(live.map((b) => b.resourceId)).size).toBe(live.length);
    });
  }

  it('shares a slot between "any practitioner" and named-practitioner bookings racing for it', async () => {
    const start = on('24', '14:00');
    const [doctor] = (await book(0, on('24', '16:00'))).ok ? await liveAt(on('24', '16:00')) : [];
    if (!doctor) throw new Error('no doctor');
    const results = await settle(
      Array.from({ length: 30 }, (_, i) => book(i, start, i % 3 === 0 ? doctor.resourceId : 'any')),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(DOCTORS);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'slot_taken')).toBe(true);
    const live = await liveAt(start);
    expect(live).toHaveLength(DOCTORS);
    expect(new Set(live.map((b) => b.resourceId)).size).toBe(DOCTORS);
  });

  it('lets min(N, K) of N concurrent moves into one slot win, each to its own practitioner', async () => {
    const starts = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30', '10:45'];
    const moving = [];
    for (const [i, hhmm] of starts.entries()) {
      const booked = await book(i, on('25', hhmm));
      if (!booked.ok) throw new Error(booked.reason);
      await database.db
        .update(bookings)
        .set({ status: 'confirmed', holdExpiresAt: null })
        .where(eq(bookings.id, booked.booking.id));
      moving.push(booked.booking);
    }
    const target = on('25', '15:00');
    const results = await settle([
      ...moving.map((b, i) =>
        rescheduleBooking(via(i), { tenant: klinik, publicId: b.publicId, resourceId: 'any', start: target, now: NOW }),
      ),
      // New bookings race the moves for the same time.
      ...Array.from({ length: 8 }, (_, i) => book(i + 1, target)),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(DOCTORS);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'slot_taken')).toBe(true);
    const live = await liveAt(target);
    expect(live).toHaveLength(DOCTORS);
    expect(new Set(live.map((b) => b.resourceId)).size).toBe(DOCTORS);
    // A move that lost left its booking where it was.
    const stayed = await database.db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          moving.map((b) => b.id),
        ),
      );
    const movedCount = stayed.filter((b) => b.startsAt.getTime() === target.getTime()).length;
    expect(stayed.filter((b) => b.status === 'confirmed')).toHaveLength(moving.length);
    expect(results.slice(0, moving.length).filter((r) => r.ok)).toHaveLength(movedCount);
  });

  it('moves a booking once when the same move arrives 50 times at once: one success, 49 "already moved"', async () => {
    const booked = await book(0, on('27', '09:00'));
    if (!booked.ok) throw new Error(booked.reason);
    await database.db
      .update(bookings)
      .set({ status: 'confirmed', holdExpiresAt: null })
      .where(eq(bookings.id, booked.booking.id));
    const target = on('27', '11:00');
    const results = await settle(
      Array.from({ length: 50 }, (_, i) =>
        rescheduleBooking(via(i), {
          tenant: klinik,
          publicId: booked.booking.publicId,
          resourceId: booked.booking.resourceId,
          start: target,
          now: NOW,
        }),
      ),
    );
    expect(results).toHaveLength(50);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.reason))).toEqual(Array(49).fill('already_moved'));
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booked.booking.id));
    expect(row).toMatchObject({ status: 'confirmed', startsAt: target });
    // One move, one notice.
    const notices = await database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.template, 'booking-rescheduled'), eq(outbox.coalesceKey, rescheduleNoticeKey(booked.booking.id))),
      );
    expect(notices).toHaveLength(1);
  });

  it('confirms a hold paid at the moment the sweeper expires it, when its time is still free', async () => {
    const held = await book(0, on('26', '10:00'));
    if (!held.ok || !held.invoice) throw new Error('no hold');
    const paymentId = await insertPaymentForTest(database.db, klinik.id, held.invoice.id);
    const pay = () => settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'webhook' });
    if (database.url) {
      // The sweeper's transaction has expired the hold but not committed when the payment lands.
      const sweeper = new pg.Client({ connectionString: database.url });
      await sweeper.connect();
      await sweeper.query('BEGIN');
      await sweeper.query("UPDATE bookings SET status = 'expired' WHERE id = $1", [held.booking.id]);
      const settling = pay();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sweeper.query('COMMIT');
      await sweeper.end();
      expect((await settling).changed).toBe(true);
    } else {
      // One transaction at a time: the sweep commits first.
      await database.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, held.booking.id));
      expect((await pay()).changed).toBe(true);
    }
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, held.booking.id));
    expect(row).toMatchObject({ status: 'confirmed', refundDue: false });
  });
});
