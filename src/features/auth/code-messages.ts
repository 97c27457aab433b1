import type { MessageKey } from '#i18n/t.ts';
import type { CodeRefusal } from './login-codes.server';

/** What a visitor reads when a one-time code is refused (login and contact change alike). */
export function codeRefusalMessage(refusal: CodeRefusal): { key: MessageKey; params?: { count: number } } {
  switch (refusal.reason) {
    case 'wrong_code':
      return { key: 'auth.wrongCode', params: { count: refusal.attemptsLeft } };
    case 'expired':
      return { key: 'auth.codeExpired' };
    case 'used':
      return { key: 'auth.codeUsed' };
    case 'too_many_attempts':
      return { key: 'auth.tooManyAttempts' };
    case 'no_code':
      return { key: 'auth.noCode' };
  }
}

/** "Try again in N minutes" from a Retry-After in seconds (at least 1). */
export function retryMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** How a destination is shown back to its owner: "+60123456789" or the email. */
export function displayDestination(destination: string, channel: 'phone' | 'email'): string {
  return channel === 'phone' ? `+${destination}` : destination;
}

/** Why a new phone or email cannot be added: it is already this account's, or another's. */
export function contactRefusalMessage(reason: 'unchanged' | 'taken', channel: 'phone' | 'email'): MessageKey {
  if (reason === 'taken') return channel === 'phone' ? 'account.phoneTaken' : 'account.emailTaken';
  return channel === 'phone' ? 'account.phoneUnchanged' : 'account.emailUnchanged';
}
