import type { RecurringJob } from '#server/jobs/index.ts';
import { runDueInstalments } from './instalments.server';

/**
 * Recurring gifts' instalments, every 15 minutes: each run charges (card) or invoices (online
 * banking, counter) every instalment due by its tenant's day and not yet done — so a run missed
 * while no instance was up is made good by the next — each at most once (runOnce).
 */
export const donationJobs: readonly RecurringJob[] = [
  {
    name: 'donations.charge-instalments',
    cron: '*/15 * * * *',
    run: async ({ db, now }) => ({ ...(await runDueInstalments(db, now)) }),
  },
];
