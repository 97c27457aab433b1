import { randomUUID } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { log } from '#lib/logger.server.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import { enqueueMessage } from '#server/outbox/index.ts';
import { hitRateLimits } from '#server/rate-limit.server.ts';
import type { CustomerVerifiedEvent } from './auth-events';
import {
  type CustomerRow,
  consumeLoginCode,
  countWrongGuess,
  findOrCreateCustomer,
  insertLoginCode,
  latestLoginCode,
} from './auth-repo.server';
import {
  CODE_TTL_MS,
  CODE_WINDOW_MS,
  CODES_PER_DESTINATION,
  CODES_PER_IP,
  codeState,
  MAX_CODE_ATTEMPTS,
} from './login-code';
import { codeHash, newLoginCode, sha256 } from './tokens.server';

export type Channel = 'phone' | 'email';

export type RequestCodeResult =
  | { ok: true; code: string; expiresAt: Date }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number };

/**
 * Counts one code sent to `destination` and one requested from `ip`. Login codes and
 * contact-change codes share these counters: either way it is a message to that phone or inbox.
 */
async function hitCodeLimits(
  db: Db,
  input: { tenant: Tenant; channel: Channel; destination: string; ip: string },
  now: Date,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  return hitRateLimits(
    db,
    [
      [
        `code:dest:${input.tenant.id}:${input.channel}:${sha256(input.destination)}`,
        { windowMs: CODE_WINDOW_MS, limit: CODES_PER_DESTINATION },
      ],
      [`code:ip:${input.ip}`, { windowMs: CODE_WINDOW_MS, limit: CODES_PER_IP }],
    ],
    now,
  );
}

/**
 * Sends a one-time code to `destination` (rate-limited per destination and per IP). The code row
 * is stored under `codeKey` — the destination itself for a login, a purpose-bound key for a
 * contact change — and its message is queued in the same transaction, so a code is never stored
 * without being sent, or sent unstored.
 */
export async function sendOneTimeCode(
  db: Db,
  input: {
    tenant: Tenant;
    channel: Channel;
    destination: string;
    codeKey: string;
    template: 'login-code' | 'contact-code';
    locale: Locale;
    ip: string;
    now?: Date;
  },
): Promise<RequestCodeResult> {
  const now = input.now ?? new Date();
  const limit = await hitCodeLimits(db, input, now);
  if (!limit.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds };
  const code = newLoginCode();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  await db.transaction(async (tx) => {
    await insertLoginCode(
      tx,
      {
        id,
        tenantId: input.tenant.id,
        channel: input.channel,
        destination: input.codeKey,
        codeHash: codeHash(id, code),
        expiresAt,
      },
      now,
    );
    await enqueueMessage(tx, {
      tenantId: input.tenant.id,
      channel: input.channel === 'phone' ? 'sms' : 'email',
      destination: input.destination,
      locale: input.locale,
      template: input.template,
      payload: { code, organisation: input.tenant.name, minutes: CODE_TTL_MS / 60_000 },
    });
  });
  return { ok: true, code, expiresAt };
}

export type CodeRefusal =
  | { ok: false; reason: 'no_code' | 'expired' | 'used' | 'too_many_attempts' }
  | { ok: false; reason: 'wrong_code'; attemptsLeft: number };

/** Checks a code stored under `codeKey`: a few tries, then it is burnt; a right code works once. */
export async function checkOneTimeCode(
  db: Db,
  input: { tenantId: string; channel: Channel; codeKey: string; code: string; now: Date },
): Promise<{ ok: true } | CodeRefusal> {
  const stored = await latestLoginCode(db, input.tenantId, input.channel, input.codeKey);
  if (!stored) return { ok: false, reason: 'no_code' };
  const state = codeState(stored, input.now);
  if (state === 'expired') return { ok: false, reason: 'expired' };
  if (state === 'used') return { ok: false, reason: 'used' };
  if (state === 'exhausted') return { ok: false, reason: 'too_many_attempts' };

  if (codeHash(stored.id, input.code) !== stored.codeHash) {
    const used = await countWrongGuess(db, input.tenantId, stored.id);
    const left = used === null ? 0 : MAX_CODE_ATTEMPTS - used;
    return left > 0
      ? { ok: false, reason: 'wrong_code', attemptsLeft: left }
      : { ok: false, reason: 'too_many_attempts' };
  }
  if (!(await consumeLoginCode(db, input.tenantId, stored.id, input.now))) return { ok: false, reason: 'used' };
  return { ok: true };
}

/**
 * Sends a login code. Returns the code itself only so development can show it; callers never
 * send it to a browser otherwise.
 */
export function requestLoginCode(
  db: Db,
  input: { tenant: Tenant; channel: Channel; destination: string; locale: Locale; ip: string; now?: Date },
): Promise<RequestCodeResult> {
  return sendOneTimeCode(db, { ...input, codeKey: input.destination, template: 'login-code' });
}

export type VerifyCodeResult = { ok: true; customer: CustomerRow } | CodeRefusal;

/** Checks a login code: a few tries, then the code is burnt; a right code logs in at most once. */
export async function verifyLoginCode(
  db: Db,
  input: { tenant: Tenant; channel: Channel; destination: string; code: string; locale: Locale; now?: Date },
): Promise<VerifyCodeResult> {
  const checked = await checkOneTimeCode(db, {
    tenantId: input.tenant.id,
    channel: input.channel,
    codeKey: input.destination,
    code: input.code,
    now: input.now ?? new Date(),
  });
  if (!checked.ok) return checked;
  const contact = input.channel === 'phone' ? { phone: input.destination } : { email: input.destination };
  let afterCommit: AfterCommit[] = [];
  const customer = await db.transaction(async (tx) => {
    const found = await findOrCreateCustomer(tx, input.tenant.id, contact, input.locale);
    afterCommit = await events.emit(tx, 'customer.verified', verifiedContact(input.tenant.id, found.id, contact));
    return found;
  });
  await runAfterCommit(afterCommit, (error) => log.warn('after-login effect failed', { error: String(error) }));
  return { ok: true, customer };
}

/** The event payload for a contact a customer just proved to be theirs. */
export function verifiedContact(
  tenantId: string,
  customerId: string,
  contact: { phone?: string; email?: string },
): CustomerVerifiedEvent {
  return { tenantId, customerId, phone: contact.phone ?? null, email: contact.email ?? null };
}
