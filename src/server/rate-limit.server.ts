import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { rateLimits } from '#db/schema/index.ts';
import type { RecurringJob } from './jobs';

/** The longest window a rate limit may use: rows older than this are swept away. */
export const RATE_LIMIT_MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (when refused). */
  retryAfterSeconds: number;
  /** Hits counted in this window so far, this one included. */
  count: number;
}

/** A limit on one key: `[key, limit]`. */
export type KeyedRateLimit = readonly [key: string, limit: RateLimit];

/**
 * Counts one hit against `key` in its fixed window, in the database so every instance shares it.
 * A single upsert: concurrent hits cannot both slip under the limit.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  { limit, windowMs }: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  if (windowMs > RATE_LIMIT_MAX_WINDOW_MS) throw new Error('rate limit window longer than the sweep keeps rows');
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: count <= limit, retryAfterSeconds, count };
}

/**
 * Counts one hit against each of several limits (per account, per address, per tenant…), every
 * one of them even when an earlier one refuses, so the counters agree on what was attempted.
 * Allowed only when all allow; when refused, the retry waits for the last window to end.
 */
export async function hitRateLimits(
  db: Db,
  limits: readonly KeyedRateLimit[],
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number; results: RateLimitResult[] }> {
  const results: RateLimitResult[] = [];
  for (const [key, limit] of limits) results.push(await hitRateLimit(db, key, limit, now));
  const refused = results.filter((r) => !r.allowed);
  return {
    allowed: refused.length === 0,
    retryAfterSeconds: Math.max(0, ...refused.map((r) => r.retryAfterSeconds)),
    results,
  };
}

/**
 * Gives back one hit counted in the current window, for limits that should count only failures
 * (a right password): hitting first keeps concurrent attempts from slipping under the limit.
 */
export async function releaseRateLimitHit(
  db: Db,
  key: string,
  { windowMs }: Pick<RateLimit, 'windowMs'>,
  now = new Date(),
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

/** Gives back one hit on each of several limits (see hitRateLimits). */
export async function releaseRateLimitHits(db: Db, limits: readonly KeyedRateLimit[], now = new Date()): Promise<void> {
  for (const [key, limit] of limits) await releaseRateLimitHit(db, key, limit, now);
}

/** Old windows are useless; a periodic sweep (src/server/housekeeping.server.ts) keeps the table small. */
export async function sweepRateLimits(db: Db, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, olderThan))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/** Rate-limit windows older than the longest window can never count again: deleted every ten minutes. */
export const rateLimitJobs: readonly RecurringJob[] = [
  {
    name: 'platform.sweep-rate-limits',
    cron: '*/10 * * * *',
    run: async ({ db, now }) => ({
      rateLimits: await sweepRateLimits(db, new Date(now.getTime() - RATE_LIMIT_MAX_WINDOW_MS)),
    }),
  },
];
