import type { Db } from '../../db/client.server';
import { log } from '../../server/logger.server';
import { findPayment, latestPaymentOf, type PaymentRow } from './payment-repo.server';
import { isFinalPayment, type VerifyStatus, verifyStatusOf } from './payment-state';
import type { PaymentProvider, ProviderName } from './provider';
import { recordDecline, settlePayment } from './settle-payment.server';

export interface ProviderLookup {
  byName(name: ProviderName): PaymentProvider | null;
}

export interface VerifiedPayment {
  payment: PaymentRow;
  /** What the verify page shows. */
  status: VerifyStatus;
}

/**
 * The return page's check ("Verify again"): asks the provider where an open payment stands and
 * settles it through the one settlement function when it is final, or records a declined attempt.
 * Counter payments wait for staff.
 */
export async function verifyPayment(
  db: Db,
  providers: ProviderLookup,
  input: { tenantId: string; invoiceId: string; paymentId?: string | null },
): Promise<VerifiedPayment | null> {
  const payment = input.paymentId
    ? await findPayment(db, input.tenantId, input.paymentId)
    : await latestPaymentOf(db, input.tenantId, input.invoiceId);
  if (!payment || payment.invoiceId !== input.invoiceId) return null;
  const stored = { payment, status: verifyStatusOf(payment.status) };
  if (isFinalPayment(payment.status) || payment.provider === 'counter') return stored;
  const provider = providers.byName(payment.provider);
  if (!provider) return stored;
  let status: Awaited<ReturnType<PaymentProvider['fetchStatus']>>;
  try {
    status = await provider.fetchStatus({ id: payment.id, providerRef: payment.providerRef });
  } catch (error) {
    // The gateway cannot answer now (or has no record yet): the payment stays as recorded and the
    // webhook, or the next "Verify again", settles it.
    log.warn('payment status unavailable', { paymentId: payment.id, provider: payment.provider, error: String(error) });
    return stored;
  }
  if (status.status === 'pending') return { payment, status: verifyStatusOf(payment.status, 'pending') };
  if (status.status === 'declined') {
    // Record the decline once (its webhook may be late or lost); the payment stays open.
    const recorded =
      payment.status === 'declined'
        ? payment
        : ((
            await recordDecline(db, {
              tenantId: input.tenantId,
              paymentId: payment.id,
              failureReason: status.failureReason ?? null,
            })
          ).payment ?? payment);
    return { payment: recorded, status: verifyStatusOf(recorded.status, 'declined') };
  }
  const settled = await settlePayment(db, {
    tenantId: input.tenantId,
    paymentId: payment.id,
    status: status.status,
    via: 'verify',
    failureReason: status.failureReason ?? null,
  });
  const final = settled.payment ?? payment;
  return { payment: final, status: verifyStatusOf(final.status) };
}
