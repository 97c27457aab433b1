import Stripe from 'stripe';
import {
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStart,
  type ProviderStatus,
  type RefundOutcome,
  type VerifiedEvent,
  WebhookVerificationError,
} from '../provider';
import { assertOnlineMethod } from './method-rules';
import { statusOfIntent, toStripeAmount, verifiedEventOf } from './stripe-rules';

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
      const intent = await stripe.paymentIntents.create(
        {
          amount: toStripeAmount(request.amount, request.currency),
          currency: request.currency.toLowerCase(),
          // SDK 23 (API 2026-10-28) renamed payment_method_types to allowed_payment_method_types.
          allowed_payment_method_types: [request.method === 'fpx' ? 'fpx' : 'card'],
          description: request.description,
          ...(request.customerEmail ? { receipt_email: request.customerEmail } : {}),
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
