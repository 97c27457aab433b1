import type { BookingRow } from './booking-repo.server';

/** Emitted once, in the transaction that records it, when staff mark a booking attended. */
export interface BookingCompletedEvent {
  tenantId: string;
  booking: BookingRow;
  at: Date;
}

// The events booking emits on the app's bus (src/server/events): review invitations and loyalty
// points hang off an attended appointment.
declare module '../../server/events' {
  interface ServerEvents {
    'booking.completed': BookingCompletedEvent;
  }
}
