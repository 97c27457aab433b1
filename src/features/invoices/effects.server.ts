import type { EventBus } from '../../server/events';
import { claimGuestInvoices } from './invoice-repo.server';

/** Invoices' effects on the app's bus, registered by the composition root (src/app.server.ts). */
export function registerInvoiceEffects(bus: EventBus): void {
  // A guest who logs in (or confirms a contact) later finds their earlier invoices under "Your invoices".
  bus.on('customer.verified', 'invoices.claim-guest', async (tx, { tenantId, customerId, phone, email }) => {
    await claimGuestInvoices(tx, tenantId, customerId, { phone, email });
  });
}
