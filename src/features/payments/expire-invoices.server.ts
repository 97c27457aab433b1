import type { Db } from '../../db/client.server';
import { expireOverdueInvoices } from './payment-repo.server';

/**
 * How long a pending payment keeps its invoice from expiring: the payer is at the gateway (a card
 * 3-D Secure step, an FPX bank page). Older pending payments were abandoned (tab closed before
 * choosing) and no longer hold the invoice open — if one still completes, it settles it anyway.
 */
export const PAYMENT_IN_FLIGHT_MS = 60 * 60 * 1000;

/**
 * Open invoices past their due time with no payment in flight become "expired" (no longer payable
 * online). Money that still arrives for one is never lost: settlement moves expired → paid.
 * Returns how many expired. `void` stays unused: nothing in Serambi cancels an invoice yet.
 */
export async function expireInvoices(db: Db, now: Date = new Date()): Promise<number> {
  const expired = await expireOverdueInvoices(db, now, new Date(now.getTime() - PAYMENT_IN_FLIGHT_MS));
  return expired.length;
}
