import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { type ProviderStatus, type VerifiedEvent, WebhookVerificationError } from '../provider';

// The sandbox gateway's webhook contract, shaped like Stripe's: a timestamped HMAC header, a JSON
// event with a unique id. Pure apart from the HMAC, so both ends (gateway and endpoint) share it.

export const SANDBOX_SIGNATURE_HEADER = 'Serambi-Sandbox-Signature';

/** Older (or further in the future) signatures are refused: a captured webhook cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export type SandboxChoice = 'pay' | 'fail' | 'cancel';
export type SandboxChargeStatus = 'requires_action' | 'succeeded' | 'failed' | 'cancelled';

export const SANDBOX_EVENT_TYPES = {
  pay: 'charge.succeeded',
  fail: 'charge.failed',
  cancel: 'charge.cancelled',
} as const satisfies Record<SandboxChoice, string>;

export const SANDBOX_CHARGE_STATUS = {
  pay: 'succeeded',
  fail: 'failed',
  cancel: 'cancelled',
} as const satisfies Record<SandboxChoice, SandboxChargeStatus>;

/** What the gateway tells the payee when the payer chose "Fail" (a gateway's text, not ours to translate). */
export const SANDBOX_FAILURE_REASON = 'The test bank declined the payment (sandbox).';

function hmac(rawBody: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The header value for `rawBody` signed at `nowSeconds`: `t=<unix seconds>,v1=<hex>`. */
export function signSandboxPayload(rawBody: string, secret: string, nowSeconds: number): string {
  const t = Math.floor(nowSeconds);
  return `t=${t},v1=${hmac(rawBody, secret, t)}`;
}

/** Throws WebhookVerificationError unless `header` signs `rawBody` with `secret`, recently. */
export function verifySandboxSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  nowSeconds: number,
): void {
  if (!header) throw new WebhookVerificationError('missing sandbox signature header');
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Several v1 values are allowed, as in Stripe's scheme (secret rotation).
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0)
    throw new WebhookVerificationError('malformed sandbox signature header');
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookVerificationError('sandbox signature timestamp outside the tolerance');
  }
  const expected = Buffer.from(hmac(rawBody, secret, timestamp), 'hex');
  // Equal lengths are guaranteed by the regex, so timingSafeEqual never throws here.
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) throw new WebhookVerificationError('sandbox signature does not match');
}

const Envelope = z.object({
  id: z.string().regex(/^evt_[A-Za-z0-9_]{1,100}$/),
  type: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()),
});

const ChargeData = z.object({
  paymentId: z.string().min(1).max(100),
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  failureReason: z.string().max(500).optional(),
});

export type SandboxEventBody = z.infer<typeof Envelope> & { data: z.infer<typeof ChargeData> };

const OUTCOMES: Record<string, VerifiedEvent['outcome']> = {
  'charge.succeeded': 'paid',
  'charge.failed': 'failed',
  'charge.cancelled': 'cancelled',
};

/** A verified body → the event settlement needs. Throws WebhookVerificationError on a malformed body. */
export function sandboxEventFrom(rawBody: string): VerifiedEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new WebhookVerificationError('sandbox webhook body is not JSON');
  }
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) throw new WebhookVerificationError('sandbox webhook body has the wrong shape');
  const { id, type, data } = envelope.data;
  const outcome = OUTCOMES[type] ?? 'ignored';
  const payload = json as Record<string, unknown>;
  if (outcome === 'ignored') {
    const paymentId = typeof data.paymentId === 'string' ? data.paymentId : null;
    return { provider: 'sandbox', eventId: id, type, paymentId, providerRef: paymentId, outcome, payload };
  }
  const charge = ChargeData.safeParse(data);
  if (!charge.success) throw new WebhookVerificationError('sandbox webhook data has the wrong shape');
  return {
    provider: 'sandbox',
    eventId: id,
    type,
    // The gateway's charge id is our payment id, so both references are the same.
    paymentId: charge.data.paymentId,
    providerRef: charge.data.paymentId,
    outcome,
    // Signed with the rest of the body: settlement compares it with the payment's.
    charged: { amount: charge.data.amount, currency: charge.data.currency },
    ...(outcome === 'failed' ? { failureReason: charge.data.failureReason ?? SANDBOX_FAILURE_REASON } : {}),
    payload,
  };
}

/** The gateway's charge status → where our payment stands. */
export function sandboxOutcome(status: SandboxChargeStatus): ProviderStatus {
  switch (status) {
    case 'requires_action':
      return { status: 'pending' };
    case 'succeeded':
      return { status: 'paid' };
    case 'failed':
      return { status: 'failed', failureReason: SANDBOX_FAILURE_REASON };
    case 'cancelled':
      return { status: 'cancelled' };
  }
}

/** The webhook retry schedule after the first attempt; the endpoint is idempotent, so repeats are harmless. */
export const WEBHOOK_RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000] as const;

/** A real gateway's webhook may beat the redirect or trail it: wait 0–800 ms before the first attempt. */
export function firstWebhookDelayMs(random: () => number = Math.random): number {
  return Math.floor(random() * 800);
}
