import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '#db/client.server.ts';
import { log } from '#lib/logger.server.ts';
import { env } from '#server/config.server.ts';
import { sandboxPaymentPath } from '../paths';
import type {
  PaymentProvider,
  PaymentRequest,
  PaymentStart,
  ProviderStatus,
  RefundOutcome,
  SavedChargeOutcome,
  VerifiedEvent,
} from '../provider';
import { assertOnlineMethod } from './method-rules';
import {
  finishSandboxCharge,
  insertSandboxCharge,
  refundSandboxCharge,
  type SandboxCharge,
  sandboxChargeById,
  tenantSandboxCharge,
} from './sandbox-repo.server';
import {
  firstWebhookDelayMs,
  SANDBOX_CHARGE_STATUS,
  SANDBOX_EVENT_TYPES,
  SANDBOX_FAILURE_REASON,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxChoice,
  type SandboxEventBody,
  sandboxEventFrom,
  sandboxOutcome,
  signSandboxPayload,
  verifySandboxSignature,
  WEBHOOK_RETRY_DELAYS_MS,
} from './sandbox-webhook';

// The embedded default gateway (DESIGN.md §5): a hosted page, its own records and signed
// webhooks back to our endpoint, all inside this process, so the whole flow runs offline.

let processSecret: string | undefined;

/**
 * The webhook signing secret: SANDBOX_WEBHOOK_SECRET, else a random one made once per process.
 * The random one is enough because the gateway and the endpoint share the process; several
 * instances behind one address must set the variable, or one instance's webhooks fail on another.
 */
export function sandboxSecret(): string {
  const configured = env().SANDBOX_WEBHOOK_SECRET;
  if (configured) return configured;
  processSecret ??= randomBytes(32).toString('hex');
  return processSecret;
}

/**
 * Where the gateway posts webhooks: our own server on the loopback (Node cannot resolve
 * *.localhost tenant names; the Host header names the tenant), unless SANDBOX_WEBHOOK_URL says.
 */
export function sandboxWebhookUrl(): string {
  return env().SANDBOX_WEBHOOK_URL ?? `http://127.0.0.1:${process.env.PORT || 4321}/api/webhooks/sandbox`;
}

/** Timing of webhook delivery; tests shorten it. */
export interface WebhookTiming {
  /** Wait before the first attempt; random 0–800 ms by default. */
  firstDelayMs?: number;
  /** Waits before each retry; the length is the number of retries. */
  retryDelaysMs?: readonly number[];
}

/** The test card the sandbox keeps after a card payment: off-session charges on it succeed. */
export const SANDBOX_SAVED_CARD = 'pm_sandbox_card';
/** A saved test card that declines every off-session charge (tests and the dev aid set it on a plan). */
export const SANDBOX_DECLINING_CARD = 'pm_sandbox_declines';
export const SANDBOX_DECLINE_REASON = 'Your card was declined (sandbox test card).';

export interface SandboxProviderOptions {
  db: Db;
  secret: string;
  webhookUrl?: string;
  timing?: WebhookTiming;
}

export interface SandboxProvider extends PaymentProvider {
  /** The payer's choice on the hosted page, with this provider's secret and webhook URL. */
  complete(input: {
    tenantId: string;
    chargeId: string;
    choice: SandboxChoice;
    hostHeader: string;
    now?: Date;
  }): Promise<SandboxCompletion>;
}

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const { db, secret } = options;
  return {
    name: 'sandbox',

    async createPayment(request: PaymentRequest): Promise<PaymentStart> {
      assertOnlineMethod('the sandbox gateway', request.method, request.currency);
      await insertSandboxCharge(db, {
        id: request.paymentId,
        tenantId: request.tenantId,
        amount: request.amount,
        currency: request.currency.toUpperCase(),
        method: request.method,
        description: request.description,
        returnUrl: request.returnUrl,
      });
      // The hosted page speaks the payer's language, like a gateway given a locale.
      const path = sandboxPaymentPath(request.locale, request.paymentId);
      const url = `${request.siteOrigin.replace(/\/+$/, '')}${path}`;
      return { kind: 'redirect', url, providerRef: request.paymentId };
    },

    async fetchStatus(payment): Promise<ProviderStatus> {
      const charge = await sandboxChargeById(db, payment.providerRef ?? payment.id);
      // Like a gateway's API answering 404: the payment never reached the gateway.
      if (!charge) throw new Error(`sandbox charge ${payment.id} not found`);
      return {
        ...sandboxOutcome(charge.status),
        charged: { amount: charge.amount, currency: charge.currency },
        amountRefunded: charge.amountRefunded,
      };
    },

    async refund(request): Promise<RefundOutcome> {
      const id = request.payment.providerRef ?? request.payment.id;
      const refunded = await refundSandboxCharge(db, { id, amount: request.amount, now: new Date() });
      if (!refunded) throw new Error(`sandbox charge ${id} cannot be refunded ${request.amount}`);
      return { status: 'succeeded', providerRef: `re_${request.refundId}` };
    },

    async savedMethodOf(payment) {
      const charge = await sandboxChargeById(db, payment.providerRef ?? payment.id);
      if (charge?.method !== 'card' || charge.status !== 'succeeded') return null;
      return { customerRef: `cus_sandbox_${charge.id}`, methodRef: SANDBOX_SAVED_CARD };
    },

    async chargeSaved(request): Promise<SavedChargeOutcome> {
      // The idempotency key is the charge's id: a retried attempt finds its charge and its outcome.
      const id = `saved_${request.idempotencyKey}`;
      const existing = await sandboxChargeById(db, id);
      const charge =
        existing ??
        (await (async () => {
          await insertSandboxCharge(db, {
            id,
            tenantId: request.tenantId,
            amount: request.amount,
            currency: request.currency.toUpperCase(),
            method: 'card',
            description: request.description,
            returnUrl: 'off-session',
          });
          const declines = request.saved.methodRef !== SANDBOX_SAVED_CARD;
          return (
            (await finishSandboxCharge(db, {
              tenantId: request.tenantId,
              id,
              status: declines ? 'failed' : 'succeeded',
              now: new Date(),
            })) ?? (await sandboxChargeById(db, id))
          );
        })());
      if (!charge) throw new Error(`sandbox saved charge ${id} not recorded`);
      if (charge.status === 'succeeded') return { status: 'paid', providerRef: id };
      if (charge.status === 'requires_action') return { status: 'pending', providerRef: id };
      return { status: 'declined', providerRef: id, failureReason: SANDBOX_DECLINE_REASON };
    },

    async parseWebhook({ headers, rawBody }): Promise<VerifiedEvent> {
      verifySandboxSignature(rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), secret, Date.now() / 1000);
      return sandboxEventFrom(rawBody);
    },

    complete(input) {
      return completeSandboxCharge(db, {
        ...input,
        secret,
        webhookUrl: options.webhookUrl ?? sandboxWebhookUrl(),
        ...(options.timing ? { timing: options.timing } : {}),
      });
    },
  };
}

