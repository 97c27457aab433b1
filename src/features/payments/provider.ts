import type { Locale } from '#i18n/locales.ts';

/** SPEC.md §4 payment options: credit/debit card, online banking (FPX), pay at counter. */
export const PAYMENT_METHODS = ['card', 'fpx', 'counter'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type ProviderName = 'sandbox' | 'stripe' | 'counter';

/** What a provider needs to start collecting one payment. */
export interface PaymentRequest {
  /** Our payments.id; providers echo it back (metadata, webhook) so we can find the payment. */
  paymentId: string;
  tenantId: string;
  invoicePublicId: string;
  invoiceNumber: string;
  /** Gross amount in minor units (fee included when the payer covers it). */
  amount: number;
  /** ISO 4217, upper case (MYR, IDR). */
  currency: string;
  method: PaymentMethod;
  description: string;
  customerEmail: string | null;
  locale: Locale;
  /** Absolute URL the payer returns to (our verify page). */
  returnUrl: string;
  /** Absolute origin of the tenant site the payer is on (http://klinik.localhost:4321). */
  siteOrigin: string;
  /**
   * Keep the card for later off-session charges (a recurring donation's first payment): Stripe
   * attaches it to a customer (setup_future_usage); the sandbox keeps its test card.
   */
  saveMethod?: boolean;
}

/** A card the provider keeps for charges without the payer present. */
export interface SavedMethod {
  /** The provider's customer (Stripe cus_…), when it has one. */
  customerRef: string | null;
  /** The saved payment method (Stripe pm_…, sandbox pm_sandbox_…). */
  methodRef: string;
}

/** One off-session charge of a saved card (a recurring donation's instalment). */
export interface SavedChargeRequest {
  /** Our payments.id, echoed back in metadata like a payer's payment. */
  paymentId: string;
  /**
   * Stable across retries of the same attempt (plan, instalment, attempt): a charge retried after a
   * crash is the provider's same charge, never a second one.
   */
  idempotencyKey: string;
  tenantId: string;
  invoicePublicId: string;
  /** Gross amount, minor units. */
  amount: number;
  currency: string;
  description: string;
  saved: SavedMethod;
}

/**
 * What an off-session charge did: `paid`, `declined` (the card refused: retry later or ask the
 * payer), or `pending` (the provider settles later through its webhook).
 */
export interface SavedChargeOutcome {
  status: 'paid' | 'declined' | 'pending';
  providerRef: string | null;
  failureReason?: string | undefined;
}

/** How the browser continues after a payment was created. */
export type PaymentStart =
  /** Go to a hosted page (sandbox gateway, a bank). */
  | { kind: 'redirect'; url: string; providerRef: string | null }
  /** Mount Stripe's Payment Element with this client secret. */
  | { kind: 'client_secret'; clientSecret: string; publishableKey: string; providerRef: string }
  /** Nothing online: pay at the counter. */
  | { kind: 'offline' };

/**
 * Where a provider's payment stands. `declined`: the last attempt failed but the provider's payment
 * is still open for another attempt (a Stripe PaymentIntent goes back to requires_payment_method
 * after payment_intent.payment_failed). Only paid, failed and cancelled are final.
 */
export type ProviderOutcome = 'pending' | 'declined' | 'paid' | 'failed' | 'cancelled';

/**
 * What the provider says it collected, in our minor units (converted back from the provider's own
 * units): settlement refuses an answer whose amount or currency is not the payment's.
 */
export interface ChargedAmount {
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface ProviderStatus {
  status: ProviderOutcome;
  /** The amount and currency of the provider's payment, when it says. */
  charged?: ChargedAmount | undefined;
  failureReason?: string | undefined;
  /** How much of a paid payment the provider has given back (minor units), when it says. */
  amountRefunded?: number | undefined;
}

/** Give back (part of) a paid payment. */
export interface RefundRequest {
  /** Our refunds.id: the idempotency key, so a retried request refunds once. */
  refundId: string;
  payment: { id: string; providerRef: string | null; currency: string };
  /** Minor units. */
  amount: number;
  reason: string;
}

/**
 * What the provider did: `succeeded` (the money is on its way back), `pending` (the provider will
 * confirm later), or `due` (nothing online: staff hand the money back and record it).
 */
export interface RefundOutcome {
  status: 'succeeded' | 'pending' | 'due';
  providerRef: string | null;
}

/** A webhook whose signature checked out, reduced to what settlement needs. */
export interface VerifiedEvent {
  provider: ProviderName;
  /** The provider's unique event id: stored once, replays change nothing. */
  eventId: string;
  type: string;
  /** Our payments.id, when the event carries it (metadata). */
  paymentId: string | null;
  /** The provider's payment reference (PaymentIntent id), when any. */
  providerRef: string | null;
  /** 'declined' records a failed attempt without settling; 'ignored' for event types that change nothing. */
  outcome: 'paid' | 'failed' | 'cancelled' | 'declined' | 'ignored';
  failureReason?: string | undefined;
  /** The amount and currency the signed event is about (a payment event): compared with the payment's before settling. */
  charged?: ChargedAmount | undefined;
  /** A refund the provider finished later (Stripe's refund.updated): our refunds.id and where it stands. */
  refund?:
    | {
        refundId: string | null;
        providerRef: string;
        status: 'succeeded' | 'failed' | 'pending';
        failureReason?: string | undefined;
      }
    | undefined;
  payload: Record<string, unknown>;
}

/** The signature (or body) of a webhook did not verify: answer 400 and change nothing. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** The port every payment provider implements (DESIGN.md §5). */
export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(request: PaymentRequest): Promise<PaymentStart>;
  /** Asks the provider where a payment stands ("Verify again"). */
  fetchStatus(payment: { id: string; providerRef: string | null }): Promise<ProviderStatus>;
  /** Verifies and parses a webhook; throws WebhookVerificationError when it does not verify. */
  parseWebhook(request: { headers: Headers; rawBody: string }): Promise<VerifiedEvent>;
  /** Gives back `amount` of a paid payment (never more than it); throws when the provider refuses. */
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /** The card a paid payment saved (saveMethod), or null; providers that keep no cards lack it. */
  savedMethodOf?(payment: { id: string; providerRef: string | null }): Promise<SavedMethod | null>;
  /** Charges a saved card without the payer (off-session); never throws for a declined card. */
  chargeSaved?(request: SavedChargeRequest): Promise<SavedChargeOutcome>;
}
