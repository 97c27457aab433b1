import type { BookingRow } from './booking-repo.server';

/** Emitted once, in the transaction that records it, when staff mark a booking attended. */
export interface BookingCompletedEvent {
  tenantId: string;
  booking: BookingRow;
  at: Date;
}

/**
 * Emitted, in the transaction of the login (or contact confirmation) that proves it, when
 * bookings a guest made with a phone or e-mail become the customer's (as they are now: a visit
 * already attended carries `status: 'completed'`), so what follows a customer's visits follows them.
 */
export interface BookingsClaimedEvent {
  tenantId: string;
  customerId: string;
  bookings: BookingRow[];
}

// The events booking emits on the app's bus (src/server/events): review invitations and loyalty
// points hang off an attended appointment.
/**
 * Emitted in the transaction that changes what the public appointment pages show: a service, a
 * category, a practitioner or who offers what. No screen edits them yet (the seed does); whatever
 * does emits this, and the page cache drops the tenant's appointment pages.
 */
export interface CatalogueChangedEvent {
  tenantId: string;
}

declare module '../../server/events' {
  interface ServerEvents {
    'booking.completed': BookingCompletedEvent;
    'booking.claimed': BookingsClaimedEvent;
    'catalogue.changed': CatalogueChangedEvent;
  }
}
