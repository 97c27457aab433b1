import { describe, expect, it, vi } from 'vitest';
import {
  checkEnvAtBoot,
  isProductionDeployment,
  onlineGateway,
  parseEnv,
  paymentsBootLine,
  sandboxEnabled,
} from './config.server';

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_51SecretValueNeverShown',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51PublishableValueNeverShown',
  STRIPE_WEBHOOK_SECRET: 'whsec_WebhookValueNeverShown',
};

function problem(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

const postgres = {
  DATABASE_URL: 'postgres://app@db.internal:5432/serambi',
  DONATION_LINK_SECRET: 'a-production-secret-of-32-characters-or-more',
};

describe('the sandbox gateway rule', () => {
  it('is on for the embedded demo and development, off in production on PostgreSQL', () => {
    // `npm start` on the embedded database: NODE_ENV defaults to production, still the demo.
    expect(sandboxEnabled(parseEnv({}))).toBe(true);
    expect(sandboxEnabled(parseEnv({ NODE_ENV: 'development', ...postgres }))).toBe(true);
    expect(sandboxEnabled(parseEnv({ NODE_ENV: 'production', ...postgres }))).toBe(false);
    expect(sandboxEnabled(parseEnv({ ...postgres }))).toBe(false);
  });

  it('is on for the README’s PostgreSQL demo (DEMO_DATA=1, NODE_ENV unset), unless PAYMENT_SANDBOX=0', () => {
    const demo = { DATABASE_URL: postgres.DATABASE_URL, DEMO_DATA: '1' };
    expect(isProductionDeployment(parseEnv(demo))).toBe(false);
    expect(sandboxEnabled(parseEnv(demo))).toBe(true);
    expect(onlineGateway(parseEnv(demo))).toBe('sandbox');
    expect(sandboxEnabled(parseEnv({ ...demo, PAYMENT_SANDBOX: '0' }))).toBe(false);
    // A demo needs no DONATION_LINK_SECRET; DEMO_DATA=0 is production again.
    expect(() => parseEnv(demo)).not.toThrow();
    expect(isProductionDeployment(parseEnv({ ...postgres, DEMO_DATA: '0' }))).toBe(true);
    expect(sandboxEnabled(parseEnv({ ...postgres, DEMO_DATA: '0' }))).toBe(false);
  });

  it('follows PAYMENT_SANDBOX when the operator names it, either way', () => {
    expect(sandboxEnabled(parseEnv({ ...postgres, PAYMENT_SANDBOX: '1' }))).toBe(true);
    expect(sandboxEnabled(parseEnv({ ...postgres, PAYMENT_SANDBOX: 'true' }))).toBe(true);
    expect(sandboxEnabled(parseEnv({ PAYMENT_SANDBOX: '0' }))).toBe(false);
    expect(sandboxEnabled(parseEnv({ PAYMENT_SANDBOX: 'false' }))).toBe(false);
    expect(problem({ PAYMENT_SANDBOX: 'yes' })).toMatch(/^\s*PAYMENT_SANDBOX:/m);
  });

  it('says at start-up how card and FPX are taken', () => {
    expect(onlineGateway(parseEnv({}))).toBe('sandbox');
    expect(paymentsBootLine(parseEnv({}))).toContain('SANDBOX gateway ON');
    expect(onlineGateway(parseEnv({ ...postgres }))).toBe('none');
    expect(paymentsBootLine(parseEnv({ ...postgres }))).toContain('only the counter');
    expect(onlineGateway(parseEnv({ ...postgres, ...stripe }))).toBe('stripe');
    expect(onlineGateway(parseEnv({ ...stripe, PAYMENT_SANDBOX: '1' }))).toBe('stripe');
    for (const line of [parseEnv({}), parseEnv({ ...postgres, ...stripe })].map(paymentsBootLine)) {
      for (const value of [...Object.values(stripe), postgres.DATABASE_URL]) expect(line).not.toContain(value);
    }
  });

  it('logs that line once the configuration is checked', async () => {
    // A fresh module: its cached environment must not leak into the other cases.
    vi.resetModules();
    const fresh = await import('./config.server');
    const before = { ...process.env };
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => lines.push(String(chunk)) > 0) as typeof process.stdout.write;
    try {
      fresh.checkEnvAtBoot((code: number): never => {
        throw new Error(`exit ${code}`);
      });
    } finally {
      process.stdout.write = write;
      process.env = before;
      vi.resetModules();
    }
    expect(lines.filter((l) => l.includes('"payments: '))).toHaveLength(1);
  });
});

