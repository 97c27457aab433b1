// TV display codes (issue 16): staff create and revoke them; a board opens with one.
import { randomBytes } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { hitRateLimit, releaseRateLimitHit } from '#server/rate-limit.server.ts';
import { DISPLAY_CODE_GUESSES } from './kiosk-rules';
import * as repo from './queue-repo.server';

// ── Displays ─────────────────────────────────────────────────────────────────────────────────

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A display code: 10 characters without look-alikes (0/O, 1/I), ~50 bits. */
export function newDisplayCode(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export const DISPLAY_CODE = /^[A-Z2-9]{10}$/;

export function createDisplay(db: Db, tenantId: string, label: string) {
  return repo.insertDisplay(db, tenantId, newDisplayCode(), label.slice(0, 60));
}

export function revokeDisplay(db: Db, tenantId: string, displayId: string, now = new Date()) {
  return repo.revokeDisplay(db, tenantId, displayId, now);
}

export function listDisplays(db: Db, tenantId: string) {
  return repo.listDisplays(db, tenantId);
}

/** The display a code opens, or null (unknown, revoked, malformed). */
export async function findDisplay(db: Db, tenantId: string, code: string | null | undefined) {
  const clean = (code ?? '').trim().toUpperCase();
  if (!DISPLAY_CODE.test(clean)) return null;
  return repo.findLiveDisplay(db, tenantId, clean);
}

export type OpenedDisplay =
  /** No code was given (the page asks for one). */
  | { kind: 'none' }
  | { kind: 'open'; display: NonNullable<Awaited<ReturnType<typeof findDisplay>>> }
  /** Unknown, revoked or malformed: 403 on the board, 404 on the kiosk. */
  | { kind: 'bad' }
  /** Too many wrong codes from this address: 429, whatever the code. */
  | { kind: 'limited'; retryAfterSeconds: number };

/**
 * A display code from a request (/qtv, the kiosk, the board's state), limited per address: each
 * attempt is counted first (so concurrent guesses cannot slip under the limit) and given back when
 * the code is right, so only wrong codes add up. Past DISPLAY_CODE_GUESSES wrong ones every code
 * from the address is refused until the window ends — a right guess included, so guessing learns nothing.
 */
export async function openDisplay(
  db: Db,
  input: { tenantId: string; code: string | null; ip: string; now?: Date },
): Promise<OpenedDisplay> {
  if (input.code === null) return { kind: 'none' };
  const now = input.now ?? new Date();
  const key = `display-code:${input.ip}`;
  const hit = await hitRateLimit(db, key, DISPLAY_CODE_GUESSES, now);
  if (!hit.allowed) return { kind: 'limited', retryAfterSeconds: hit.retryAfterSeconds };
  const display = await findDisplay(db, input.tenantId, input.code);
  if (!display) return { kind: 'bad' };
  await releaseRateLimitHit(db, key, DISPLAY_CODE_GUESSES, now);
  return { kind: 'open', display };
}
