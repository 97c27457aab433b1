import type { RecurringJob } from '#server/jobs/index.ts';
import { sweepExpiredAuth } from './sessions.server';

/** Expired sessions and long-expired login codes are deleted every ten minutes (plain deletes). */
export const authJobs: readonly RecurringJob[] = [
  {
    name: 'auth.sweep-expired',
    cron: '*/10 * * * *',
    run: async ({ db, now }) => ({ ...(await sweepExpiredAuth(db, now)) }),
  },
];
