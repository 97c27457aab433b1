import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { outbox, refunds, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { renderMessage } from '#server/outbox/index.ts';
import {
  availabilityFor,
  bookableService,
  bookingPageData,
  bookSlot,
  cancelBooking,
  categoryWithServices,
  markRefunded,
  serviceBookingWindow,
} from './index.server.ts';
import { findByReference, staffAgenda } from './staff-agenda.server';
import { insertPaymentForTest } from './test-support';
import { aClinic, serviceIdsBySlug } from './test-support.ts';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

// Monday 23 Nov 2026, 08:00 in Kuala Lumpur.
const NOW = new Date('2026-11-23T00:00:00Z');
const contact = { name: 'Aisyah', phone: '60123456789', email: null };

describe.each(testDatabaseKinds)('appointment pages and cancelling on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let yayasan: Tenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
    yayasan = await aTenant(database.db, 'yayasan');
    Object.assign(ids, await serviceIdsBySlug(database.db, klinik.id));
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const book = (slug: string, start: string, resourceId = 'any') =>
    bookSlot(database.db, {
      tenant: klinik,
      serviceId: ids[slug] ?? '',
      resourceId,
      start: new Date(start),
      contact,
      locale: 'ms',
      now: NOW,
    });

  it('finds services and categories by slug or id, only within the tenant', async () => {
    expect((await bookableService(database.db, klinik, 'dental-scaling'))?.id).toBe(ids['dental-scaling']);
    expect((await bookableService(database.db, klinik, ids['dental-scaling'] ?? ''))?.slug).toBe('dental-scaling');
    expect(await bookableService(database.db, yayasan, 'dental-scaling')).toBeNull();
    expect(await bookableService(database.db, klinik, "x' or 1=1 --")).toBeNull();
    const dental = await categoryWithServices(database.db, klinik, 'dental');
    expect(dental?.services.map((s) => s.slug)).toEqual(['dental-scaling', 'tooth-extraction']);
    expect(await categoryWithServices(database.db, klinik, 'nope')).toBeNull();
  });

  it('gives the service page its practitioners and bookable window', async () => {
    const service = await bookableService(database.db, klinik, 'general-consultation');
    if (!service) throw new Error('no service');
    const window = await serviceBookingWindow(database.db, klinik, service, NOW);
    expect(window.resources.map((r) => r.name)).toEqual(['Dr. Kumar Selvam', 'Dr. Lim Wei Jie', 'Dr. Nurul Aina']);
    expect(window.min).toBe('2026-11-23');
    expect(window.max).toBe('2027-01-22');
  });

  it('shows a booking only under its own service, with practitioner and invoice', async () => {
    const held = await book('dental-scaling', '2026-11-25T02:00:00Z');
    if (!held.ok) throw new Error(held.reason);
    const data = await bookingPageData(database.db, klinik, 'dental-scaling', held.booking.publicId);
    expect(data?.resource?.name).toMatch(/^Dr\. /);
    expect(data?.invoice?.subtotal).toBe(5000);
    expect(data?.invoice?.status).toBe('open');
    expect(await bookingPageData(database.db, klinik, 'tooth-extraction', held.booking.publicId)).toBeNull();
    expect(await bookingPageData(database.db, yayasan, 'dental-scaling', held.booking.publicId)).toBeNull();
    expect(await bookingPageData(database.db, klinik, 'dental-scaling', null)).toBeNull();
    // A hold cannot be cancelled (it simply lapses).
    expect(
      await cancelBooking(database.db, { tenantId: klinik.id, publicId: held.booking.publicId, now: NOW }),
    ).toEqual({
      ok: false,
      reason: 'not_cancellable',
    });
  });

  it('cancels a request within the notice period, which frees its time', async () => {
    const start = '2026-11-26T01:00:00Z';
    const request = await book('health-screening', start);
    if (!request.ok) throw new Error(request.reason);
    expect(request.booking.status).toBe('requested');
    const resourceId = request.booking.resourceId;
    /** Whether the practitioner's Thursday offers the request's time. */
    const offered = async () => {
      const thursday = await availabilityFor(database.db, {
        tenant: klinik,
        serviceId: ids['health-screening'] ?? '',
        resourceId,
        from: '2026-11-26',
        to: '2026-11-26',
        now: NOW,
      });
      return thursday?.days[0]?.slots.some((s) => s.start === new Date(start).toISOString());
    };
    expect(await offered()).toBe(false);

    const other = await cancelBooking(database.db, {
      tenantId: yayasan.id,
      publicId: request.booking.publicId,
      now: NOW,
    });
    expect(other).toEqual({ ok: false, reason: 'not_found' });
    const cancel = () =>
      cancelBooking(database.db, { tenantId: klinik.id, publicId: request.booking.publicId, now: NOW });
    const cancelled = await cancel();
    expect(cancelled.ok && cancelled.booking.status).toBe('cancelled');
    expect(await cancel()).toEqual({ ok: false, reason: 'not_cancellable' });

    expect(await offered()).toBe(true);
  });

  it('gives every booking a short reference staff can find, only within the tenant', async () => {
    const held = await book('dental-scaling', '2026-11-25T03:00:00Z');
    if (!held.ok) throw new Error(held.reason);
    const reference = held.booking.reference as string;
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{7}$/);
    const typed = `${reference.slice(0, 3).toLowerCase()} ${reference.slice(3)}`;
    const found = await findByReference(database.db, klinik.id, typed);
    expect(found.kind === 'found' && found.row.booking.publicId).toBe(held.booking.publicId);
    expect(found.kind === 'found' && found.row.resourceName).toMatch(/^Dr\. /);
    expect((await findByReference(database.db, yayasan.id, reference)).kind).toBe('not_found');
    expect((await findByReference(database.db, klinik.id, "x' or 1=1 --")).kind).toBe('invalid');
    // The page shows it rather than the 22-character id.
    const page = await bookingPageData(database.db, klinik, 'dental-scaling', held.booking.publicId);
    expect(page?.booking.reference).toBe(reference);
  });

  it('flags a paid booking "refund due" when the customer cancels it; an unpaid one is not', async () => {
    const paid = await book('dental-scaling', '2026-11-27T02:00:00Z');
    if (!paid.ok) throw new Error(paid.reason);
    const paymentId = await insertPaymentForTest(database.db, klinik.id, paid.invoice?.id ?? '');
    await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'verify' });
    const cancelled = await cancelBooking(database.db, {
      tenantId: klinik.id,
      publicId: paid.booking.publicId,
      now: NOW,
    });
    expect(cancelled.ok && cancelled.booking).toMatchObject({ status: 'cancelled', refundDue: true, refundedAt: null });
    // Staff see it under "Refunds due", with what was paid.
    const agenda = await staffAgenda(database.db, klinik, NOW);
    const due = agenda.refunds.find((r) => r.booking.id === paid.booking.id);
    expect(due?.paid).not.toBeNull();
    // The money owed is a payments record: one due refund of what was paid, on the payment.
    expect(due?.refund).toMatchObject({ paymentId, reason: 'booking_cancelled', status: 'due', completedAt: null });
    expect(due?.refund.amount).toBe(due?.paid);
    // The customer's page knows too.
    const page = await bookingPageData(database.db, klinik, 'dental-scaling', paid.booking.publicId);
    expect(page?.booking.refundDue).toBe(true);
    expect(page?.refund).toEqual({ amount: due?.paid, status: 'due' });
    // And the cancellation message tells the customer what becomes of the money.
    const [sent] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.tenantId, klinik.id), eq(outbox.template, 'booking-cancelled')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(renderMessage('booking-cancelled', 'ms', sent?.payload).text).toContain(
      'klinik akan memulangkan bayaran anda',
    );

    const request = await book('health-screening', '2026-11-27T01:00:00Z');
    if (!request.ok) throw new Error(request.reason);
    const unpaid = await cancelBooking(database.db, {
      tenantId: klinik.id,
      publicId: request.booking.publicId,
      now: NOW,
    });
    expect(unpaid.ok && unpaid.booking.refundDue).toBe(false);
    expect(
      (await bookingPageData(database.db, klinik, 'health-screening', request.booking.publicId))?.refund,
    ).toBeNull();

    // Staff record the refund: the refund row is completed (who, when) and the customer's page says it was given back.
    const marked = await markRefunded(database.db, {
      tenantId: klinik.id,
      publicId: paid.booking.publicId,
      staffId: (await database.db.select().from(staff).where(eq(staff.tenantId, klinik.id)).limit(1))[0]?.id ?? '',
      now: NOW,
    });
    expect(marked).toMatchObject({ refundedAt: NOW });
    const [made] = await database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(made).toMatchObject({ status: 'succeeded', completedAt: NOW, reason: 'booking_cancelled' });
    expect((await bookingPageData(database.db, klinik, 'dental-scaling', paid.booking.publicId))?.refund).toEqual({
      amount: due?.paid,
      status: 'refunded',
    });
  });

  it('refuses to cancel online within the notice period (24 hours by default)', async () => {
    const request = await book('health-screening', '2026-11-23T07:00:00Z'); // 15:00 today, 7 hours ahead
    if (!request.ok) throw new Error(request.reason);
    const result = await cancelBooking(database.db, {
      tenantId: klinik.id,
      publicId: request.booking.publicId,
      now: NOW,
    });
    expect(result).toEqual({ ok: false, reason: 'too_late', changeNoticeHours: 24 });
  });
});
