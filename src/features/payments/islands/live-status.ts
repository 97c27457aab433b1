// The verify page's live status, client side and pure: which state the server rendered, and
// whether the stored state now differs (then the page reloads to show the server's truth).

import { invoiceStatusApiPath } from '#features/invoices/index.ts';
import { apiCall } from '#lib/api-client.ts';
import { PaymentStateResponse } from '../payments-api.schema';

/**
 * The invoice's state, and the payment's as the verify page shows it (pending, paid, failed,
 * cancelled; null when none): what the status endpoint answers.
 */
export type PaymentState = PaymentStateResponse;

/** The status endpoint of an invoice (and the payment the page shows). */
export function statusUrl(publicId: string, paymentId: string | null): string {
  return invoiceStatusApiPath(publicId, paymentId);
}

/**
 * True when the page no longer shows the truth: the invoice got paid (by this or any payment),
 * or the payment the page shows left the state it was rendered in.
 */
export function hasMoved(shown: PaymentState, now: PaymentState): boolean {
  if (now.invoice === 'paid' && shown.invoice !== 'paid') return true;
  return now.payment !== null && now.payment !== shown.payment;
}

/**
 * Asks where the payment stands now and reloads when it moved. Called each time the live
 * subscription becomes ready: messages before that moment were never delivered to this page.
 */
export async function recheck(
  shown: PaymentState,
  url: string,
  io: { fetch?: typeof fetch; reload: () => void },
): Promise<boolean> {
  // Offline or refused: the next ready (reconnect) asks again. Nothing is shown, so no message.
  const answer = await apiCall(PaymentStateResponse, url, {
    cache: 'no-store',
    failed: '',
    ...(io.fetch ? { fetch: io.fetch } : {}),
  });
  if (!answer.ok || !hasMoved(shown, answer.data)) return false;
  io.reload();
  return true;
}
