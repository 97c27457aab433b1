import { z } from 'zod';
import type { Db } from '#db/client.server.ts';
import { log } from '#lib/logger.server.ts';
import { findPayment, isPaymentId, latestPaymentOf, type PaymentRow } from './payment-repo.server';
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
    charged: status.charged,
  });
  const final = settled.payment ?? payment;
  return { payment: final, status: verifyStatusOf(final.status) };
}

/** The verify page's query: `?payment=` is absent (the invoice's latest payment) or a payment id. */
export const VerifyQuery = z.object({
  payment: z.string().refine(isPaymentId, { message: 'verify.badLink' }).optional(),
});

/**
 * What the verify page shows for its query: 'bad_link' (400) for a malformed payment id,
 * 'not_found' (404) for one that is not a payment of this invoice, else the verified payment
 * (null when the invoice has none yet). Runs before the page streams, so it can still set a status.
 */
export async function verifyReturn(
  db: Db,
  providers: ProviderLookup,
  input: { tenantId: string; invoiceId: string; payment: string | null },
): Promise<'bad_link' | 'not_found' | { verified: VerifiedPayment | null }> {
  const query = VerifyQuery.safeParse({ payment: input.payment ?? undefined });
  if (!query.success) return 'bad_link';
  const verified = await verifyPayment(db, providers, {
    tenantId: input.tenantId,
    invoiceId: input.invoiceId,
    paymentId: query.data.payment ?? null,
  });
  if (query.data.payment && !verified) return 'not_found';
  return { verified };
}

/**
 * Where an invoice and its payment stand as stored, without asking the gateway: what an open
 * verify page compares with what it rendered once its live subscription is ready.
 */
export async function storedPaymentState(
  db: Db,
  input: { tenantId: string; invoiceId: string; invoiceStatus: string; paymentId: string | null },
): Promise<{ invoice: string; payment: VerifyStatus | null }> {
  const payment = input.paymentId
    ? await findPayment(db, input.tenantId, input.paymentId)
    : await latestPaymentOf(db, input.tenantId, input.invoiceId);
  const own = payment && payment.invoiceId === input.invoiceId ? payment : null;
  return { invoice: input.invoiceStatus, payment: own ? verifyStatusOf(own.status) : null };
}
