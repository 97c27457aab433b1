import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { invoices } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import { appProviders, createPayment, markPaidAtCounter } from '#features/payments/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { renderMessage } from '#server/outbox/index.ts';
import { AFTER_HOLD, aMessagesSuite, NOW, thu } from './booking-messages-test-support.ts';
import {
  bookingOfInvoice,
  bookSlot,
  cancelBooking,
  decideRequest,
  rescheduleBooking,
  sweepBookings,
} from './index.server.ts';
import { staffAgenda, staffAppointmentAction } from './staff-agenda.server';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

describe.each(testDatabaseKinds)('the customer’s booking messages on %s', (kind) => {
  const suite = aMessagesSuite(kind);
  const { book, messagesTo, pay, bookingRow } = suite;

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
      address: suite.klinik.address,
      link: `https://${suite.klinik.primaryHost}/ms/appointment/dental-scaling/checkout?booking=${publicId}`,
      calendar: `https://${suite.klinik.primaryHost}/appointment/dental-scaling/calendar.ics?booking=${publicId}`,
    });
    const text = renderMessage('booking-confirmed', 'ms', sms?.payload).text;
    expect(text).toContain('Temu janji anda untuk');
    expect(text).toContain('26/11/2026 pada 10:00PG');
    expect(text).toContain(suite.klinik.address);
  });

  it('confirms a late payment that re-took its time; tells one that lost it a refund is coming', async () => {
    const late = await book('influenza-vaccination', thu('15:00'), { locale: 'id' });
    await sweepBookings(suite.db, AFTER_HOLD);
    await pay(late.invoice?.id ?? '');
    expect((await messagesTo(late.phone)).map((m) => [m.template, m.locale])).toEqual([['booking-confirmed', 'id']]);

    const lost = await book('influenza-vaccination', thu('16:00'));
    await book('influenza-vaccination', thu('16:00'), { resourceId: lost.booking.resourceId, now: AFTER_HOLD });
    await pay(lost.invoice?.id ?? '');
    expect(await bookingRow(lost.booking.id)).toMatchObject({ status: 'expired', refundDue: true });
    const [refund] = await messagesTo(lost.phone);
    expect(refund).toMatchObject({ template: 'booking-refund-due', channel: 'sms', locale: 'en' });
    expect(refund?.payload).toMatchObject({
      phone: suite.klinik.phone,
      link: `https://${suite.klinik.primaryHost}/appointment/influenza-vaccination`,
    });
    expect(renderMessage('booking-refund-due', 'en', refund?.payload).text).toContain('We will refund your payment.');

    // The payment result page learns the outcome from the booking.
    const invoice = (await invoiceByPublicId(suite.db, suite.klinik, lost.invoice?.publicId ?? '')) as InvoiceView;
    const outcome = await bookingOfInvoice(suite.db, suite.klinik, invoice);
    expect(outcome?.booking).toMatchObject({ status: 'expired', refundDue: true });
    expect(outcome?.servicePath).toBe('/appointment/influenza-vaccination');
    const other = await aTenant(suite.db, 'yayasan');
    expect(await bookingOfInvoice(suite.db, other, invoice)).toBeNull();

    // Staff see it with the amount paid, and record the refund once, with who and when.
    const agenda = await staffAgenda(suite.db, suite.klinik, AFTER_HOLD);
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
    const input = { tenant: suite.klinik, staffId: suite.staffId, form, requestOrigin: 'http://x', now: at };
    // Paid at the counter: no gateway can give it back, staff hand it over.
    expect(
      await staffAppointmentAction(suite.db, { ...input, form: { ...form, action: 'refund_gateway' } }),
    ).toMatchObject({ ok: false, key: 'staffAppointments.notRefundDue' });
    expect(await staffAppointmentAction(suite.db, input)).toMatchObject({
      ok: true,
      key: 'staffAppointments.markedRefunded',
    });
    expect(await bookingRow(lost.booking.id)).toMatchObject({ refundedAt: at, refundedByStaffId: suite.staffId });
    expect(await staffAppointmentAction(suite.db, input)).toMatchObject({
      ok: false,
      key: 'staffAppointments.notRefundDue',
    });
    const after = (await staffAgenda(suite.db, suite.klinik, at)).refunds.find((r) => r.booking.id === lost.booking.id);
    expect(after?.refundedBy).toEqual(expect.stringMatching(/\S/));
    expect(after?.refund).toMatchObject({ status: 'succeeded', completedAt: at, recordedByStaffId: suite.staffId });
    expect(agenda.refunds.filter((r) => r.booking.id === lost.booking.id)).toHaveLength(1);
    // A booking that was paid in time has no refund to record.
    expect(
      await staffAppointmentAction(suite.db, {
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
      link: `https://${suite.klinik.primaryHost}/id/appointment/health-screening/request?booking=${request.booking.publicId}`,
    });
    await sweepBookings(suite.db, new Date(thu('09:00').getTime() + 60_000));
    const lapsed = (await messagesTo(request.phone)).filter((m) => m.template === 'booking-lapsed');
    expect(lapsed.map((m) => [m.channel, m.locale]).sort()).toEqual([
      ['email', 'id'],
      ['sms', 'id'],
    ]);
    expect(renderMessage('booking-lapsed', 'id', lapsed[0]?.payload).text).toContain('kedaluwarsa');
    // Sweeping again sends nothing more.
    await sweepBookings(suite.db, new Date(thu('09:00').getTime() + 120_000));
    expect((await messagesTo(request.phone)).filter((m) => m.template === 'booking-lapsed')).toHaveLength(2);
  });

  it('tells the customer of a cancellation and of a new time', async () => {
    const request = await book('health-screening', thu('14:00'), { locale: 'ms' });
    await decideRequest(suite.db, {
      tenantId: suite.klinik.id,
      publicId: request.booking.publicId,
      approve: true,
      staffId: suite.staffId,
      now: NOW,
    });
    const moved = await rescheduleBooking(suite.db, {
      tenant: suite.klinik,
      publicId: request.booking.publicId,
      resourceId: 'any',
      start: thu('15:00'),
      now: NOW,
    });
    expect(moved.ok).toBe(true);
    const cancelled = await cancelBooking(suite.db, {
      tenantId: suite.klinik.id,
      publicId: request.booking.publicId,
      now: NOW,
    });
    expect(cancelled.ok).toBe(true);
    const sent = await messagesTo(request.phone);
    expect(sent.map((m) => m.template)).toEqual(['booking-requested', 'booking-rescheduled', 'booking-cancelled']);
    expect(sent.every((m) => m.locale === 'ms')).toBe(true);
    expect(sent[1]?.payload).toMatchObject({ when: '26/11/2026 pada 03:00PTG' });
    expect(sent[2]?.payload).toMatchObject({
      link: `https://${suite.klinik.primaryHost}/ms/appointment/health-screening`,
    });
  });

  describe('pay at counter', () => {
    const chooseCounter = async (invoice: InvoiceView, now: Date) =>
      createPayment(suite.db, appProviders(suite.db), {
        tenant: suite.klinik,
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
      const row = (await suite.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0];
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
      await sweepBookings(suite.db, AFTER_HOLD);
      expect((await bookingRow(held.booking.id))?.status).toBe('confirmed');
      // Choosing the counter again changes nothing and sends nothing more.
      await chooseCounter(invoice, AFTER_HOLD);
      expect(await messagesTo(held.phone)).toHaveLength(2);

      // Paid at the counter: nothing more is due, and no second confirmation goes out.
      const agenda = await staffAgenda(suite.db, suite.klinik, NOW);
      const listed = agenda.days.flatMap((d) => d.items).find((r) => r.booking.id === held.booking.id);
      expect(listed?.booking.payAtCounter).toBe(true);
      const open = (await invoiceByPublicId(suite.db, suite.klinik, invoice.publicId)) as InvoiceView;
      await markPaidAtCounter(suite.db, { tenantId: suite.klinik.id, invoice: open, staffId: suite.staffId });
      expect(await bookingRow(held.booking.id)).toMatchObject({ status: 'confirmed', payAtCounter: false });
      expect((await messagesTo(held.phone)).filter((m) => m.template === 'booking-confirmed')).toHaveLength(2);
    });

    it('refuses the counter once the ten minutes have passed: the visitor chooses another time', async () => {
      const lapsed = await book('dental-scaling', thu('14:00'));
      await sweepBookings(suite.db, AFTER_HOLD);
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
      bookSlot(suite.db, {
        tenant: suite.klinik,
        serviceId: suite.serviceIds['general-consultation'] ?? '',
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
