import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the maximum, with up to half of it random', () => {
    expect(backoffDelay(0, 500, 30_000, () => 1)).toBe(500);
    expect(backoffDelay(0, 500, 30_000, () => 0)).toBe(250);
    expect(backoffDelay(3, 500, 30_000, () => 1)).toBe(4_000);
    expect(backoffDelay(10, 500, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(1_000, 500, 30_000, () => 0)).toBe(15_000);
  });
});
