import { describe, expect, it } from 'vitest';
import { AvailabilityCache } from './availability-cache';

const feed = (body: string) => ({ body, etag: `W/"${body}"` });

describe('the availability cache', () => {
  it('serves an entry until its time to live or the moment the clock changes the answer', () => {
    const cache = new AvailabilityCache({ ttlMs: 10_000, maxEntries: 10 });
    expect(cache.set('t1', 'a', feed('A'), cache.begin('t1'), { now: 0, validUntil: Number.POSITIVE_INFINITY })).toBe(
      true,
    );
    expect(cache.get('a', 9_999)?.body).toBe('A');
    expect(cache.get('a', 10_000)).toBeUndefined();
    cache.set('t1', 'b', feed('B'), cache.begin('t1'), { now: 0, validUntil: 4_000 });
    expect(cache.get('b', 3_999)?.body).toBe('B');
    expect(cache.get('b', 4_000)).toBeUndefined();
    // Already outdated by the clock: not stored at all.
    expect(cache.set('t1', 'c', feed('C'), cache.begin('t1'), { now: 5_000, validUntil: 5_000 })).toBe(false);
    expect(cache.get('c', 5_000)).toBeUndefined();
  });

  it('drops all of a tenant’s entries on a change, and only that tenant’s', () => {
    const cache = new AvailabilityCache({ ttlMs: 10_000, maxEntries: 10 });
    const times = { now: 0, validUntil: Number.POSITIVE_INFINITY };
    cache.set('t1', 't1|s1', feed('1'), cache.begin('t1'), times);
    cache.set('t1', 't1|s2', feed('2'), cache.begin('t1'), times);
    cache.set('t2', 't2|s1', feed('3'), cache.begin('t2'), times);
    cache.invalidate('t1');
    expect(cache.get('t1|s1', 1)).toBeUndefined();
    expect(cache.get('t1|s2', 1)).toBeUndefined();
    expect(cache.get('t2|s1', 1)?.body).toBe('3');
  });

  it('refuses an answer computed from data read before a change it did not see', () => {
    const cache = new AvailabilityCache({ ttlMs: 10_000, maxEntries: 10 });
    const times = { now: 0, validUntil: Number.POSITIVE_INFINITY };
    const reader = cache.begin('t1');
    const otherTenant = cache.begin('t2');
    cache.invalidate('t1'); // a booking committed while the reader was computing
    expect(cache.set('t1', 'a', feed('stale'), reader, times)).toBe(false);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.set('t2', 'b', feed('fine'), otherTenant, times)).toBe(true);
    // clear() outdates every reader, even of a tenant never seen before.
    const unseen = cache.begin('t3');
    cache.clear();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.set('t3', 'c', feed('late'), unseen, times)).toBe(false);
    expect(cache.set('t3', 'c', feed('new'), cache.begin('t3'), times)).toBe(true);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new AvailabilityCache({ ttlMs: 10_000, maxEntries: 2 });
    const times = { now: 0, validUntil: Number.POSITIVE_INFINITY };
    for (const key of ['a', 'b', 'c']) cache.set('t', key, feed(key), cache.begin('t'), times);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.body).toBe('c');
  });
});
