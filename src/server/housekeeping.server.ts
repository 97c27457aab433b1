import type { Db } from '../db/client.server';
import { sweepExpiredAuth } from '../features/auth';
import { errorFields, log } from './logger.server';
import { RATE_LIMIT_MAX_WINDOW_MS, sweepRateLimits } from './rate-limit.server';

const SWEEP_EVERY_MS = 10 * 60_000;
let timer: NodeJS.Timeout | undefined;

export interface HousekeepingResult {
  sessions: number;
  codes: number;
  rateLimits: number;
}

/**
 * Deletes what can never count again: expired sessions, long-expired login codes, and rate-limit
 * windows older than the longest window. Safe on every instance at once (plain deletes).
 */
export async function runHousekeeping(db: Db, now = new Date()): Promise<HousekeepingResult> {
  const auth = await sweepExpiredAuth(db, now);
  const rateLimits = await sweepRateLimits(db, new Date(now.getTime() - RATE_LIMIT_MAX_WINDOW_MS));
  return { ...auth, rateLimits };
}

/** Runs the housekeeping every ten minutes (and shortly after start). */
export function startHousekeeping(db: Db): void {
  if (timer) return;
  const run = async () => {
    try {
      const removed = await runHousekeeping(db);
      if (removed.sessions + removed.codes + removed.rateLimits > 0) log.info('housekeeping', { ...removed });
    } catch (error) {
      log.error('housekeeping failed', errorFields(error));
    } finally {
      timer = setTimeout(run, SWEEP_EVERY_MS);
      timer.unref();
    }
  };
  timer = setTimeout(run, 60_000);
  timer.unref();
}
