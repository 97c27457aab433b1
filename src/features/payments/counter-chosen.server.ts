import type { Db } from '../../db/client.server';
import type { InvoiceView } from '../invoices';
import type { AfterCommit } from './invoice-paid.server';

/** Emitted once, in the transaction that records it, when a payer chooses to pay at the counter. */
export interface CounterChosenEvent {
  tenantId: string;
  invoice: InvoiceView;
  paymentId: string;
  at: Date;
}

// biome-ignore lint/suspicious/noConfusingVoidType: handlers with nothing to do after commit simply return nothing
type Handler = (tx: Db, event: CounterChosenEvent) => Promise<AfterCommit | void>;
const handlers = new Map<string, Handler>();

/**
 * Registers an effect of choosing "pay at counter" (an appointment is confirmed with payment due
 * there), like onInvoicePaid: in the same transaction as the pending counter payment, named so
 * registering twice replaces; after-commit work runs only once the choice is committed.
 */
export function onCounterChosen(name: string, handler: Handler): void {
  handlers.set(name, handler);
}

export async function emitCounterChosen(tx: Db, event: CounterChosenEvent): Promise<AfterCommit[]> {
  const after: AfterCommit[] = [];
  for (const handler of handlers.values()) {
    const next = await handler(tx, event);
    if (next) after.push(next);
  }
  return after;
}
