import type { Db } from '#db/client.server.ts';
import { log } from '#lib/logger.server.ts';
import { openGatewayPayments } from './payment-repo.server';
import { isFinalPayment } from './payment-state';
import { type ProviderLookup, verifyPayment } from './verify-payment.server';

/** A payment younger than this is left to its payer's return page and its webhook. */
export const VERIFY_PENDING_AFTER_MS = 5 * 60 * 1000;
/** Older than this, a payment still open was abandoned at the gateway; it is no longer asked about. */
export const VERIFY_PENDING_WITHIN_MS = 6 * 60 * 60 * 1000;
/** At most this many payments are asked about per run (newest first). */
export const VERIFY_PENDING_BATCH = 100;

export interface PendingCheck {
  /** Payments asked about. */
  checked: number;
  /** Of those, the ones now settled (paid, failed or cancelled) — by this run or a webhook meanwhile. */
  settled: number;
}

/**
 * The periodic check of payments nobody came back for: a payment completed at the gateway just
 * before a crash (its webhook lost, its payer gone) would stay pending until the payer reopened
 * the page. Every open gateway payment between a few minutes and a few hours old is asked about
 * with its provider's status fetch and settled through the one settlement function — exactly once,
 * however many instances run this at once or whatever webhook or verify page comes too.
 * A plain function of the database, the clock and the providers, so any scheduler can run it.
 */
export async function verifyPendingPayments(
  db: Db,
  clock: () => Date,
  providers: ProviderLookup,
): Promise<PendingCheck> {
  const now = clock().getTime();
  const open = await openGatewayPayments(db, {
    since: new Date(now - VERIFY_PENDING_WITHIN_MS),
    until: new Date(now - VERIFY_PENDING_AFTER_MS),
    limit: VERIFY_PENDING_BATCH,
  });
  let settled = 0;
  for (const payment of open) {
    try {
      const verified = await verifyPayment(db, providers, {
        tenantId: payment.tenantId,
        invoiceId: payment.invoiceId,
        paymentId: payment.id,
      });
      if (verified && isFinalPayment(verified.payment.status)) settled += 1;
    } catch (error) {
      // One payment's failure (its provider down, a lost connection) must not stop the others.
      log.warn('pending payment check failed', { paymentId: payment.id, error: String(error) });
    }
  }
  return { checked: open.length, settled };
}
