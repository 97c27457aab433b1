import { onInvoicePaid } from '../payments';
import { confirmPaidBooking } from './booking-lifecycle.server';

// Paying an appointment invoice confirms its booking, in the settlement's own transaction.
onInvoicePaid('booking-confirm', async (tx, { tenantId, invoice }) => {
  if (invoice.kind !== 'appointment' || !invoice.referenceId) return;
  await confirmPaidBooking(tx, tenantId, invoice.referenceId);
});
