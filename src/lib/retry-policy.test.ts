import { describe, expect, it } from 'vitest';
import { backoffMs, IDEMPOTENT_POST_RETRY, type RetryPolicy, retryAfterSecondsOf, retryDelayMs } from './retry-policy';

const policy: RetryPolicy = { attempts: 4, baseMs: 400, capMs: 3_000, maxRetryAfterMs: 10_000 };
const network = { status: 0, kind: 'network' as const };
const lowest = () => 0;
const highest = () => 0.999_999;

describe('when a keyed request is sent again', () => {
  it('repeats after no answer at all, until the attempts are used up', () => {
    const delays = [1, 2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt, network));
    expect(delays.slice(0, 3).every((delay) => typeof delay === 'number')).toBe(true);
    expect(delays.slice(3)).toEqual([null, null]);
  });

  it('repeats a busy server’s 503 or 429 after the Retry-After it asked for, never sooner', () => {
    for (const status of [503, 429]) {
      const busy = { status, kind: 'http' as const, retryAfterSeconds: 2 };
      expect(retryDelayMs(policy, 1, busy, lowest)).toBe(2_000);
      const latest = retryDelayMs(policy, 1, busy, highest) ?? 0;
      expect(latest).toBeGreaterThanOrEqual(2_000);
      expect(latest).toBeLessThanOrEqual(2_000 + policy.baseMs / 2);
    }
  });

  it('shows, without repeating, a Retry-After longer than it will wait (the payment limit’s minutes)', () => {
    expect(retryDelayMs(policy, 1, { status: 429, kind: 'http', retryAfterSeconds: 11 })).toBeNull();
    expect(retryDelayMs(policy, 1, { status: 429, kind: 'http', retryAfterSeconds: 600 })).toBeNull();
  });

  it('never repeats an answer: a refusal, a server error, a 503 without Retry-After, an unreadable body', () => {
    for (const outcome of [
      { status: 400, kind: 'http' as const },
      { status: 409, kind: 'http' as const },
      { status: 500, kind: 'http' as const },
      { status: 500, kind: 'http' as const, retryAfterSeconds: 1 },
      { status: 503, kind: 'http' as const },
      { status: 429, kind: 'http' as const },
      { status: 200, kind: 'invalid' as const },
    ]) {
      expect(retryDelayMs(policy, 1, outcome)).toBeNull();
    }
  });

  it('backs off exponentially within [half, whole] of base·2^(n−1), capped', () => {
    for (const [attempt, whole] of [
      [1, 400],
      [2, 800],
      [3, 1_600],
      [4, 3_000],
      [9, 3_000],
    ] as const) {
      expect(backoffMs(policy, attempt, lowest)).toBe(whole / 2);
      expect(backoffMs(policy, attempt, highest)).toBe(whole);
      const random = backoffMs(policy, attempt);
      expect(random).toBeGreaterThanOrEqual(whole / 2);
      expect(random).toBeLessThanOrEqual(whole);
    }
  });

  it('waits in all at most a few seconds with the payment start’s policy', () => {
    let total = 0;
    for (let attempt = 1; attempt < IDEMPOTENT_POST_RETRY.attempts; attempt += 1) {
      total += retryDelayMs(IDEMPOTENT_POST_RETRY, attempt, network, highest) ?? 0;
    }
    expect(total).toBeLessThanOrEqual(5_000);
    expect(retryDelayMs(IDEMPOTENT_POST_RETRY, IDEMPOTENT_POST_RETRY.attempts, network)).toBeNull();
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(retryAfterSecondsOf('3', now)).toBe(3);
    expect(retryAfterSecondsOf(' 0 ', now)).toBe(0);
    expect(retryAfterSecondsOf('Sat, 28 Nov 2026 10:00:05 GMT', now)).toBe(5);
    expect(retryAfterSecondsOf('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSecondsOf(null, now)).toBeUndefined();
    expect(retryAfterSecondsOf('', now)).toBeUndefined();
    expect(retryAfterSecondsOf('soon', now)).toBeUndefined();
    expect(retryAfterSecondsOf('-1', now)).toBeUndefined();
  });
});
