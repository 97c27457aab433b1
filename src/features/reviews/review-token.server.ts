import { createHash, randomBytes } from 'node:crypto';

/** A fresh personal-link token (32 random bytes, base64url). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256, hex. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A token as it may appear in a link, else null (no query for anything else). */
export function parseToken(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}
