import type { Channel } from './message';

/**
 * Enough of a destination to tell messages apart in a log, not enough to contact anyone:
 * 60123456789 → 60******789, ali@example.com → a***@example.com.
 */
export function maskDestination(channel: Channel, destination: string): string {
  return channel === 'email' ? maskEmail(destination) : maskPhone(destination);
}

function maskPhone(phone: string): string {
  const plus = phone.startsWith('+') ? '+' : '';
  const digits = phone.slice(plus.length);
  if (digits.length < 7) return plus + '*'.repeat(Math.max(digits.length - 2, 0)) + digits.slice(-2);
  return plus + digits.slice(0, 2) + '*'.repeat(digits.length - 5) + digits.slice(-3);
}

function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** Replaces every known secret in a text (error messages may echo URLs, tokens or headers). */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let redacted = text;
  // Longest first, so a secret that contains another is removed whole.
  const known = secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4);
  for (const secret of known.sort((a, b) => b.length - a.length)) {
    redacted = redacted.split(secret).join('[redacted]');
  }
  return redacted;
}
