// TV display codes (issue 16): staff create and revoke them; a board opens with one.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.server';
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
