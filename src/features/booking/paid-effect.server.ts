import { onInvoicePaid } from '../payments';
import { announce, confirmPaidBooking } from './booking-lifecycle.server';

// Paying an appointment invoice confirms its booking, in the settlement's own transaction; once
// that commits, an open checkout page (say in the booking embed, paid in another tab) is told.
onInvoicePaid('booking-confirm', async (tx, { tenantId, invoice }) => {
  if (invoice.kind !== 'appointment' || !invoice.referenceId) return;
  const { outcome, booking } = await confirmPaidBooking(tx, tenantId, invoice.referenceId);
  if (outcome === 'ignored' || !booking) return;
  return () => announce(booking);
});
