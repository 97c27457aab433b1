// The events donations emit on the app's bus (src/server/events). H5's paid handler emits
// `donation.paid` once, in the transaction that marks a gift paid; receipts and plans hang off it.

/** Emitted once per gift, inside the transaction that marks it paid (online or recorded offline). */
export interface DonationPaidEvent {
  tenantId: string;
  donationId: string;
  /** The gift's plan, when it is an instalment of a recurring gift. */
  planId?: string | null;
  /** The payment that paid it; none for an offline gift staff recorded. */
  paymentId?: string | null;
}

declare module '../../server/events' {
  interface ServerEvents {
    'donation.paid': DonationPaidEvent;
  }
}
