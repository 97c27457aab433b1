import type { RecurringJob } from '#server/jobs/index.ts';
import { sendDailyDigests } from './fundraiser-messages.server';

/** Fundraisers' daily digest of gifts (for those who chose it), hourly so a missed run catches up. */
export const fundraiserJobs: readonly RecurringJob[] = [
  {
    name: 'fundraisers.daily-digest',
    cron: '5 * * * *',
    run: async ({ db, now }) => ({ ...(await sendDailyDigests(db, now)) }),
  },
];
