import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '#db/client.server.ts';

// The config module caches the environment: each case loads the modules afresh.
async function load(vars: Record<string, string>) {
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) vi.stubEnv(name, '');
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  return import('./index');
}
const db = {} as Db;
const stripeVars = {
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('paymentProviders', () => {
  it('sends card and FPX to the sandbox when Stripe is not configured', async () => {
    const { paymentProviders, stripeConfigured } = await load({});
    expect(stripeConfigured()).toBe(false);
    const providers = paymentProviders({ db });
    expect(providers.forMethod('card').name).toBe('sandbox');
    expect(providers.forMethod('fpx').name).toBe('sandbox');
    expect(providers.forMethod('counter').name).toBe('counter');
    expect(providers.byName('stripe')).toBeNull();
    expect(providers.byName('sandbox')?.name).toBe('sandbox');
    expect(providers.byName('paypal')).toBeNull();
    expect(providers.byName('toString')).toBeNull();
  });

  it('sends card and FPX to Stripe when all three Stripe variables are set', async () => {
    const { paymentProviders, stripeConfigured } = await load(stripeVars);
    expect(stripeConfigured()).toBe(true);
    const providers = paymentProviders({ db });
    expect(providers.forMethod('card').name).toBe('stripe');
    expect(providers.forMethod('fpx').name).toBe('stripe');
    expect(providers.forMethod('counter').name).toBe('counter');
    expect(providers.byName('stripe')?.name).toBe('stripe');
    // Payments started in the sandbox before Stripe was set up can still be verified.
    expect(providers.byName('sandbox')?.name).toBe('sandbox');
  });

  it('has no sandbox in production on PostgreSQL unless PAYMENT_SANDBOX=1, and offers only the counter', async () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app@db.internal:5432/serambi',
      DONATION_LINK_SECRET: 'a-production-secret-of-at-least-32-characters',
    };
    const off = await load(production);
    expect(off.sandboxGatewayOpen()).toBe(false);
    const providers = off.paymentProviders({ db });
    // The webhook route answers 404 for a provider it cannot find; the hosted page likewise.
    expect(providers.byName('sandbox')).toBeNull();
    expect(providers.forMethod('counter').name).toBe('counter');
    expect(() => providers.forMethod('card')).toThrow(off.UnsupportedPaymentError);
    expect(off.methodAvailable('card', 'MYR')).toBe(false);
    expect(off.methodAvailable('fpx', 'MYR')).toBe(false);
    expect(off.methodAvailable('counter', 'MYR')).toBe(true);

    const named = await load({ ...production, PAYMENT_SANDBOX: '1' });
    expect(named.sandboxGatewayOpen()).toBe(true);
    expect(named.paymentProviders({ db }).byName('sandbox')?.name).toBe('sandbox');
    expect(named.methodAvailable('card', 'IDR')).toBe(true);
    expect(named.methodAvailable('fpx', 'IDR')).toBe(false);

    // The embedded demo keeps it; Stripe closes its page.
    expect((await load({ NODE_ENV: 'production' })).sandboxGatewayOpen()).toBe(true);
    expect((await load(stripeVars)).sandboxGatewayOpen()).toBe(false);
  });

  it('refuses a half-done Stripe setup instead of quietly using the sandbox', async () => {
    const { stripeConfigured } = await load({ STRIPE_SECRET_KEY: stripeVars.STRIPE_SECRET_KEY });
    expect(() => stripeConfigured()).toThrow(/STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/);
  });

  it('keeps one sandbox secret per process unless one is configured', async () => {
    const first = await load({});
    expect(first.sandboxSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(first.sandboxSecret()).toBe(first.sandboxSecret());
    const configured = await load({ SANDBOX_WEBHOOK_SECRET: 'configured-secret-0123' });
    expect(configured.sandboxSecret()).toBe('configured-secret-0123');
  });
});
