import type { InvoiceRow, InvoiceView, LineSource } from '#features/invoices/index.ts';
import type { PaymentRow } from './payment-repo.server';
import type { RefundRow } from './refunds.server';

/** Emitted once, inside the settlement transaction, when an invoice becomes paid. */
export interface InvoicePaidEvent {
  tenantId: string;
  invoice: InvoiceRow;
  /** What the invoice's lines pay for: each feature acts on its own (booking on `booking`). */
  sources: LineSource[];
  paymentId: string;
  at: Date;
}

/**
 * Emitted once, in the transaction that moves it, when an invoice stops waiting for money:
 * `invoice.expired` (its due time passed with no payment in flight — final, unless money still
 * arrives and settles it) or `invoice.failed` (its payment failed; the payer may still try again).
 */
export interface InvoiceUnpaidEvent {
  tenantId: string;
  invoiceId: string;
  /** What the invoice's lines pay for: each feature ends its own (donations their gifts). */
  sources: LineSource[];
  at: Date;
}

/** Emitted once, in the transaction that records it, when a payer chooses to pay at the counter. */
export interface CounterChosenEvent {
  tenantId: string;
  invoice: InvoiceView;
  paymentId: string;
  at: Date;
}

/** Emitted once per refund, in the transaction that records the money as given back. */
export interface PaymentRefundedEvent {
  tenantId: string;
  refund: RefundRow;
  payment: PaymentRow;
  at: Date;
}

// The events payments emit on the app's bus (src/server/events): confirm a booking, count a
// donation, award points, send the receipt all hang off them.
declare module '../../server/events' {
  interface ServerEvents {
    'invoice.paid': InvoicePaidEvent;
    'invoice.counter_chosen': CounterChosenEvent;
    'invoice.expired': InvoiceUnpaidEvent;
    'invoice.failed': InvoiceUnpaidEvent;
    'payment.refunded': PaymentRefundedEvent;
  }
}
