import type { RecurringJob } from '#server/jobs/index.ts';
import { sendDueInvitations } from './invitations.server';

/**
 * Review invitations due after the tenant's delay, every 5 minutes: each run sends (or skips) every
 * invitation due by its `now`, each once (row lock + status), so a missed run is caught up.
 */
export const reviewJobs: readonly RecurringJob[] = [
  {
    name: 'reviews.send-invitations',
    cron: '*/5 * * * *',
    run: async ({ db, now }) => ({ ...(await sendDueInvitations(db, now)) }),
  },
];
