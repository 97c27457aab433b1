import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.server';
import { rateLimits } from '../db/schema';
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
}

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
  return { allowed: count <= limit, retryAfterSeconds };
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
