import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { hitRateLimit, hitRateLimits, releaseRateLimitHits } from './rate-limit.server';

describe.each(testDatabaseKinds)('rate limits on %s', (kind) => {
  let database: TestDatabase;
  const now = new Date('2031-01-01T00:00:00Z');
  const window = (limit: number) => ({ limit, windowMs: 60_000 });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lets exactly the limit through when 50 hits arrive at once, and counts each', async () => {
    const hits = await Promise.all(
      Array.from({ length: 50 }, () => hitRateLimit(database.db, 'burst', window(10), now)),
    );
    expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(hits.every((h) => h.retryAfterSeconds === 60)).toBe(true);
    // The next window starts afresh.
    expect((await hitRateLimit(database.db, 'burst', window(10), new Date(now.getTime() + 60_000))).allowed).toBe(true);
  });

  it('counts every limit of a set, refuses when any refuses, and gives the hits back', async () => {
    const limits = [
      ['set:a', window(2)],
      ['set:b', window(5)],
    ] as const;
    const first = await Promise.all(Array.from({ length: 4 }, () => hitRateLimits(database.db, limits, now)));
    expect(first.filter((r) => r.allowed)).toHaveLength(2);
    expect(first.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds === 60)).toBe(true);
    // Both counters saw all four attempts.
    const after = await hitRateLimits(database.db, limits, now);
    expect(after.results.map((r) => r.count)).toEqual([5, 5]);
    await releaseRateLimitHits(database.db, limits, now);
    await releaseRateLimitHits(database.db, limits, now);
    expect((await hitRateLimits(database.db, limits, now)).results.map((r) => r.count)).toEqual([4, 4]);
  });
});
