import type { Db } from '#db/client.server.ts';
import { log } from '#lib/logger.server.ts';
import { findPaymentAnyTenant, recordEvent } from './payment-repo.server';
import { type PaymentProvider, WebhookVerificationError } from './provider';
import { settleRefund } from './refunds.server';
import { recordDecline, settlePayment } from './settle-payment.server';

export type WebhookResult =
  | { status: 400; error: string }
  | {
      status: 200;
      outcome:
        | 'settled'
        | 'declined'
        | 'refund_settled'
        | 'duplicate'
        | 'already_final'
        | 'ignored'
        | 'unknown_payment'
        /** The signed amount or currency is not the payment's: stored and logged, nothing settled. */
        | 'mismatch';
    };

/**
 * A gateway's webhook: verify the signature (else 400, nothing stored), then store the event and
 * settle the payment in one transaction. A replayed event hits the unique (provider, event id)
 * and changes nothing; every 2xx tells the gateway to stop retrying.
 */
export async function handleWebhook(
  db: Db,
  provider: PaymentProvider,
  request: { headers: Headers; rawBody: string },
): Promise<WebhookResult> {
  let event: Awaited<ReturnType<PaymentProvider['parseWebhook']>>;
  try {
    event = await provider.parseWebhook(request);
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { status: 400, error: error.message };
    throw error;
  }
  const payment = await findPaymentAnyTenant(db, {
    id: event.paymentId,
    provider: provider.name,
    providerRef: event.providerRef,
  });
  const record = {
    tenantId: payment?.tenantId ?? null,
    provider: provider.name,
    eventId: event.eventId,
    paymentId: payment?.id ?? null,
    type: event.type,
    payload: event.payload,
  };
  const refund = event.refund;
  if (payment && refund && refund.status !== 'pending') {
    // A refund finishing later: its own record, not the payment's settlement.
    const settled = await settleRefund(db, {
      tenantId: payment.tenantId,
      refundId: refund.refundId,
      providerRef: refund.providerRef,
      status: refund.status,
      failureReason: refund.failureReason,
      before: (tx) => recordEvent(tx, record),
    });
    if (settled.duplicate) return { status: 200, outcome: 'duplicate' };
    return { status: 200, outcome: settled.changed ? 'refund_settled' : 'already_final' };
  }
  if (!payment || event.outcome === 'ignored') {
    const fresh = await db.transaction((tx) => recordEvent(tx, record));
    if (!payment && event.outcome !== 'ignored')
      log.warn('webhook for an unknown payment', { provider: provider.name, eventId: event.eventId });
    return { status: 200, outcome: fresh ? (payment ? 'ignored' : 'unknown_payment') : 'duplicate' };
  }
  let fresh = false;
  const storeEvent = async (tx: Db) => {
    fresh = await recordEvent(tx, record);
    return fresh;
  };
  if (event.outcome === 'declined') {
    // An attempt failed but the provider's payment is still open: recorded, not final.
    const declined = await recordDecline(db, {
      tenantId: payment.tenantId,
      paymentId: payment.id,
      failureReason: event.failureReason ?? null,
      before: storeEvent,
    });
    if (!fresh) return { status: 200, outcome: 'duplicate' };
    return { status: 200, outcome: declined.recorded ? 'declined' : 'already_final' };
  }
  const settled = await settlePayment(db, {
    tenantId: payment.tenantId,
    paymentId: payment.id,
    status: event.outcome,
    via: 'webhook',
    failureReason: event.failureReason ?? null,
    before: storeEvent,
    charged: event.charged,
  });
  if (!fresh) return { status: 200, outcome: 'duplicate' };
  if (settled.mismatch) {
    // Kept (payment_events) for whoever looks into it; answering 2xx, as retrying cannot change it.
    log.error('webhook amount or currency differs from the payment', {
      provider: provider.name,
      eventId: event.eventId,
      paymentId: payment.id,
      differs: settled.mismatch,
    });
    return { status: 200, outcome: 'mismatch' };
  }
  return { status: 200, outcome: settled.changed ? 'settled' : 'already_final' };
}
