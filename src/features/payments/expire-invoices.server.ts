import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { lineSourcesOf } from '#features/invoices/index.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
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
 * Each expired invoice emits `invoice.expired` in the sweep's transaction, so what its lines pay
 * for ends with it (a donation's pending gift, the plan waiting on its first payment).
 * Returns how many expired. `void` stays unused: nothing in Serambi cancels an invoice yet.
 */
export async function expireInvoices(db: Db, now: Date = new Date()): Promise<number> {
  let after: AfterCommit[] = [];
  const expired = await transaction(
    db,
    async (tx) => {
      after = [];
      const rows = await expireOverdueInvoices(tx, now, new Date(now.getTime() - PAYMENT_IN_FLIGHT_MS));
      for (const row of rows) {
        after.push(
          ...(await events.emit(tx, 'invoice.expired', {
            tenantId: row.tenantId,
            invoiceId: row.id,
            sources: await lineSourcesOf(tx, row.tenantId, row.id),
            at: now,
          })),
        );
      }
      return rows.length;
    },
    { name: 'expire-invoices' },
  );
  await runAfterCommit(after, (error) => log.warn('after invoice expiry effect failed', errorFields(error)));
  return expired;
}
