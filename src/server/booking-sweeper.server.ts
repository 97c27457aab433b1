import type { Db } from '../db/client.server';
import { sweepBookings } from '../features/booking';
import { errorFields, log } from './logger.server';

const SWEEP_EVERY_MS = 30_000;
let timer: NodeJS.Timeout | undefined;

/**
 * Expires holds past their ten minutes (and undecided requests past their start) every 30 s.
 * New holds also release expired ones in their own transaction, so the sweep only keeps pages and
 * lists honest; it never decides who gets a slot.
 */
export function startBookingSweeper(db: Db): void {
  if (timer) return;
  const run = async () => {
    try {
      const expired = await sweepBookings(db);
      if (expired > 0) log.info('bookings expired', { count: expired });
    } catch (error) {
      log.error('booking sweep failed', errorFields(error));
    } finally {
      timer = setTimeout(run, SWEEP_EVERY_MS);
      timer.unref();
    }
  };
  timer = setTimeout(run, SWEEP_EVERY_MS);
  timer.unref();
}
