import type { InvoiceRow } from './invoice-repo.server';

/**
 * Emitted, in the transaction of the login (or contact confirmation) that proves it, when
 * invoices a guest made with a phone or e-mail become the customer's: whatever follows the
 * customer (loyalty points for the ones already paid) follows them now, once.
 */
export interface InvoicesClaimedEvent {
  tenantId: string;
  customerId: string;
  /** The claimed invoices as they are now (a paid one carries `status: 'paid'`). */
  invoices: InvoiceRow[];
}

declare module '../../server/events' {
  interface ServerEvents {
    'invoice.claimed': InvoicesClaimedEvent;
  }
}
