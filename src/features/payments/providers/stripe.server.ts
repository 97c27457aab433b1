import Stripe from 'stripe';
import {
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStart,
  type ProviderStatus,
  type RefundOutcome,
  type SavedChargeOutcome,
  type SavedMethod,
  type VerifiedEvent,
  WebhookVerificationError,
} from '../provider';
import { assertOnlineMethod } from './method-rules';
import {
  savedChargeOutcomeOf,
  savedMethodOfIntent,
  statusOfIntent,
  toStripeAmount,
  verifiedEventOf,
} from './stripe-rules';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in of api.stripe.com. */
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: 'http' | 'https';
}

/** Stripe PaymentIntents for card and FPX (DESIGN.md §5); the browser confirms with the Payment Element. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.apiHost ? { host: options.apiHost } : {}),
    ...(options.apiPort ? { port: options.apiPort } : {}),
    ...(options.apiProtocol ? { protocol: options.apiProtocol } : {}),
  });

  return {
    name: 'stripe',

    async createPayment(request: PaymentRequest): Promise<PaymentStart> {
      assertOnlineMethod('Stripe', request.method, request.currency);
      // A card kept for a recurring gift's later instalments lives on a Stripe customer: made
      // first (once per payment), then the PaymentIntent saves the card to it for off-session use.
      const saving = request.saveMethod === true && request.method === 'card';
      const customer = saving
        ? await stripe.customers.create(
            {
              ...(request.customerEmail ? { email: request.customerEmail } : {}),
              metadata: { tenantId: request.tenantId, paymentId: request.paymentId },
            },
            { idempotencyKey: `customer-${request.paymentId}` },
          )
        : null;
      const intent = await stripe.paymentIntents.create(
        {
          amount: toStripeAmount(request.amount, request.currency),
          currency: request.currency.toLowerCase(),
          // SDK 23 (API 2026-10-28) renamed payment_method_types to allowed_payment_method_types.
          allowed_payment_method_types: [request.method === 'fpx' ? 'fpx' : 'card'],
          description: request.description,
          ...(request.customerEmail ? { receipt_email: request.customerEmail } : {}),
          ...(customer ? { customer: customer.id, setup_future_usage: 'off_session' as const } : {}),
          metadata: {
            paymentId: request.paymentId,
            tenantId: request.tenantId,
            invoicePublicId: request.invoicePublicId,
          },
        },
        // One PaymentIntent per payment even if the request is retried.
        { idempotencyKey: request.paymentId },
      );
      if (!intent.client_secret) throw new Error(`Stripe returned PaymentIntent ${intent.id} without a client secret`);
      return {
        kind: 'client_secret',
        clientSecret: intent.client_secret,
        publishableKey: options.publishableKey,
        providerRef: intent.id,
      };
    },

    async fetchStatus(payment): Promise<ProviderStatus> {
      if (!payment.providerRef) throw new Error(`payment ${payment.id} has no PaymentIntent`);
      return statusOfIntent(await stripe.paymentIntents.retrieve(payment.providerRef));
    },

    async refund(request): Promise<RefundOutcome> {
      if (!request.payment.providerRef) throw new Error(`payment ${request.payment.id} has no PaymentIntent`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: request.payment.providerRef,
          amount: toStripeAmount(request.amount, request.payment.currency),
          metadata: { paymentId: request.payment.id, refundId: request.refundId, reason: request.reason },
        },
        // One Stripe refund per refund row even if the request is retried.
        { idempotencyKey: `refund-${request.refundId}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new Error(`Stripe refund ${refund.id} ${refund.status}: ${refund.failure_reason ?? 'no reason'}`);
      }
      return { status: refund.status === 'succeeded' ? 'succeeded' : 'pending', providerRef: refund.id };
    },

    async savedMethodOf(payment): Promise<SavedMethod | null> {
      if (!payment.providerRef) return null;
      return savedMethodOfIntent(await stripe.paymentIntents.retrieve(payment.providerRef));
    },

    async chargeSaved(request): Promise<SavedChargeOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: toStripeAmount(request.amount, request.currency),
            currency: request.currency.toLowerCase(),
            ...(request.saved.customerRef ? { customer: request.saved.customerRef } : {}),
            payment_method: request.saved.methodRef,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: {
              paymentId: request.paymentId,
              tenantId: request.tenantId,
              invoicePublicId: request.invoicePublicId,
            },
          },
          // The attempt's key, not the payment's: a run retried after a crash makes no second charge.
          { idempotencyKey: `saved-${request.idempotencyKey}` },
        );
        return savedChargeOutcomeOf(intent);
      } catch (error) {
        // Declined (or needing the cardholder, who is not there): Stripe answers 402 card_error.
        if (error instanceof Stripe.errors.StripeCardError) {
          const intentId = (error.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent?.id ?? null;
          return { status: 'declined', providerRef: intentId, failureReason: error.message };
        }
        throw error;
      }
    },

    async parseWebhook({ headers, rawBody }): Promise<VerifiedEvent> {
      const signature = headers.get('stripe-signature');
      if (!signature) throw new WebhookVerificationError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookVerificationError(error instanceof Error ? error.message : 'Stripe signature did not verify');
      }
      return verifiedEventOf(event);
    },
  };
}
