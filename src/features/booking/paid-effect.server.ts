import { formatMoney } from '../../lib/money';
import { kickOutbox } from '../../server/outbox';
import { setInvoiceDueAt } from '../invoices';
import { onCounterChosen, onInvoicePaid } from '../payments';
import { findTenantById } from '../tenants';
import { announce, confirmForCounter, confirmPaidBooking } from './booking-lifecycle.server';
import { enqueueBookingMessages } from './booking-messages.server';

// Paying an appointment invoice confirms its booking, in the settlement's own transaction, and
// tells the customer (confirmed, or: the time was taken, we will refund you) through the outbox
// in that same transaction; once it commits, an open checkout page (say in the booking embed,
// paid in another tab) is told.
onInvoicePaid('booking-confirm', async (tx, { tenantId, invoice }) => {
  if (invoice.kind !== 'appointment' || !invoice.referenceId) return;
  const { outcome, booking } = await confirmPaidBooking(tx, tenantId, invoice.referenceId);
  if (outcome === 'ignored' || !booking) return;
  await enqueueBookingMessages(tx, outcome === 'refund_due' ? 'refund-due' : 'confirmed', booking);
  return async () => {
    await announce(booking);
    kickOutbox();
  };
});

// Choosing to pay at the counter confirms the booking with payment due there (the countdown
// ends): the invoice is then due at the appointment, and the customer gets the confirmation.
onCounterChosen('booking-counter', async (tx, { tenantId, invoice, at }) => {
  if (invoice.kind !== 'appointment' || !invoice.referenceId) return;
  const booking = await confirmForCounter(tx, tenantId, invoice.referenceId, at);
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
});
