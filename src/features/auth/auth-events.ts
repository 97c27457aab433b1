/**
 * Emitted, in the transaction that proves it, when a customer shows they own a phone or e-mail:
 * logging in with a code, or confirming a new contact. Other features then attach what a guest
 * did earlier with that same phone or e-mail (bookings, invoices) to the customer.
 */
export interface CustomerVerifiedEvent {
  tenantId: string;
  customerId: string;
  /** The verified contact: exactly one of the two, stored as the forms store it. */
  phone: string | null;
  email: string | null;
}

declare module '../../server/events' {
  interface ServerEvents {
    'customer.verified': CustomerVerifiedEvent;
  }
}
