import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { bookings, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import {
  bookingsWithPhotos,
  bookSlot,
  decideRequest,
  findBookingPhoto,
  rescheduleBooking,
  saveBookingPhoto,
  sweepBookings,
} from './index.server.ts';
import { aClinic, serviceIdsBySlug } from './test-support.ts';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

// Monday 23 Nov 2026, 08:00 in Kuala Lumpur; the slots below are on Tuesday 24 Nov.
const NOW = new Date('2026-11-23T00:00:00Z');
const at = (hhmm: string) => new Date(`2026-11-24T${hhmm}:00+08:00`);
const contact = { name: 'Aisyah', phone: '60123456789', email: null };
// Wednesday 25 Nov: the rescheduling tests' own day.
const wed = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+08:00`);

describe.each(testDatabaseKinds)('bookings on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  const serviceIds: Record<string, string> = {};
  let staffId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
    Object.assign(serviceIds, await serviceIdsBySlug(database.db, klinik.id));
    const [member] = await database.db
      .select()
      .from(staff)
      .where(and(eq(staff.tenantId, klinik.id), eq(staff.role, 'owner')));
    staffId = member?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const book = (service: string, start: Date, resourceId = 'any', now = NOW) =>
    bookSlot(database.db, {
      tenant: klinik,
      serviceId: serviceIds[service] ?? '',
      resourceId,
      start,
      contact,
      locale: 'en',
      now,
    });

  it('lets exactly one of 50 concurrent holds take a practitioner’s slot', async () => {
    const first = await book('general-consultation', at('09:00'));
    if (!first.ok) throw new Error(first.reason);
    const doctor = first.booking.resourceId;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => book('general-consultation', at('09:30'), doctor)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'slot_taken')).toBe(true);
    const held = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.resourceId, doctor), eq(bookings.startsAt, at('09:30'))));
    expect(held.filter((b) => b.status === 'held')).toHaveLength(1);
  });

  it('gives "any practitioner" to whoever is still free, then says taken', async () => {
    const taken = await Promise.all([1, 2, 3, 4].map(() => book('general-consultation', at('11:00'))));
    expect(taken.filter((r) => r.ok)).toHaveLength(3); // three doctors deliver the service
    expect(new Set(taken.flatMap((r) => (r.ok ? [r.booking.resourceId] : []))).size).toBe(3);
  });

  it('holds for 10 minutes with an invoice due then; an expired hold blocks nobody', async () => {
    const held = await book('dental-scaling', at('10:00'), 'any');
    if (!held.ok) throw new Error(held.reason);
    expect(held.booking.status).toBe('held');
    expect(held.booking.holdExpiresAt?.getTime()).toBe(NOW.getTime() + 10 * 60_000);
    expect(held.invoice?.subtotal).toBe(5000); // the deposit
    const later = new Date(NOW.getTime() + 11 * 60_000);
    const again = await book('dental-scaling', at('10:00'), held.booking.resourceId, later);
    expect(again.ok).toBe(true);
    const [old] = await database.db.select().from(bookings).where(eq(bookings.id, held.booking.id));
    expect(old?.status).toBe('expired');
  });

  it('confirms a paid hold; a payment after expiry re-takes a free slot, or is flagged for refund', async () => {
    const pay = async (invoiceId: string) => {
      const { insertPaymentForTest } = await import('./test-support');
      const paymentId = await insertPaymentForTest(database.db, klinik.id, invoiceId);
      await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'verify' });
    };
    const fresh = await book('influenza-vaccination', at('15:00'));
    if (!fresh.ok || !fresh.invoice) throw new Error('no hold');
    await pay(fresh.invoice.id);
    expect((await database.db.select().from(bookings).where(eq(bookings.id, fresh.booking.id)))[0]?.status).toBe(
      'confirmed',
    );

    const late = await book('influenza-vaccination', at('15:30'));
    if (!late.ok || !late.invoice) throw new Error('no hold');
    await sweepBookings(database.db, new Date(NOW.getTime() + 11 * 60_000));
    await pay(late.invoice.id);
    expect((await database.db.select().from(bookings).where(eq(bookings.id, late.booking.id)))[0]?.status).toBe(
      'confirmed',
    );

    const lost = await book('influenza-vaccination', at('16:00'));
    if (!lost.ok || !lost.invoice) throw new Error('no hold');
    const afterExpiry = new Date(NOW.getTime() + 11 * 60_000);
    const thief = await book('influenza-vaccination', at('16:00'), 'any', afterExpiry);
    expect(thief.ok).toBe(true);
    await pay(lost.invoice.id);
    const [flagged] = await database.db.select().from(bookings).where(eq(bookings.id, lost.booking.id));
    expect(flagged).toMatchObject({ status: 'expired', refundDue: true });
  });

  it('lets a request block its slot until declined', async () => {
    const request = await book('health-screening', at('09:00'), 'any');
    if (!request.ok) throw new Error(request.reason);
    expect(request.booking.status).toBe('requested');
    const doctor = request.booking.resourceId;
    expect((await book('general-consultation', at('09:15'), doctor)).ok).toBe(false);
    const declined = await decideRequest(database.db, {
      tenantId: klinik.id,
      publicId: request.booking.publicId,
      approve: false,
      reason: 'Fully booked',
      staffId,
    });
    expect(declined.ok && declined.booking.status).toBe('declined');
    expect((await book('general-consultation', at('09:15'), doctor)).ok).toBe(true);
  });

  it('refuses cleanly to approve a lapsed request whose slot someone else took', async () => {
    const request = await book('health-screening', at('14:00'), 'any');
    if (!request.ok) throw new Error(request.reason);
    await database.db.update(bookings).set({ status: 'expired' }).where(eq(bookings.id, request.booking.id));
    const other = await book('general-consultation', at('14:00'), request.booking.resourceId);
    expect(other.ok).toBe(true);
    const approved = await decideRequest(database.db, {
      tenantId: klinik.id,
      publicId: request.booking.publicId,
      approve: true,
      staffId,
      // The test's own clock: on the real one this request's time has passed since 24 Nov 06:00 UTC.
      now: NOW,
    });
    expect(approved).toEqual({ ok: false, reason: 'slot_taken' });
  });

  it('refuses a start that is not an offered slot', async () => {
    expect((await book('general-consultation', new Date('2026-11-24T09:07:00+08:00'))).ok).toBe(false); // off the 15-minute grid
    expect((await book('general-consultation', new Date('2026-11-29T10:00:00+08:00'))).ok).toBe(false); // Sunday, closed
    expect((await book('general-consultation', new Date('2026-12-25T10:00:00+08:00'))).ok).toBe(false); // public holiday
  });
  describe('rescheduling', () => {
    /** A confirmed booking (paid or not is the payments' concern): booked, then confirmed. */
    const confirmed = async (service: string, start: Date, resourceId = 'any') => {
      const result = await book(service, start, resourceId);
      if (!result.ok) throw new Error(result.reason);
      await database.db
        .update(bookings)
        .set({ status: 'confirmed', holdExpiresAt: null })
        .where(eq(bookings.id, result.booking.id));
      return result.booking;
    };
    const move = (publicId: string, start: Date, resourceId = 'any', now = NOW) =>
      rescheduleBooking(database.db, { tenant: klinik, publicId, resourceId, start, now });

    it('moves a confirmed booking, keeping its invoice, and frees the old time', async () => {
      const booking = await confirmed('tooth-extraction', wed('09:00'));
      const moved = await move(booking.publicId, wed('15:00'), booking.resourceId);
      if (!moved.ok) throw new Error(moved.reason);
      expect(moved.booking).toMatchObject({ id: booking.id, status: 'confirmed', invoiceId: booking.invoiceId });
      expect(moved.booking.startsAt).toEqual(wed('15:00'));
      expect(moved.booking.endsAt).toEqual(wed('15:30'));
      // The old time is bookable again with the same dentist.
      expect((await book('tooth-extraction', wed('09:00'), booking.resourceId)).ok).toBe(true);
    });

    it('refuses a taken or made-up time and changes nothing', async () => {
      const booking = await confirmed('tooth-extraction', wed('10:00'));
      const other = await confirmed('tooth-extraction', wed('16:00'), booking.resourceId);
      expect(await move(booking.publicId, wed('16:00'), booking.resourceId)).toEqual({
        ok: false,
        reason: 'slot_taken',
      });
      expect(await move(booking.publicId, wed('16:07'), booking.resourceId)).toEqual({
        ok: false,
        reason: 'not_offered', // off the grid: never offered, not "just taken"
      });
      const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
      expect(row?.startsAt).toEqual(wed('10:00'));
      expect(other.status).toBe('held'); // as booked; the test confirmed it in the database
    });

    it('lets exactly one of 6 concurrent moves into one slot win', async () => {
      const starts = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'].map(wed);
      const moving = [];
      for (const start of starts) moving.push(await confirmed('influenza-vaccination', start));
      const results = await Promise.all(moving.map((b) => move(b.publicId, wed('14:00'))));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'slot_taken')).toBe(true);
      const at14 = await database.db
        .select()
        .from(bookings)
        .where(eq(bookings.startsAt, wed('14:00')));
      expect(
        at14.filter((b) => b.status === 'confirmed' && b.serviceId === serviceIds['influenza-vaccination']),
      ).toHaveLength(1);
    });

    it('refuses inside the notice period, and for bookings that are not confirmed', async () => {
      const booking = await confirmed('tooth-extraction', wed('11:00'));
      const dayBefore = new Date(wed('11:00').getTime() - 2 * 3_600_000);
      expect(await move(booking.publicId, wed('17:00'), 'any', dayBefore)).toMatchObject({
        ok: false,
        reason: 'too_late',
      });
      const held = await book('tooth-extraction', wed('12:00'));
      if (!held.ok) throw new Error(held.reason);
      expect(await move(held.booking.publicId, wed('17:00'))).toEqual({ ok: false, reason: 'not_changeable' });
      expect(await move('nosuchbooking0000', wed('17:00'))).toEqual({ ok: false, reason: 'not_found' });
    });
  });
  it('keeps one photo per live booking, for this tenant only, refusing what is not a photo', async () => {
    const held = await book('tooth-extraction', wed('14:30'));
    if (!held.ok) throw new Error(held.reason);
    const { publicId, id } = held.booking;
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9]);
    const save = (bytes: Uint8Array, tenantId = klinik.id, key = publicId) =>
      saveBookingPhoto(database.db, { tenantId, publicId: key, bytes });

    expect(await save(new TextEncoder().encode('%PDF-1.7'))).toEqual({ ok: false, reason: 'not_an_image' });
    expect(await save(new Uint8Array(10 * 1024 * 1024 + 1).fill(0xff))).toEqual({ ok: false, reason: 'too_large' });
    expect(await findBookingPhoto(database.db, klinik.id, publicId)).toBeNull();

    expect(await save(jpeg)).toEqual({ ok: true });
    expect(await save(png)).toEqual({ ok: true }); // a second one replaces the first
    const photo = await findBookingPhoto(database.db, klinik.id, publicId);
    expect(photo?.contentType).toBe('image/png');
    expect([...(photo?.bytes ?? [])]).toEqual([...png]);
    expect(await bookingsWithPhotos(database.db, klinik.id, [id, held.booking.serviceId])).toEqual(new Set([id]));

    // Another tenant can neither read nor attach to it.
    const other = await aTenant(database.db, 'yayasan');
    expect(await findBookingPhoto(database.db, other.id, publicId)).toBeNull();
    expect(await save(jpeg, other.id)).toEqual({ ok: false, reason: 'not_found' });
    expect(await bookingsWithPhotos(database.db, other.id, [id])).toEqual(new Set());

    // A booking that is over takes no more photos.
    await database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));
    expect(await save(jpeg)).toEqual({ ok: false, reason: 'not_found' });
  });
});
