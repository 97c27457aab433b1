import type { Db } from '#db/client.server.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { type RecurringJob, runOnce } from '#server/jobs/index.ts';
import { closeEarlierDays } from './queue.server';
import { queueTenants } from './queue-repo.server';

/**
 * The daily reset, once per tenant and local day (runOnce keyed by both): tickets of earlier days
 * still open are closed. Runs every 15 minutes so a day's first run comes soon after local
 * midnight, and a run missed while no instance was up is made good by the next.
 */
export async function runDailyReset(db: Db, now: Date): Promise<{ tenants: number; closed: number }> {
  let tenants = 0;
  let closed = 0;
  for (const tenant of await queueTenants(db)) {
    const day = zonedDate(now, tenant.timeZone);
    const run = await runOnce(db, 'queue.daily-reset', `${tenant.id}:${day}`, (tx) =>
      closeEarlierDays(tx, tenant, now),
    );
    if (run.ran) {
      tenants += 1;
      closed += run.value;
    }
  }
  return { tenants, closed };
}

export const queueJobs: readonly RecurringJob[] = [
  {
    name: 'queue.daily-reset',
    cron: '*/15 * * * *',
    run: async ({ db, now }) => ({ ...(await runDailyReset(db, now)) }),
  },
];
