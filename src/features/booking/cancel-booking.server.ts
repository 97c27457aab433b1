import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { findInvoiceRow } from '#features/invoices/index.server.ts';
import { paidPaymentOf, recordRefundDue } from '#features/payments/index.server.ts';
import { log } from '#lib/logger.server.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { publish } from '#server/realtime/index.ts';
import { availabilityChanged } from './availability-feed.server';
import { canChangeOnline } from './booking';
import { enqueueBookingMessages } from './booking-messages.server';
import { type BookingRow, findBookingByPublicId, findSettings, moveBooking } from './booking-repo.server';

export type CancelBookingResult =
  | { ok: true; booking: BookingRow }
  | { ok: false; reason: 'not_found' | 'too_late' | 'not_cancellable'; changeNoticeHours?: number };

/**
 * The customer cancels their own booking (by its unguessable public id, within this tenant): a
 * confirmed booking or a pending request becomes cancelled, which frees its time at once (the
 * exclusion constraint only counts held, requested and confirmed bookings). Allowed only until
 * `changeNoticeHours` before the start; later, the customer must call the clinic.
 *
 * Rescheduling is this plus booking a new time: the confirmation page says so and links back to
 * the service page. A paid booking's payment gets a refund due (a payments record); the clinic
 * gives it back and staff record it, since refund rules are the clinic's policy.
 */
export async function cancelBooking(
  db: Db,
  input: { tenantId: string; publicId: string; now?: Date },
): Promise<CancelBookingResult> {
  const now = input.now ?? new Date();
  const [booking, settings] = await Promise.all([
    findBookingByPublicId(db, input.tenantId, input.publicId),
    findSettings(db, input.tenantId),
  ]);
  if (!booking) return { ok: false, reason: 'not_found' };
  if (booking.status !== 'confirmed' && booking.status !== 'requested') return { ok: false, reason: 'not_cancellable' };
  if (!canChangeOnline(booking, settings.changeNoticeHours, now)) {
    return { ok: false, reason: 'too_late', changeNoticeHours: settings.changeNoticeHours };
  }
  // Conditional on the status it had: a staff decision or a second click in between wins cleanly.
  const cancelled = await transaction(
    db,
    async (tx) => {
      // A paid booking's money is owed back: staff see it under "Refunds due".
      const invoice = booking.invoiceId ? await findInvoiceRow(tx, input.tenantId, booking.invoiceId) : null;
      const paid = invoice?.status === 'paid';
      const row = await moveBooking(tx, input.tenantId, booking.id, ['confirmed', 'requested'], {
        status: 'cancelled',
        ...(paid ? { refundDue: true } : {}),
      });
      if (row && paid && invoice) {
        const payment = await paidPaymentOf(tx, input.tenantId, invoice.id);
        if (payment)
          await recordRefundDue(tx, {
            tenantId: input.tenantId,
            paymentId: payment.id,
            reason: 'booking_cancelled',
            at: now,
          });
      }
      if (row) await enqueueBookingMessages(tx, 'cancelled', row, { now });
      return row;
    },
    { name: 'cancel-booking' },
  );
  if (!cancelled) return { ok: false, reason: 'not_cancellable' };
  await availabilityChanged(cancelled.tenantId);
  kickOutbox();
  await publish(cancelled.tenantId, `booking:${cancelled.publicId}`, 'status', { status: cancelled.status }).catch(
    (error: unknown) => log.warn('realtime publish failed', { error: String(error) }),
  );
  return { ok: true, booking: cancelled };
}
