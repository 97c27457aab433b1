import type { EventBus } from '#server/events/index.ts';
import { claimGuestInvoices } from './invoice-repo.server';

/** Invoices' effects on the app's bus, registered by the composition root (src/app.server.ts). */
export function registerInvoiceEffects(bus: EventBus): void {
  // A guest who logs in (or confirms a contact) later finds their earlier invoices under "Your
  // invoices"; what follows a customer's invoices (loyalty points) follows them through
  // `invoice.claimed`, in the same transaction.
  bus.on('customer.verified', 'invoices.claim-guest', async (tx, { tenantId, customerId, phone, email }) => {
    const claimed = await claimGuestInvoices(tx, tenantId, customerId, { phone, email });
    if (claimed.length === 0) return;
    const after = await bus.emit(tx, 'invoice.claimed', { tenantId, customerId, invoices: claimed });
    if (after.length === 0) return;
    return async () => {
      for (const work of after) await work();
    };
  });
}
