import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '#db/client.server.ts';
import type { InvoiceView } from '#features/invoices/index.ts';
import type { Tenant } from '#features/tenants/index.ts';

// The config module caches the environment: each case loads the modules afresh.
async function load(vars: Record<string, string>) {
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) vi.stubEnv(name, '');
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  vi.resetModules();
  return import('./start-payment.server');
}
const stripeVars = {
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};
/** Touching the database at all would throw: a refused choice must record nothing. */
const untouchable = new Proxy(
  {},
  {
    get: () => {
      throw new Error('the database was used');
    },
  },
) as Db;
const context = { tenant: {} as Tenant, locale: 'en' as const, ip: '192.0.2.1', origin: 'https://yayasan.example' };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('paying without JavaScript and Stripe (issue 23)', () => {
  it('with Stripe, card and FPX need JavaScript; the counter never does', async () => {
    const { methodNeedsScript } = await load(stripeVars);
    expect(methodNeedsScript('card')).toBe(true);
    expect(methodNeedsScript('fpx')).toBe(true);
    expect(methodNeedsScript('counter')).toBe(false);
  });
  it('with the sandbox, nothing needs JavaScript', async () => {
    const { methodNeedsScript } = await load({});
    expect(methodNeedsScript('card')).toBe(false);
    expect(methodNeedsScript('fpx')).toBe(false);
  });
  it('a plain form asking for Stripe’s card is refused before anything is recorded', async () => {
    const { startInvoicePayment } = await load(stripeVars);
    const invoice = { kind: 'donation', publicId: 'AB' } as InvoiceView;
    await expect(
      startInvoicePayment(untouchable, context, invoice, { method: 'card', coverFees: false, form: true }),
    ).resolves.toEqual({ ok: false, error: 'needs_script', status: 409 });
  });
});
