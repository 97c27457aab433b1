import { lineSources, setInvoiceDueAt, sourceIdOf } from '#features/invoices/index.server.ts';
import type { CounterChosenEvent, InvoicePaidEvent, PaymentRefundedEvent } from '#features/payments/index.ts';
import { findTenantById } from '#features/tenants/index.server.ts';
import { formatMoney } from '#lib/money.ts';
import type { EventBus, EventHandler } from '#server/events/index.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { announce, confirmForCounter, confirmPaidBooking, noteBookingRefunded } from './booking-lifecycle.server';
import { enqueueBookingMessages } from './booking-messages.server';
import { claimGuestBookings } from './booking-repo.server';

/** Booking's effects on the app's bus, registered by the composition root (src/app.server.ts). */
export function registerBookingEffects(bus: EventBus): void {
  bus.on('invoice.paid', 'booking.confirm-paid', confirmOnPayment);
  bus.on('invoice.counter_chosen', 'booking.confirm-counter', confirmOnCounterChoice);
  bus.on('payment.refunded', 'booking.note-refunded', noteRefunded);
  // A guest who logs in (or confirms a contact) later finds their earlier appointments in their
  // account; what follows a customer's visits (loyalty points) follows them through `booking.claimed`.
  bus.on('customer.verified', 'booking.claim-guest', async (tx, { tenantId, customerId, phone, email }) => {
    const claimed = await claimGuestBookings(tx, tenantId, customerId, { phone, email });
    if (claimed.length === 0) return;
    const after = await bus.emit(tx, 'booking.claimed', { tenantId, customerId, bookings: claimed });
    if (after.length === 0) return;
    return async () => {
      for (const work of after) await work();
    };
  });
}

// Paying an appointment invoice confirms its booking, in the settlement's own transaction, and
// tells the customer (confirmed, or: the time was taken, we will refund you) through the outbox
// in that same transaction; once it commits, an open checkout page (say in the booking embed,
// paid in another tab) is told.
const confirmOnPayment: EventHandler<InvoicePaidEvent> = async (tx, { tenantId, sources, paymentId }) => {
  const bookingId = sourceIdOf(sources, 'booking');
  if (!bookingId) return;
  const { outcome, booking } = await confirmPaidBooking(tx, tenantId, bookingId, paymentId);
  if (outcome === 'ignored' || !booking) return;
  await enqueueBookingMessages(tx, outcome === 'refund_due' ? 'refund-due' : 'confirmed', booking);
  return async () => {
    await announce(booking);
    kickOutbox();
  };
};

// Choosing to pay at the counter confirms the booking with payment due there (the countdown
// ends): the invoice is then due at the appointment, and the customer gets the confirmation.
const confirmOnCounterChoice: EventHandler<CounterChosenEvent> = async (tx, { tenantId, invoice, at }) => {
  const bookingId = sourceIdOf(lineSources(invoice), 'booking');
  if (!bookingId) return;
  const booking = await confirmForCounter(tx, tenantId, bookingId, at);
  if (!booking) return;
  await setInvoiceDueAt(tx, tenantId, invoice.id, booking.startsAt);
  const tenant = await findTenantById(tx, tenantId);
  await enqueueBookingMessages(tx, 'confirmed', booking, {
    tenant,
    payAtCounter: formatMoney(invoice.subtotal, invoice.currency),
  });
  return async () => {
    await announce(booking);
    kickOutbox();
  };
};

// Money owed back on a booking went back — by hand at the counter or through the gateway, now or
// when the gateway confirmed later: the booking notes it, in the refund's own transaction.
const noteRefunded: EventHandler<PaymentRefundedEvent> = async (tx, { tenantId, refund, payment, at }) => {
  await noteBookingRefunded(tx, {
    tenantId,
    invoiceId: payment.invoiceId,
    reason: refund.reason,
    staffId: refund.recordedByStaffId ?? null,
    at: refund.completedAt ?? at,
  });
};
