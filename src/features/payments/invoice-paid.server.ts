import type { Db } from '../../db/client.server';
import type { InvoiceRow } from '../invoices';

/** Emitted once, inside the settlement transaction, when an invoice becomes paid. */
export interface InvoicePaidEvent {
  tenantId: string;
  invoice: InvoiceRow;
  paymentId: string;
  at: Date;
}

/** Work that must wait until the payment is committed (telling open pages), returned by a handler. */
export type AfterCommit = () => Promise<void>;
// biome-ignore lint/suspicious/noConfusingVoidType: handlers with nothing to do after commit simply return nothing
type Handler = (tx: Db, event: InvoicePaidEvent) => Promise<AfterCommit | void>;
const handlers = new Map<string, Handler>();

/**
 * Registers an effect of payment (confirm a booking, count a donation, award points, send the
 * receipt). Handlers run in the settlement's transaction, so an effect happens exactly when the
 * payment does: a failing handler rolls the settlement back and the next delivery retries it.
 * A handler may return work for after the commit (a realtime message), which never runs for a
 * settlement that rolled back. Named, so registering twice (hot reload, tests) replaces instead of doubling.
 */
export function onInvoicePaid(name: string, handler: Handler): void {
  handlers.set(name, handler);
}

/** Runs every handler in the settlement's transaction; returns their after-commit work. */
export async function emitInvoicePaid(tx: Db, event: InvoicePaidEvent): Promise<AfterCommit[]> {
  const after: AfterCommit[] = [];
  for (const handler of handlers.values()) {
    const next = await handler(tx, event);
    if (next) after.push(next);
  }
  return after;
}