/** A charge as the tenant's hosted page may show it (null for an unknown or another tenant's charge). */
export function findSandboxCharge(db: Db, tenantId: string, chargeId: string): Promise<SandboxCharge | null> {
  // Charge ids are our payment ids (uuids); anything long is not one, and needs no query.
  if (chargeId.length === 0 || chargeId.length > 100) return Promise.resolve(null);
  return tenantSandboxCharge(db, tenantId, chargeId);
}

export interface SandboxCompletion {
  /** The charge after the call; null when the tenant has no such charge. */
  charge: SandboxCharge | null;
  /** True only for the call that moved the charge out of requires_action. */
  changed: boolean;
  /** The webhook's delivery (true once our endpoint answered 2xx); never rejects. Null when nothing changed. */
  webhook: Promise<boolean> | null;
}

/**
 * The payer chose on the hosted page. Finishes the charge at most once, then sends the signed
 * webhook in the background: like a real gateway's, it may arrive before or after the payer's
 * redirect, or (if our endpoint keeps failing) not at all, so callers must not await it.
 */
export async function completeSandboxCharge(
  db: Db,
  input: {
    tenantId: string;
    chargeId: string;
    choice: SandboxChoice;
    secret: string;
    webhookUrl: string;
    /** The tenant's Host header: our endpoint finds the tenant by it. */
    hostHeader: string;
    now?: Date;
    timing?: WebhookTiming;
  },
): Promise<SandboxCompletion> {
  const finished = await finishSandboxCharge(db, {
    tenantId: input.tenantId,
    id: input.chargeId,
    status: SANDBOX_CHARGE_STATUS[input.choice],
    now: input.now ?? new Date(),
  });
  if (!finished) {
    return { charge: await findSandboxCharge(db, input.tenantId, input.chargeId), changed: false, webhook: null };
  }
  const event: SandboxEventBody = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    type: SANDBOX_EVENT_TYPES[input.choice],
    data: {
      paymentId: finished.id,
      amount: finished.amount,
      currency: finished.currency,
      ...(input.choice === 'fail' ? { failureReason: SANDBOX_FAILURE_REASON } : {}),
    },
  };
  const webhook = deliverWebhook({
    url: input.webhookUrl,
    hostHeader: input.hostHeader,
    rawBody: JSON.stringify(event),
    secret: input.secret,
    eventId: event.id,
    firstDelayMs: input.timing?.firstDelayMs ?? firstWebhookDelayMs(),
    retryDelaysMs: input.timing?.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
  });
  return { charge: finished, changed: true, webhook };
}

/** Posts one event until our endpoint answers 2xx or the retries run out. Never rejects. */
async function deliverWebhook(input: {
  url: string;
  hostHeader: string;
  rawBody: string;
  secret: string;
  eventId: string;
  firstDelayMs: number;
  retryDelaysMs: readonly number[];
}): Promise<boolean> {
  const waits = [input.firstDelayMs, ...input.retryDelaysMs];
  for (const [attempt, wait] of waits.entries()) {
    if (wait > 0) await sleep(wait);
    // Signed afresh each attempt: a late retry must still fall inside the endpoint's tolerance.
    const signature = signSandboxPayload(input.rawBody, input.secret, Date.now() / 1000);
    const outcome = await postOnce(input.url, input.hostHeader, input.rawBody, signature).catch((error: unknown) =>
      error instanceof Error ? error.message : String(error),
    );
    if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) return true;
    log.warn('sandbox webhook not accepted', { eventId: input.eventId, attempt: attempt + 1, result: outcome });
  }
  log.error('sandbox webhook gave up', { eventId: input.eventId, attempts: waits.length });
  return false;
}

const POST_TIMEOUT_MS = 10_000;

/** One POST with our own Host header (fetch may not let us set it); resolves with the status code. */
function postOnce(url: string, hostHeader: string, rawBody: string, signature: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: {
          Host: hostHeader,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(rawBody),
          'User-Agent': 'Serambi-Sandbox-Gateway/1',
          [SANDBOX_SIGNATURE_HEADER]: signature,
        },
        timeout: POST_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(rawBody);
  });
}