describe('the environment check', () => {
  it('takes Stripe with all three variables, or none', () => {
    expect(parseEnv({ ...stripe }).STRIPE_SECRET_KEY).toBe(stripe.STRIPE_SECRET_KEY);
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    // Empty means unset.
    expect(parseEnv({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' })).toBeTruthy();
  });

  it('refuses a half-done Stripe setup, naming the missing variables and no value', () => {
    const onlySecret = problem({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY });
    expect(onlySecret).toContain('STRIPE_PUBLISHABLE_KEY');
    expect(onlySecret).toContain('STRIPE_WEBHOOK_SECRET');
    expect(onlySecret).not.toMatch(/^\s*STRIPE_SECRET_KEY:/m);
    expect(onlySecret).not.toContain('SecretValueNeverShown');

    const noWebhook = problem({
      STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: stripe.STRIPE_PUBLISHABLE_KEY,
    });
    expect(noWebhook).toMatch(/^\s*STRIPE_WEBHOOK_SECRET:/m);
    expect(noWebhook).not.toMatch(/^\s*STRIPE_PUBLISHABLE_KEY:/m);
    for (const value of Object.values(stripe)) expect(noWebhook).not.toContain(value);
  });

  it('refuses malformed Stripe and Ably values by name only', () => {
    const wrongKey = problem({ ...stripe, STRIPE_SECRET_KEY: 'pk_live_swappedKeyValue' });
    expect(wrongKey).toMatch(/^\s*STRIPE_SECRET_KEY:/m);
    expect(wrongKey).not.toContain('swappedKeyValue');
    const ably = problem({ ABLY_API_KEY: 'justasecretwithoutshape' });
    expect(ably).toContain('ABLY_API_KEY: expected appId.keyId:secret');
    expect(ably).not.toContain('justasecretwithoutshape');
    expect(parseEnv({ ABLY_API_KEY: 'app1.key1:s3cr3t' }).ABLY_API_KEY).toBe('app1.key1:s3cr3t');
  });

  it('refuses to start in production without DONATION_LINK_SECRET, naming it (never signing with the source’s secret)', () => {
    const missing = problem({ DATABASE_URL: postgres.DATABASE_URL, NODE_ENV: 'production' });
    expect(missing).toMatch(/^\s*DONATION_LINK_SECRET: required in production/m);
    expect(problem({ DATABASE_URL: postgres.DATABASE_URL })).toMatch(/^\s*DONATION_LINK_SECRET:/m);
    expect(problem({ ...postgres, DONATION_LINK_SECRET: 'short' })).toMatch(/^\s*DONATION_LINK_SECRET:/m);
    expect(parseEnv({ ...postgres }).DONATION_LINK_SECRET).toBe(postgres.DONATION_LINK_SECRET);
    // The embedded demo and development still start without it, on the development secret.
    expect(parseEnv({}).DONATION_LINK_SECRET).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: postgres.DATABASE_URL, NODE_ENV: 'development' })).toBeTruthy();
    const before = { ...process.env };
    const errors: unknown[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      process.env.NODE_ENV = 'production';
      process.env.DATABASE_URL = postgres.DATABASE_URL;
      delete process.env.DONATION_LINK_SECRET;
      delete process.env.DEMO_DATA;
      expect(() =>
        checkEnvAtBoot((code: number): never => {
          throw new Error(`exit ${code}`);
        }),
      ).toThrow('exit 1');
      expect(String(errors[0])).toContain('DONATION_LINK_SECRET');
    } finally {
      console.error = originalError;
      process.env = before;
    }
  });

  it('stops the process at boot when the configuration is wrong', () => {
    const before = { ...process.env };
    const errors: unknown[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      process.env.STRIPE_SECRET_KEY = stripe.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_PUBLISHABLE_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
      const exit = (code: number): never => {
        throw new Error(`exit ${code}`);
      };
      expect(() => checkEnvAtBoot(exit)).toThrow('exit 1');
      expect(String(errors[0])).toContain('STRIPE_WEBHOOK_SECRET');
      expect(String(errors[0])).not.toContain(stripe.STRIPE_SECRET_KEY);
    } finally {
      console.error = originalError;
      process.env = before;
    }
  });
});
