import type { Db } from '../../db/client.server';
import { log } from '../../server/logger.server';
import { findPayment, latestPaymentOf, type PaymentRow } from './payment-repo.server';
import type { PaymentProvider, ProviderName } from './provider';
import { settlePayment } from './settle-payment.server';

export interface ProviderLookup {
  byName(name: ProviderName): PaymentProvider | null;
}

/**
 * The return page's check ("Verify again"): asks the provider where a pending payment stands and
 * settles it through the one settlement function when it is final. Counter payments wait for staff.
 */
export async function verifyPayment(
  db: Db,
  providers: ProviderLookup,
  input: { tenantId: string; invoiceId: string; paymentId?: string | null },
): Promise<PaymentRow | null> {
  const payment = input.paymentId
    ? await findPayment(db, input.tenantId, input.paymentId)
    : await latestPaymentOf(db, input.tenantId, input.invoiceId);
  if (!payment || payment.invoiceId !== input.invoiceId) return null;
  if (payment.status !== 'pending' || payment.provider === 'counter') return payment;
  const provider = providers.byName(payment.provider);
  if (!provider) return payment;
  let status: Awaited<ReturnType<PaymentProvider['fetchStatus']>>;
  try {
    status = await provider.fetchStatus({ id: payment.id, providerRef: payment.providerRef });
  } catch (error) {
    // The gateway cannot answer now (or has no record yet): the payment stays pending and the
    // webhook, or the next "Verify again", settles it.
    log.warn('payment status unavailable', { paymentId: payment.id, provider: payment.provider, error: String(error) });
    return payment;
  }
  if (status.status === 'pending') return payment;
  const settled = await settlePayment(db, {
    tenantId: input.tenantId,
    paymentId: payment.id,
    status: status.status,
    via: 'verify',
    failureReason: status.failureReason ?? null,
  });
  return settled.payment;
}
