import { z } from 'zod';
import { log } from '#lib/logger.server.ts';

/** Environment, checked once at boot: a wrong value stops the server with a clear message. */
const EnvFields = z.object({
  NODE_ENV: z.string().default('production'),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Where the embedded database runs: `main`, the server's own thread, or `worker`, a thread of
   * its own (a long statement does not hold up the pages answered meanwhile, at the price of more
   * memory and CPU: decision 0035).
   */
  PGLITE_THREAD: z.enum(['main', 'worker']).default('main'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Host of the analytics script (e.g. a self-hosted Plausible/Umami); off when unset. */
  ANALYTICS_HOST: z.url().optional(),
  /**
   * Seed an empty database with the demo organisations (and their demo staff passwords): on by
   * default for the embedded database, off when DATABASE_URL is set unless DEMO_DATA=1. DEMO_DATA=1
   * also makes a PostgreSQL deployment a demo, not production (see `isProductionDeployment`).
   */
  DEMO_DATA: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  /** The protocol of the organisations' own domains, for absolute links built outside a request (messages). */
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('https'),
  /**
   * Reverse proxies in front of the server that we trust (load balancer, TLS terminator): 0 ignores
   * X-Forwarded-Proto/For; N takes the protocol and client address the Nth proxy from us reports.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^\d{1,2}$/, { message: 'expected the number of trusted proxies (0, 1, 2…)' })
    .default('0')
    .transform(Number),
  /** Shows developer-only pages (component gallery used by the browser tests). */
  SHOW_DEV_PAGES: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  /** Outbox e-mail: an smtp:// or smtps:// URL with credentials inside; e-mails go to the server log when unset. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The From header of outbox e-mails. */
  MAIL_FROM: z.string().min(3).default('Serambi <no-reply@localhost>'),
  /** Outbox SMS through Twilio: on only when the SID, the token and a sender (number or service) are all set. */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/)
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** Sender: an E.164 number (+14155550100) or an alphanumeric sender id. */
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/)
    .optional(),
  /** Twilio's API origin; tests point it at a local stand-in. */
  TWILIO_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.twilio.com'),
  /** `whatsapp` sends the "sms" channel as WhatsApp messages through Twilio. */
  SMS_CHANNEL: z.enum(['sms', 'whatsapp']).default('sms'),
  /**
   * The sandbox gateway (a test page where anyone can mark an invoice paid): on by default for the
   * embedded demo and development, off by default in production (NODE_ENV=production with
   * DATABASE_URL); `1` turns it on, `0` off, whatever the deployment.
   */
  PAYMENT_SANDBOX: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  /** Sandbox gateway webhook signing secret; a random per-process one when unset (set it when running several instances). */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Where the sandbox gateway posts webhooks; default http://127.0.0.1:$PORT/api/webhooks/sandbox. */
  SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Signs the donors' links to manage a recurring gift and open their receipts (HMAC-SHA256).
   * Required in a production deployment (the server refuses to start without it); elsewhere a
   * fixed development secret. Links in sent receipts stop opening if it changes: set it once, keep it.
   */
  DONATION_LINK_SECRET: z.string().min(32).optional(),
  /** Stripe: card and FPX go through Stripe only when all three are set (else the sandbox gateway). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/)
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/)
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/)
    .optional(),
  /** Stripe's API origin; tests and local stand-ins only (default https://api.stripe.com). */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Realtime through Ably (`appId.keyId:secret`); the built-in SSE + LISTEN/NOTIFY when unset. Never sent to browsers. */
  ABLY_API_KEY: z
    .string()
    .regex(/^[\w-]+\.[\w-]+:\S+$/, { message: 'expected appId.keyId:secret' })
    .optional(),
});

/** Stripe takes all three or none: a half-done setup would offer card and FPX, then fail with 500s. */
export const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

