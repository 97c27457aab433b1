import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { bookings, invoices, outbox, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import { appProviders, createPayment, markPaidAtCounter, settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { deliverDueMessages, type OutgoingMessage, renderMessage, type Transport } from '#server/outbox/index.ts';
import {
  bookingOfInvoice,
  bookSlot,
  cancelBooking,
  decideRequest,
  rescheduleBooking,
  sweepBookings,
} from './index.server.ts';
import { RESCHEDULES_PER_BOOKING } from './reschedule-booking.server';
import { staffAgenda, staffAppointmentAction } from './staff-agenda.server';
import { insertPaymentForTest } from './test-support';
import { aClinic, serviceIdsBySlug } from './test-support.ts';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

// Monday 23 Nov 2026, 08:00 in Kuala Lumpur; the appointments below are on Thursday 26 Nov.
const NOW = new Date('2026-11-23T00:00:00Z');
const thu = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+08:00`);
const AFTER_HOLD = new Date(NOW.getTime() + 11 * 60_000);

describe.each(testDatabaseKinds)('the customer’s booking messages on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  const serviceIds: Record<string, string> = {};
  let staffId = '';
  let phoneSeq = 60170000000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
    Object.assign(serviceIds, await serviceIdsBySlug(database.db, klinik.id));
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, klinik.id));
    staffId = member?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  /** A booking with a fresh phone number (and an e-mail when asked), so its messages are its own. */
  const book = async (
    service: string,
    start: Date,
    options: { locale?: 'en' | 'ms' | 'id'; email?: boolean; resourceId?: string; now?: Date } = {},
  ) => {
    phoneSeq += 1;
    const phone = String(phoneSeq);
    const result = await bookSlot(database.db, {
      tenant: klinik,
      serviceId: serviceIds[service] ?? '',
      resourceId: options.resourceId ?? 'any',
      start,
      contact: { name: 'Nurul', phone, email: options.email ? `${phone}@example.my` : null },
      answers: service === 'health-screening' ? { fasting: 'yes' } : {},
      locale: options.locale ?? 'en',
      now: options.now ?? NOW,
    });
    if (!result.ok) throw new Error(result.reason);
    return { ...result, phone };
  };
  const messagesTo = async (phone: string) =>
    database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.tenantId, klinik.id), inArray(outbox.destination, [phone, `${phone}@example.my`])))
      .orderBy(outbox.createdAt);
  const pay = async (invoiceId: string) => {
    const paymentId = await insertPaymentForTest(database.db, klinik.id, invoiceId);
    await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'verify' });
  };
  const bookingRow = async (id: string) => (await database.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  it('confirms a paid booking by SMS and e-mail in the customer’s language, with all they need', async () => {
    const held = await book('dental-scaling', thu('10:00'), { locale: 'ms', email: true });
    expect(await messagesTo(held.phone)).toEqual([]); // a hold says nothing yet
    await pay(held.invoice?.id ?? '');
    const sent = await messagesTo(held.phone);
    expect(sent.map((m) => [m.channel, m.template, m.locale])).toEqual(
      expect.arrayContaining([
        ['sms', 'booking-confirmed', 'ms'],
        ['email', 'booking-confirmed', 'ms'],
      ]),
    );
    const sms = sent.find((m) => m.channel === 'sms');
    const publicId = held.booking.publicId;
    expect(sms?.payload).toMatchObject({
      organisation: 'Klinik Sihat Bersama',
      service: 'Cuci gigi (scaling dan polishing)',
      practitioner: expect.stringMatching(/\S/),
      when: '26/11/2026 pada 10:00PG',
      address: klinik.address,
      link: `https://${klinik.primaryHost}/ms/appointment/dental-scaling/checkout?booking=${publicId}`,
      calendar: `https://${klinik.primaryHost}/appointment/dental-scaling/calendar.ics?booking=${publicId}`,
    });
    const text = renderMessage('booking-confirmed', 'ms', sms?.payload).text;
    expect(text).toContain('Temu janji anda untuk');
    expect(text).toContain('26/11/2026 pada 10:00PG');
    expect(text).toContain(klinik.address);
  });

  it('confirms a late payment that re-took its time; tells one that lost it a refund is coming', async () => {
    const late = await book('influenza-vaccination', thu('15:00'), { locale: 'id' });
    await sweepBookings(database.db, AFTER_HOLD);
    await pay(late.invoice?.id ?? '');
    expect((await messagesTo(late.phone)).map((m) => [m.template, m.locale])).toEqual([['booking-confirmed', 'id']]);

    const lost = await book('influenza-vaccination', thu('16:00'));
    await book('influenza-vaccination', thu('16:00'), { resourceId: lost.booking.resourceId, now: AFTER_HOLD });
    await pay(lost.invoice?.id ?? '');
    expect(await bookingRow(lost.booking.id)).toMatchObject({ status: 'expired', refundDue: true });
    const [refund] = await messagesTo(lost.phone);
    expect(refund).toMatchObject({ template: 'booking-refund-due', channel: 'sms', locale: 'en' });
    expect(refund?.payload).toMatchObject({
      phone: klinik.phone,
      link: `https://${klinik.primaryHost}/appointment/influenza-vaccination`,
    });
    expect(renderMessage('booking-refund-due', 'en', refund?.payload).text).toContain('We will refund your payment.');

    // The payment result page learns the outcome from the booking.
    const invoice = (await invoiceByPublicId(database.db, klinik, lost.invoice?.publicId ?? '')) as InvoiceView;
    const outcome = await bookingOfInvoice(database.db, klinik, invoice);
    expect(outcome?.booking).toMatchObject({ status: 'expired', refundDue: true });
    expect(outcome?.servicePath).toBe('/appointment/influenza-vaccination');
    const other = await aTenant(database.db, 'yayasan');
    expect(await bookingOfInvoice(database.db, other, invoice)).toBeNull();

    // Staff see it with the amount paid, and record the refund once, with who and when.
    const agenda = await staffAgenda(database.db, klinik, AFTER_HOLD);
    const row = agenda.refunds.find((r) => r.booking.id === lost.booking.id);
    expect(row).toMatchObject({ paid: invoice?.total, paidCurrency: 'MYR', refundedBy: null });
    expect(row?.refund).toMatchObject({
      reason: 'slot_lost',
      status: 'due',
      amount: invoice?.total,
      completedAt: null,
    });
    const form = { action: 'refunded', booking: lost.booking.publicId };
    const at = new Date('2026-11-23T05:00:00Z');
    const input = { tenant: klinik, staffId, form, requestOrigin: 'http://x', now: at };
    // Paid at the counter: no gateway can give it back, staff hand it over.
    expect(
      await staffAppointmentAction(database.db, { ...input, form: { ...form, action: 'refund_gateway' } }),
    ).toMatchObject({ ok: false, key: 'staffAppointments.notRefundDue' });
    expect(await staffAppointmentAction(database.db, input)).toMatchObject({
      ok: true,
      key: 'staffAppointments.markedRefunded',
    });
    expect(await bookingRow(lost.booking.id)).toMatchObject({ refundedAt: at, refundedByStaffId: staffId });
    expect(await staffAppointmentAction(database.db, input)).toMatchObject({
      ok: false,
      key: 'staffAppointments.notRefundDue',
    });
    const after = (await staffAgenda(database.db, klinik, at)).refunds.find((r) => r.booking.id === lost.booking.id);
    expect(after?.refundedBy).toEqual(expect.stringMatching(/\S/));
    expect(after?.refund).toMatchObject({ status: 'succeeded', completedAt: at, recordedByStaffId: staffId });
    expect(agenda.refunds.filter((r) => r.booking.id === lost.booking.id)).toHaveLength(1);
    // A booking that was paid in time has no refund to record.
    expect(
      await staffAppointmentAction(database.db, {
        ...input,
        form: { action: 'refunded', booking: late.booking.publicId },
      }),
    ).toMatchObject({ ok: false, key: 'staffAppointments.notRefundDue' });
  });

  it('acknowledges a request, and tells the customer when it lapses unanswered', async () => {
    const request = await book('health-screening', thu('09:00'), { locale: 'id', email: true });
    const sent = await messagesTo(request.phone);
    expect(sent.map((m) => [m.channel, m.template, m.locale]).sort()).toEqual([
      ['email', 'booking-requested', 'id'],
      ['sms', 'booking-requested', 'id'],
    ]);
    expect(sent[0]?.payload).toMatchObject({
      link: `https://${klinik.primaryHost}/id/appointment/health-screening/request?booking=${request.booking.publicId}`,
    });
    await sweepBookings(database.db, new Date(thu('09:00').getTime() + 60_000));
    const lapsed = (await messagesTo(request.phone)).filter((m) => m.template === 'booking-lapsed');
    expect(lapsed.map((m) => [m.channel, m.locale]).sort()).toEqual([
      ['email', 'id'],
      ['sms', 'id'],
    ]);
    expect(renderMessage('booking-lapsed', 'id', lapsed[0]?.payload).text).toContain('kedaluwarsa');
    // Sweeping again sends nothing more.
    await sweepBookings(database.db, new Date(thu('09:00').getTime() + 120_000));
    expect((await messagesTo(request.phone)).filter((m) => m.template === 'booking-lapsed')).toHaveLength(2);
  });

  it('tells the customer of a cancellation and of a new time', async () => {
    const request = await book('health-screening', thu('14:00'), { locale: 'ms' });
    await decideRequest(database.db, {
      tenantId: klinik.id,
      publicId: request.booking.publicId,
      approve: true,
      staffId,
      now: NOW,
    });
    const moved = await rescheduleBooking(database.db, {
      tenant: klinik,
      publicId: request.booking.publicId,
      resourceId: 'any',
      start: thu('15:00'),
      now: NOW,
    });
    expect(moved.ok).toBe(true);
    const cancelled = await cancelBooking(database.db, {
      tenantId: klinik.id,
      publicId: request.booking.publicId,
      now: NOW,
    });
    expect(cancelled.ok).toBe(true);
    const sent = await messagesTo(request.phone);
    expect(sent.map((m) => m.template)).toEqual(['booking-requested', 'booking-rescheduled', 'booking-cancelled']);
    expect(sent.every((m) => m.locale === 'ms')).toBe(true);
    expect(sent[1]?.payload).toMatchObject({ when: '26/11/2026 pada 03:00PTG' });
    expect(sent[2]?.payload).toMatchObject({ link: `https://${klinik.primaryHost}/ms/appointment/health-screening` });
  });

  it('moves one booking a limited number of times a day; its customer hears of them once an hour, with the latest time', async () => {
    const request = await book('dental-scaling', thu('17:00'));
    await pay(request.invoice?.id ?? '');
    const times = [thu('14:45'), thu('17:00')];
    const sent: OutgoingMessage[] = [];
    const recording: Transport = {
      name: 'recording',
      async send(message) {
        sent.push(message);
      },
    };
    // The outbox worker runs after every move, at the move's time, as the running app would.
    const deliver = (now: Date) =>
      deliverDueMessages(database.db, { now, transports: { sms: recording, email: recording } });
    await deliver(NOW);
    const move = (n: number, now: Date) =>
      rescheduleBooking(database.db, {
        tenant: klinik,
        publicId: request.booking.publicId,
        resourceId: request.booking.resourceId,
        start: times[n % 2] as Date,
        now,
      });
    // 12 moves in 55 minutes, as an attacker pumping SMS to the number typed on the booking would.
    const outcomes: string[] = [];
    for (let n = 0; n < 12; n += 1) {
      const at = new Date(NOW.getTime() + n * 5 * 60_000);
      const result = await move(n, at);
      outcomes.push(result.ok ? 'moved' : result.reason);
      await deliver(at);
    }
    // Ten moves a day; the 12th asks for the time the booking already has.
    expect(outcomes).toEqual([...Array(RESCHEDULES_PER_BOOKING.limit).fill('moved'), 'rate_limited', 'already_moved']);
    const movedNotices = () =>
      sent.filter((m) => m.template === 'booking-rescheduled' && m.destination === request.phone);
    // Within the hour: the first move's notice only, to the number the booking was made with.
    expect(movedNotices()).toHaveLength(1);
    expect(movedNotices()[0]).toMatchObject({ channel: 'sms', destination: request.phone });
    // An hour after it, one notice for all the moves since, telling where the booking is now.
    await deliver(new Date(NOW.getTime() + 59 * 60_000));
    expect(movedNotices()).toHaveLength(1);
    await deliver(new Date(NOW.getTime() + 60 * 60_000));
    expect(movedNotices()).toHaveLength(2);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, request.booking.id));
    const latest = (row?.startsAt.getTime() === thu('14:45').getTime() ? '02:45' : '05:00') + 'PM';
    expect(movedNotices()[1]?.text).toContain(latest);
    // The next day it can move again, and the customer is told at once.
    const nextDay = new Date(NOW.getTime() + RESCHEDULES_PER_BOOKING.windowMs);
    expect(await move(0, nextDay)).toMatchObject({ ok: true });
    await deliver(nextDay);
    expect(movedNotices()).toHaveLength(3);
  });

  it('drops a move notice still waiting for its hour when the booking is then cancelled', async () => {
    const request = await book('dental-scaling', thu('09:00'));
    await pay(request.invoice?.id ?? '');
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    const move = (start: Date, minutes: number) =>
      rescheduleBooking(database.db, {
        tenant: klinik,
        publicId: request.booking.publicId,
        resourceId: request.booking.resourceId,
        start,
        now: at(minutes),
      });
    const sent: OutgoingMessage[] = [];
    const deliver = (minutes: number) =>
      deliverDueMessages(database.db, {
        now: at(minutes),
        transports: { sms: { name: 'recording', send: async (m) => void sent.push(m) } },
      });
    expect(await move(thu('11:00'), 0)).toMatchObject({ ok: true });
    await deliver(0);
    expect(await move(thu('16:30'), 5)).toMatchObject({ ok: true });
    const notices = async () =>
      (await messagesTo(request.phone)).filter((m) => m.template === 'booking-rescheduled').map((m) => m.status);
    expect(await notices()).toEqual(['sent', 'pending']); // the second waits for the hour
    expect(
      await cancelBooking(database.db, { tenantId: klinik.id, publicId: request.booking.publicId, now: at(10) }),
    ).toMatchObject({ ok: true });
    expect(await notices()).toEqual(['sent']);
    expect((await messagesTo(request.phone)).map((m) => m.template)).toEqual([
      'booking-confirmed',
      'booking-rescheduled',
      'booking-cancelled',
    ]);
  });

  it('rolls the message back with the change: a refused cancellation sends nothing', async () => {
    const request = await book('health-screening', thu('16:00'));
    const tooLate = new Date(thu('16:00').getTime() - 60 * 60_000);
    const result = await cancelBooking(database.db, {
      tenantId: klinik.id,
      publicId: request.booking.publicId,
      now: tooLate,
    });
    expect(result).toMatchObject({ ok: false, reason: 'too_late' });
    expect((await messagesTo(request.phone)).map((m) => m.template)).toEqual(['booking-requested']);
  });

  describe('pay at counter', () => {
    const chooseCounter = async (invoice: InvoiceView, now: Date) =>
      createPayment(database.db, appProviders(database.db), {
        tenant: klinik,
        invoice,
        method: 'counter',
        coverFees: false,
        locale: 'en',
        ip: '203.0.113.9',
        siteOrigin: 'http://klinik.localhost:4321',
        returnPath: `/invoices/${invoice.publicId}/verify`,
        now,
      });

    it('confirms the booking with payment due at the counter: no countdown, due at the appointment', async () => {
      const held = await book('dental-scaling', thu('11:00'), { email: true });
      const invoice = held.invoice as InvoiceView;
      const started = await chooseCounter(invoice, new Date(NOW.getTime() + 3 * 60_000));
      expect(started).toMatchObject({ ok: true, start: { kind: 'offline' } });
      expect(await bookingRow(held.booking.id)).toMatchObject({
        status: 'confirmed',
        payAtCounter: true,
        holdExpiresAt: null,
      });
      const row = (await database.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0];
      expect(row).toMatchObject({ status: 'open', dueAt: thu('11:00') });
      const sent = await messagesTo(held.phone);
      expect(sent.map((m) => [m.channel, m.template]).sort()).toEqual([
        ['email', 'booking-confirmed'],
        ['sms', 'booking-confirmed'],
      ]);
      expect(sent[0]?.payload).toMatchObject({ payAtCounter: 'RM50.00' });
      expect(renderMessage('booking-confirmed', 'en', sent[0]?.payload).text).toContain(
        'Please pay RM50.00 at our front counter when you arrive.',
      );
      // Long after the ten minutes, the sweeper leaves it alone.
      await sweepBookings(database.db, AFTER_HOLD);
      expect((await bookingRow(held.booking.id))?.status).toBe('confirmed');
      // Choosing the counter again changes nothing and sends nothing more.
      await chooseCounter(invoice, AFTER_HOLD);
      expect(await messagesTo(held.phone)).toHaveLength(2);

      // Paid at the counter: nothing more is due, and no second confirmation goes out.
      const agenda = await staffAgenda(database.db, klinik, NOW);
      const listed = agenda.days.flatMap((d) => d.items).find((r) => r.booking.id === held.booking.id);
      expect(listed?.booking.payAtCounter).toBe(true);
      const open = (await invoiceByPublicId(database.db, klinik, invoice.publicId)) as InvoiceView;
      await markPaidAtCounter(database.db, { tenantId: klinik.id, invoice: open, staffId });
      expect(await bookingRow(held.booking.id)).toMatchObject({ status: 'confirmed', payAtCounter: false });
      expect((await messagesTo(held.phone)).filter((m) => m.template === 'booking-confirmed')).toHaveLength(2);
    });

    it('refuses the counter once the ten minutes have passed: the visitor chooses another time', async () => {
      const lapsed = await book('dental-scaling', thu('14:00'));
      await sweepBookings(database.db, AFTER_HOLD);
      // The invoice was due when the hold ended (docs/decisions/0011): no payment of any kind now.
      expect(await chooseCounter(lapsed.invoice as InvoiceView, AFTER_HOLD)).toMatchObject({
        ok: false,
        reason: 'not_payable',
      });
      expect(await bookingRow(lapsed.booking.id)).toMatchObject({ status: 'expired', payAtCounter: false });
      expect(await messagesTo(lapsed.phone)).toEqual([]);
    });
  });

  it('answers "not offered" for a time the schedule never offers, "taken" for one that was booked', async () => {
    const start = (s: Date, resourceId = 'any') =>
      bookSlot(database.db, {
        tenant: klinik,
        serviceId: serviceIds['general-consultation'] ?? '',
        resourceId,
        start: s,
        contact: { name: 'X', phone: '60123450000', email: null },
        locale: 'en',
        now: NOW,
      });
    expect(await start(new Date('2026-11-26T09:07:00+08:00'))).toEqual({ ok: false, reason: 'not_offered' });
    expect(await start(new Date('2027-06-01T10:00:00+08:00'))).toEqual({ ok: false, reason: 'not_offered' });
    const first = await start(thu('12:00'));
    if (!first.ok) throw new Error(first.reason);
    expect(await start(thu('12:00'), first.booking.resourceId)).toEqual({ ok: false, reason: 'slot_taken' });
  });
});
