/**
 * When to try a failed message again. Five attempts in all, about 13 minutes from first to last:
 * long enough to ride out a provider's hiccup, short enough that a login code still matters.
 */
export const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A worker that has not finished a message by then is taken for crashed, and the message is sent again. */
export const SENDING_LEASE_MS = 5 * 60_000;

/** One send may take this long before it counts as a (retryable) failure; well inside the lease. */
export const SEND_TIMEOUT_MS = 30_000;

export type NextStep = { kind: 'retry'; at: Date } | { kind: 'fail' };

/** After the `attempts`-th attempt failed with a retryable error: wait, or give up. */
export function afterRetryableFailure(attempts: number, now: Date): NextStep {
  if (attempts >= MAX_ATTEMPTS) return { kind: 'fail' };
  const delay = RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
  return { kind: 'retry', at: new Date(now.getTime() + delay) };
}
