// When a request that carries an idempotency key may be sent again, and after how long. Pure:
// apiCallRetrying (api-retry.ts) asks it after each failed attempt. A browser never repeats a POST whose
// connection was reset; under a rush that loses a donor's "Pay". A request with a key is safe to
// repeat (the server answers the same payment for the same key), so the island does it itself:
//   - no answer at all (connection reset, offline, timeout)       → again, after a backoff
//   - 503 or 429 with a short Retry-After (the server is busy)    → again, after Retry-After
//   - anything else (a refusal, a long Retry-After, no Retry-After) → never: the visitor reads it
// Backoff is exponential with jitter (half fixed, half random) so that donors cut off together
// do not all come back at the same instant.

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The backoff before the second attempt; doubled before each next one. */
  baseMs: number;
  /** No backoff is longer than this. */
  capMs: number;
  /** A Retry-After longer than this is the server's "not now": shown, not waited for. */
  maxRetryAfterMs: number;
}

/** The payment start's: four attempts within about 4 s of backoff, Retry-After up to 10 s. */
export const IDEMPOTENT_POST_RETRY: RetryPolicy = { attempts: 4, baseMs: 400, capMs: 3_000, maxRetryAfterMs: 10_000 };

/** What an attempt came back with: apiCall's status and kind, and the answer's Retry-After. */
export interface AttemptOutcome {
  /** 0 when no answer came. */
  status: number;
  kind: 'http' | 'network' | 'invalid';
  /** The answer's Retry-After, in seconds, when it had one. */
  retryAfterSeconds?: number | undefined;
}

/** The backoff before attempt `attempt + 1`: within [half, whole] of base·2^(attempt−1), capped. */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const whole = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(whole / 2 + (whole / 2) * random());
}

/**
 * How long to wait before sending again after attempt number `attempt` (1 = the first) came back
 * with `outcome`; null when it must not be sent again.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  outcome: AttemptOutcome,
  random: () => number = Math.random,
): number | null {
  if (attempt >= policy.attempts) return null;
  if (outcome.kind === 'network') return backoffMs(policy, attempt, random);
  if (outcome.kind !== 'http' || (outcome.status !== 503 && outcome.status !== 429)) return null;
  if (outcome.retryAfterSeconds === undefined) return null;
  const asked = outcome.retryAfterSeconds * 1000;
  if (asked > policy.maxRetryAfterMs) return null;
  // Never sooner than the server asked; a little jitter on top spreads the returning crowd.
  return Math.round(asked + (policy.baseMs / 2) * random());
}

/** Retry-After in seconds (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterSecondsOf(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10);
  // An HTTP date names its day and month ("Sat, 28 Nov 2026 10:00:05 GMT"); "-1" is no date.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
