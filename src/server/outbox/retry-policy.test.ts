import { describe, expect, it } from 'vitest';
import { afterRetryableFailure, MAX_ATTEMPTS, SEND_TIMEOUT_MS, SENDING_LEASE_MS } from './retry-policy';

describe('afterRetryableFailure', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const waitAfter = (attempts: number) => {
    const step = afterRetryableFailure(attempts, now);
    return step.kind === 'retry' ? (step.at.getTime() - now.getTime()) / 1000 : 'fail';
  };

  it('waits 10 s, 30 s, 2 min, 10 min, then gives up after the fifth attempt', () => {
    expect(MAX_ATTEMPTS).toBe(5);
    expect([1, 2, 3, 4, 5].map(waitAfter)).toEqual([10, 30, 120, 600, 'fail']);
    expect(waitAfter(9)).toBe('fail');
  });

  it('lets a send time out long before its lease runs out', () => {
    expect(SEND_TIMEOUT_MS * 4).toBeLessThan(SENDING_LEASE_MS);
  });
});