const EnvSchema = EnvFields.superRefine((config, context) => {
  // Without it, donors' links would be signed with the development secret, which is in the source.
  if (isProductionDeployment(config) && !config.DONATION_LINK_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['DONATION_LINK_SECRET'],
      message:
        'required in production (NODE_ENV=production with DATABASE_URL): a random secret of at least 32 characters, kept across deploys (it signs the donors’ links)',
    });
  }
  const missing = STRIPE_VARIABLES.filter((name) => !config[name]);
  if (missing.length === 0 || missing.length === STRIPE_VARIABLES.length) return;
  for (const name of missing) {
    context.addIssue({
      code: 'custom',
      path: [name],
      message: `required when any of ${STRIPE_VARIABLES.join(', ')} is set (set all three for Stripe, or none for the sandbox gateway)`,
    });
  }
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * A production deployment: NODE_ENV=production on a real PostgreSQL. The embedded database is the
 * demo, and so is a PostgreSQL seeded on purpose with the demo organisations (DEMO_DATA=1, whose
 * staff passwords are public): there the sandbox gateway and the developer aids work as on the
 * embedded demo, so the PostgreSQL demo command (docs/operations.md) gives a working demo.
 */
export function isProductionDeployment(config: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'DEMO_DATA'>): boolean {
  return config.NODE_ENV === 'production' && config.DATABASE_URL !== undefined && config.DEMO_DATA !== true;
}

/**
 * Whether the sandbox gateway runs: PAYMENT_SANDBOX when set, else on everywhere but in a
 * production deployment, where only an operator who names it turns it on.
 */
export function sandboxEnabled(
  config: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'DEMO_DATA' | 'PAYMENT_SANDBOX'>,
): boolean {
  return config.PAYMENT_SANDBOX ?? !isProductionDeployment(config);
}

/** How card and FPX are taken: Stripe when configured, else the sandbox when on, else not at all. */
export function onlineGateway(config: Env): 'stripe' | 'sandbox' | 'none' {
  if (STRIPE_VARIABLES.every((name) => config[name])) return 'stripe';
  return sandboxEnabled(config) ? 'sandbox' : 'none';
}

/** The start-up line saying how card and FPX payments are taken (no value of any variable). */
export function paymentsBootLine(config: Env): string {
  switch (onlineGateway(config)) {
    case 'stripe':
      return 'payments: card and FPX through Stripe; the sandbox gateway is off';
    case 'sandbox':
      return 'payments: SANDBOX gateway ON: anyone can mark an invoice paid on its test page (demo only; PAYMENT_SANDBOX=0 turns it off, Stripe keys replace it)';
    case 'none':
      return 'payments: no card or FPX gateway (no Stripe keys, sandbox off): only the counter is offered; set STRIPE_* or PAYMENT_SANDBOX=1';
  }
}

let cached: Env | undefined;

/**
 * Checks an environment: the parsed configuration, or an Error naming each wrong or missing
 * variable and what is wrong with it — never a value (values may be secrets).
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means "embedded").
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '' && value !== undefined));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * The boot check: called when the server loads its request pipeline, before it answers anything.
 * A wrong or half-done environment stops the process with the variables named, instead of a
 * server that answers and then fails (Stripe with one key of three served card and FPX, then 500s).
 */
export function checkEnvAtBoot(exit: (code: number) => never = process.exit): void {
  let config: Env;
  try {
    config = env();
  } catch (error) {
    console.error(`serambi: ${error instanceof Error ? error.message : String(error)}`);
    exit(1);
  }
  log.info(paymentsBootLine(config));
  if (config.DATABASE_URL && config.DEMO_DATA) {
    log.warn(
      'DEMO_DATA=1: a demo deployment (public demo passwords, sandbox gateway, developer aids allowed): never in production',
    );
  }
}

/** Development's secret for donation links: anyone with the source could forge them, so production sets its own. */
export const DEV_DONATION_LINK_SECRET = 'serambi-development-donation-link-secret-0001';

/** The secret donation links are signed with (DONATION_LINK_SECRET, else the development one). */
export function donationLinkSecret(): string {
  return env().DONATION_LINK_SECRET ?? DEV_DONATION_LINK_SECRET;
}
