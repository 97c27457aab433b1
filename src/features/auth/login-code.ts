/** One-time login codes (pure rules; the clock and randomness are passed in). */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong guesses allowed per code; the next one burns the code. */
export const MAX_CODE_ATTEMPTS = 3;
/** Codes sent to one phone/email, and requested from one IP, per window. */
export const CODES_PER_DESTINATION = 3;
export const CODES_PER_IP = 10;
export const CODE_WINDOW_MS = 15 * 60 * 1000;

/** A 6-digit code from a uniform random integer in [0, 10^6). */
export function formatCode(random: number): string {
  return String(Math.floor(random) % 10 ** CODE_LENGTH).padStart(CODE_LENGTH, '0');
}

export interface StoredCode {
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

export type CodeState = 'usable' | 'expired' | 'used' | 'exhausted';

export function codeState(code: StoredCode, now: Date): CodeState {
  if (code.consumedAt) return 'used';
  if (code.attempts >= MAX_CODE_ATTEMPTS) return 'exhausted';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

/** What a wrong guess leaves: how many tries remain (0 → the code is burnt). */
export function attemptsLeftAfterWrongGuess(code: StoredCode): number {
  return Math.max(0, MAX_CODE_ATTEMPTS - (code.attempts + 1));
}

/**
 * Where a contact-change code is stored: bound to the customer and kept apart from login codes
 * (stored under the bare destination), so neither kind of code can stand in for the other.
 */
export function contactCodeKey(customerId: string, destination: string): string {
  return `contact:${customerId}:${destination}`;
}
