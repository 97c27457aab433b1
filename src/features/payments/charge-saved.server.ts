import type { Db } from '#db/client.server.ts';
import type { InvoiceView } from '#features/invoices/index.ts';
import { findPayment, insertPayment, setProviderRef } from './payment-repo.server';
import type { PaymentProvider, ProviderName, SavedMethod } from './provider';
import { settlePayment } from './settle-payment.server';

export interface SavedProviders {
  byName(name: string): PaymentProvider | null;
}

export type SavedChargeResult =
  | { status: 'paid' | 'pending'; paymentId: string }
  | { status: 'declined'; paymentId: string; failureReason: string };

/**
 * Pays an invoice with a card the payer saved earlier, without them (a recurring donation's
 * instalment): records a card payment for the invoice's subtotal plus `fee`, charges the saved card
 * with the caller's idempotency key (one per attempt: a retried run is the provider's same charge),
 * then settles it — paid (the invoice and its effects, once, through settlePayment) or failed
 * (a declined card). `pending` is left to the provider's webhook. Pass the caller's transaction to
 * keep the payment with the work that caused it.
 */
export async function chargeSavedMethod(
  db: Db,
  providers: SavedProviders,
  input: {
    tenantId: string;
    invoice: Pick<InvoiceView, 'id' | 'publicId' | 'subtotal' | 'currency'>;
    provider: ProviderName;
    saved: SavedMethod;
    fee: number;
    idempotencyKey: string;
    description: string;
    now?: Date;
  },
): Promise<SavedChargeResult> {
  const provider = providers.byName(input.provider);
  if (!provider?.chargeSaved) throw new Error(`provider ${input.provider} cannot charge a saved card`);
  const amount = input.invoice.subtotal + input.fee;
  const payment = await insertPayment(db, {
    tenantId: input.tenantId,
    invoiceId: input.invoice.id,
    provider: provider.name,
    method: 'card',
    amount,
    fee: input.fee,
  });
  const outcome = await provider.chargeSaved({
    paymentId: payment.id,
    idempotencyKey: input.idempotencyKey,
    tenantId: input.tenantId,
    invoicePublicId: input.invoice.publicId,
    amount,
    currency: input.invoice.currency.code,
    description: input.description,
    saved: input.saved,
  });
  if (outcome.providerRef) await setProviderRef(db, input.tenantId, payment.id, outcome.providerRef);
  if (outcome.status === 'pending') return { status: 'pending', paymentId: payment.id };
  await settlePayment(db, {
    tenantId: input.tenantId,
    paymentId: payment.id,
    status: outcome.status === 'paid' ? 'paid' : 'failed',
    via: 'off_session',
    failureReason: outcome.failureReason ?? null,
    ...(input.now ? { now: input.now } : {}),
  });
  if (outcome.status === 'paid') return { status: 'paid', paymentId: payment.id };
  return { status: 'declined', paymentId: payment.id, failureReason: outcome.failureReason ?? 'declined' };
}

/** The card a paid payment saved, as its provider says (null when none or the provider keeps none). */
export async function savedMethodOfPayment(
  db: Db,
  providers: SavedProviders,
  tenantId: string,
  paymentId: string,
): Promise<{ provider: ProviderName; saved: SavedMethod } | null> {
  const payment = await findPayment(db, tenantId, paymentId);
  if (payment?.method !== 'card') return null;
  const provider = providers.byName(payment.provider);
  if (!provider?.savedMethodOf) return null;
  const saved = await provider.savedMethodOf({ id: payment.id, providerRef: payment.providerRef });
  return saved ? { provider: provider.name, saved } : null;
}
