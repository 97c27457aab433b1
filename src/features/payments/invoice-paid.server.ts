import type { Db } from '../../db/client.server';
import type { InvoiceRow } from '../invoices';

/** Emitted once, inside the settlement transaction, when an invoice becomes paid. */
export interface InvoicePaidEvent {
  tenantId: string;
  invoice: InvoiceRow;
  paymentId: string;
  at: Date;
}

type Handler = (tx: Db, event: InvoicePaidEvent) => Promise<void>;
const handlers = new Map<string, Handler>();

/**
 * Registers an effect of payment (confirm a booking, count a donation, award points, send the
 * receipt). Handlers run in the settlement's transaction, so an effect happens exactly when the
 * payment does: a failing handler rolls the settlement back and the next delivery retries it.
 * Named, so registering twice (hot reload, tests) replaces instead of doubling.
 */
export function onInvoicePaid(name: string, handler: Handler): void {
  handlers.set(name, handler);
}

export async function emitInvoicePaid(tx: Db, event: InvoicePaidEvent): Promise<void> {
  for (const handler of handlers.values()) await handler(tx, event);
}
