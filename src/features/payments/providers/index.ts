import type { Db } from '#db/client.server.ts';
import { env, STRIPE_VARIABLES, sandboxEnabled } from '#server/config.server.ts';
import type { PaymentMethod, PaymentProvider, ProviderName } from '../provider';
import { createCounterProvider } from './counter.server';
import { methodAcceptsCurrency, UnsupportedPaymentError } from './method-rules';
import { createSandboxProvider, sandboxSecret, sandboxWebhookUrl } from './sandbox.server';
import { createStripeProvider, type StripeProviderOptions } from './stripe.server';

export { createCounterProvider } from './counter.server';
export {
  completeSandboxCharge,
  createSandboxProvider,
  findSandboxCharge,
  SANDBOX_DECLINE_REASON,
  SANDBOX_DECLINING_CARD,
  SANDBOX_SAVED_CARD,
  type SandboxCompletion,
  type SandboxProvider,
  sandboxSecret,
  sandboxWebhookUrl,
} from './sandbox.server';
export type { SandboxCharge } from './sandbox-repo.server';
export {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxChargeStatus,
  type SandboxChoice,
  signSandboxPayload,
  verifySandboxSignature,
} from './sandbox-webhook';
export { createStripeProvider, type StripeProviderOptions } from './stripe.server';
export { methodAcceptsCurrency, UnsupportedPaymentError };

/** The FPX banks the sandbox's hosted page offers, as FPX's own bank list would. */
export const SANDBOX_FPX_BANKS = [
  'Maybank2u',
  'CIMB Clicks',
  'Public Bank',
  'RHB Now',
  'Hong Leong Connect',
  'Bank Islam',
] as const;

/** Stripe's well-known test card, shown (never sent) on the sandbox's card page. */
export const SANDBOX_TEST_CARD = '4242 4242 4242 4242';

/**
 * True when card and FPX go through Stripe. The boot check (config.server.ts) already refuses a
 * half-done setup; this stays as a second guard so it can never quietly fall back to the sandbox,
 * where anyone could "pay" with a button.
 */
export function stripeConfigured(): boolean {
  const config = env();
  const missing = STRIPE_VARIABLES.filter((name) => !config[name]);
  if (missing.length === STRIPE_VARIABLES.length) return false;
  if (missing.length > 0) throw new Error(`Stripe is partly configured: set ${missing.join(', ')} as well`);
  return true;
}

/**
 * Whether the sandbox gateway's hosted page and webhooks are live: the sandbox is on (see
 * sandboxEnabled: off in production unless PAYMENT_SANDBOX=1) and Stripe does not replace it.
 */
export function sandboxGatewayOpen(): boolean {
  return sandboxEnabled(env()) && !stripeConfigured();
}

/**
 * Whether a method can take a payment in this currency here and now: the counter always can;
 * card and FPX need a gateway (Stripe, or the sandbox when it is on). What is offered to payers
 * and what a payment may be started with, in one rule.
 */
export function methodAvailable(method: PaymentMethod, currency: string): boolean {
  if (!methodAcceptsCurrency(method, currency)) return false;
  return method === 'counter' || stripeConfigured() || sandboxEnabled(env());
}

function stripeOptions(): StripeProviderOptions {
  const config = env();
  const options: StripeProviderOptions = {
    secretKey: config.STRIPE_SECRET_KEY ?? '',
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
  };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    options.apiHost = base.hostname;
    options.apiProtocol = base.protocol === 'http:' ? 'http' : 'https';
    if (base.port) options.apiPort = Number(base.port);
  }
  return options;
}

export interface PaymentProviders {
  /** The provider that takes a new payment by this method. */
  forMethod(method: PaymentMethod): PaymentProvider;
  /** The provider of an existing payment or an incoming webhook; null for an unknown or unconfigured name. */
  byName(name: string): PaymentProvider | null;
}

/**
 * card and fpx → Stripe when configured, else the sandbox gateway when it is on; counter →
 * counter. With the sandbox off (production, unless PAYMENT_SANDBOX=1) it does not exist here:
 * its webhooks find no provider and card/FPX have none without Stripe.
 */
export function paymentProviders({ db }: { db: Db }): PaymentProviders {
  const stripe = stripeConfigured() ? createStripeProvider(stripeOptions()) : null;
  // Kept when Stripe is on too (if the sandbox is on): payments started in it can still be verified.
  const sandbox = sandboxEnabled(env())
    ? createSandboxProvider({ db, secret: sandboxSecret(), webhookUrl: sandboxWebhookUrl() })
    : null;
  const counter = createCounterProvider();
  const byName: Record<ProviderName, PaymentProvider | null> = { stripe, sandbox, counter };
  return {
    forMethod: (method) => {
      if (method === 'counter') return counter;
      const online = stripe ?? sandbox;
      if (!online) throw new UnsupportedPaymentError(`no gateway takes ${method}: set STRIPE_* or PAYMENT_SANDBOX=1`);
      return online;
    },
    byName: (name) => (Object.hasOwn(byName, name) ? byName[name as ProviderName] : null),
  };
}
