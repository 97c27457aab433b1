import type { RecurringJob } from '#server/jobs/index.ts';
import { sweepBookings } from './booking-lifecycle.server';

/**
 * Holds past their ten minutes and requests past their start stop blocking, every minute. New
 * holds also release expired ones in their own transaction, so the sweep only keeps pages and
 * lists honest; it never decides who gets a slot.
 */
export const bookingJobs: readonly RecurringJob[] = [
  {
    name: 'booking.sweep-expired',
    cron: '* * * * *',
    run: async ({ db, now }) => ({ expired: await sweepBookings(db, now) }),
  },
];
