import type { Db } from '../../../db/client.server';
import { env, STRIPE_VARIABLES } from '../../../server/config.server';
import type { PaymentMethod, PaymentProvider, ProviderName } from '../provider';
import { createCounterProvider } from './counter.server';
import { createSandboxProvider, sandboxSecret, sandboxWebhookUrl } from './sandbox.server';
import { createStripeProvider, type StripeProviderOptions } from './stripe.server';

export { createCounterProvider } from './counter.server';
export { methodAcceptsCurrency, UnsupportedPaymentError } from './method-rules';
export {
  completeSandboxCharge,
  createSandboxProvider,
  findSandboxCharge,
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

/** card and fpx → Stripe when configured, else the sandbox gateway; counter → counter. */
export function paymentProviders({ db }: { db: Db }): PaymentProviders {
  const stripe = stripeConfigured() ? createStripeProvider(stripeOptions()) : null;
  // Kept even when Stripe is on: payments started in the sandbox can still be verified.
  const sandbox = createSandboxProvider({ db, secret: sandboxSecret(), webhookUrl: sandboxWebhookUrl() });
  const counter = createCounterProvider();
  const byName: Record<ProviderName, PaymentProvider | null> = { stripe, sandbox, counter };
  return {
    forMethod: (method) => (method === 'counter' ? counter : (stripe ?? sandbox)),
    byName: (name) => (Object.hasOwn(byName, name) ? byName[name as ProviderName] : null),
  };
}
