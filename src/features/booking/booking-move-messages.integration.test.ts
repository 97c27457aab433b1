import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { bookings } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { deliverDueMessages, type OutgoingMessage, type Transport } from '#server/outbox/index.ts';
import { aMessagesSuite, NOW, thu } from './booking-messages-test-support.ts';
import { cancelBooking, rescheduleBooking } from './index.server.ts';
import { RESCHEDULES_PER_BOOKING } from './reschedule-booking.server';

// Moves of a booking and what its customer hears of them (limits, the hour's wait, roll-back).
// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

describe.each(testDatabaseKinds)('the customer’s messages about moves and cancellations on %s', (kind) => {
  const suite = aMessagesSuite(kind);
  const { book, messagesTo, pay } = suite;

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
      deliverDueMessages(suite.db, { now, transports: { sms: recording, email: recording } });
    await deliver(NOW);
    const move = (n: number, now: Date) =>
      rescheduleBooking(suite.db, {
        tenant: suite.klinik,
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
    const [row] = await suite.db.select().from(bookings).where(eq(bookings.id, request.booking.id));
    const latest = `${row?.startsAt.getTime() === thu('14:45').getTime() ? '02:45' : '05:00'}PM`;
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
      rescheduleBooking(suite.db, {
        tenant: suite.klinik,
        publicId: request.booking.publicId,
        resourceId: request.booking.resourceId,
        start,
        now: at(minutes),
      });
    const sent: OutgoingMessage[] = [];
    const deliver = (minutes: number) =>
      deliverDueMessages(suite.db, {
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
      await cancelBooking(suite.db, { tenantId: suite.klinik.id, publicId: request.booking.publicId, now: at(10) }),
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
    const result = await cancelBooking(suite.db, {
      tenantId: suite.klinik.id,
      publicId: request.booking.publicId,
      now: tooLate,
    });
    expect(result).toMatchObject({ ok: false, reason: 'too_late' });
    expect((await messagesTo(request.phone)).map((m) => m.template)).toEqual(['booking-requested']);
  });
});
