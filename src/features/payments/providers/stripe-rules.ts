import type Stripe from 'stripe';
import type { ChargedAmount, ProviderStatus, SavedChargeOutcome, SavedMethod, VerifiedEvent } from '../provider';

// How Stripe's objects map onto the port: pure, so the rules are tested without a network.

/** Stripe's zero-decimal currencies: the amount is in major units. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

/**
 * Currencies Serambi keeps in whole units although Stripe counts them in hundredths (SPEC §3:
 * rupiah has sub unit 1). Stripe wants IDR 50,000 as 5000000.
 */
const WHOLE_UNIT_HERE = new Set(['IDR']);

/** Our minor units → the amount Stripe expects for that currency. */
export function toStripeAmount(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  if (WHOLE_UNIT_HERE.has(code) && !ZERO_DECIMAL.has(code)) return amount * 100;
  return amount;
}

/**
 * Stripe's amount → our minor units (the inverse of toStripeAmount). An IDR amount that is not a
 * whole number of rupiah comes back fractional, so it never equals a payment's amount.
 */
export function fromStripeAmount(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  if (WHOLE_UNIT_HERE.has(code) && !ZERO_DECIMAL.has(code)) return amount / 100;
  return amount;
}

/** What a PaymentIntent is for, in our units, when it says (amount and currency). */
export function chargedOfIntent(intent: { amount?: unknown; currency?: unknown }): ChargedAmount | undefined {
  if (typeof intent.amount !== 'number' || typeof intent.currency !== 'string') return undefined;
  return { amount: fromStripeAmount(intent.amount, intent.currency), currency: intent.currency.toUpperCase() };
}

/** Where a PaymentIntent stands, for "Verify again". */
export function statusOfIntent(
  intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'> &
    Partial<Pick<Stripe.PaymentIntent, 'amount' | 'currency'>>,
): ProviderStatus {
  const charged = chargedOfIntent(intent);
  return { ...intentStatus(intent), ...(charged ? { charged } : {}) };
}

function intentStatus(intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>): ProviderStatus {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'paid' };
    case 'canceled':
      return { status: 'cancelled' };
    case 'requires_payment_method':
      // Back to requires_payment_method after an attempt means that attempt was declined — not
      // final: the payer may confirm again on the same PaymentIntent. Without an error the payer
      // simply has not tried yet.
      return intent.last_payment_error
        ? { status: 'declined', failureReason: intent.last_payment_error.message ?? 'The payment failed.' }
        : { status: 'pending' };
    default:
      // processing, requires_action, requires_confirmation, requires_capture: not final yet.
      return { status: 'pending' };
  }
}

/**
 * Only succeeded and canceled are final for a PaymentIntent: after payment_failed it returns to
 * requires_payment_method and the payer may retry on it, so that event records a declined attempt.
 */
const OUTCOMES: Record<string, VerifiedEvent['outcome']> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'declined',
  'payment_intent.canceled': 'cancelled',
};

/** A verified Stripe event → the event settlement needs. */
export function verifiedEventOf(event: Stripe.Event): VerifiedEvent {
  const outcome = OUTCOMES[event.type] ?? 'ignored';
  const object = event.data.object as { object?: string; id?: string; metadata?: Record<string, string> | null };
  const intent = object.object === 'payment_intent' ? (object as Stripe.PaymentIntent) : null;
  const base = {
    provider: 'stripe' as const,
    eventId: event.id,
    type: event.type,
    paymentId: intent?.metadata?.paymentId ?? null,
    providerRef: intent?.id ?? null,
    payload: event as unknown as Record<string, unknown>,
  };
  if (object.object === 'refund') return { ...base, outcome: 'ignored', ...refundOf(object as Stripe.Refund) };
  if (!intent) return { ...base, outcome: 'ignored' };
  const charged = chargedOfIntent(intent);
  const withCharged = charged ? { ...base, charged } : base;
  if (outcome === 'declined') {
    return { ...withCharged, outcome, failureReason: intent.last_payment_error?.message ?? 'The payment failed.' };
  }
  return { ...withCharged, outcome };
}

/**
 * A refund Stripe answered `pending` finishes later: refund.updated (or charge.refund.updated,
 * refund.failed) says how. Our ids ride in the refund's metadata, set when we asked for it.
 */
function refundOf(refund: Stripe.Refund): Pick<VerifiedEvent, 'paymentId' | 'providerRef' | 'refund'> {
  const intentId =
    typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null);
  const status =
    refund.status === 'succeeded'
      ? 'succeeded'
      : refund.status === 'failed' || refund.status === 'canceled'
        ? 'failed'
        : 'pending';
  return {
    paymentId: refund.metadata?.paymentId ?? null,
    providerRef: intentId,
    refund: {
      refundId: refund.metadata?.refundId ?? null,
      providerRef: refund.id,
      status,
      failureReason: status === 'failed' ? (refund.failure_reason ?? refund.status ?? 'failed') : undefined,
    },
  };
}

/** The card a succeeded PaymentIntent saved to its customer (setup_future_usage), or null. */
export function savedMethodOfIntent(
  intent: Pick<Stripe.PaymentIntent, 'status' | 'customer' | 'payment_method'>,
): SavedMethod | null {
  if (intent.status !== 'succeeded' || !intent.payment_method) return null;
  const methodRef = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method.id;
  const customerRef =
    intent.customer === null ? null : typeof intent.customer === 'string' ? intent.customer : intent.customer.id;
  return { customerRef, methodRef };
}

/** An off-session PaymentIntent as created: paid, still processing, or refused (it needs the absent cardholder). */
export function savedChargeOutcomeOf(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'last_payment_error'>,
): SavedChargeOutcome {
  if (intent.status === 'succeeded') return { status: 'paid', providerRef: intent.id };
  if (intent.status === 'processing') return { status: 'pending', providerRef: intent.id };
  return {
    status: 'declined',
    providerRef: intent.id,
    failureReason: intent.last_payment_error?.message ?? `The card needs its holder (${intent.status}).`,
  };
}
