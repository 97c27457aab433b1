import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '#db/client.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { JOB_NAME, type RecurringJob } from './job';

export interface JobScheduler {
  /** Queues one run of a job now (tests, an operator's nudge); resolves once it is queued. */
  runNow(name: string): Promise<void>;
  /** Names of the jobs with a schedule in the database. */
  scheduled(): Promise<string[]>;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  /** How often an idle worker looks for due jobs (pg-boss's default is 2 s). */
  pollingIntervalSeconds?: number;
  /** Called after each run with its counts (tests wait on it). */
  onRun?: (name: string, counts: Record<string, number> | undefined) => void;
}

/**
 * Runs the app's recurring jobs on pg-boss, on PostgreSQL and on the embedded PGlite alike (its
 * PGlite adapter; docs/decisions/0013-events-and-jobs.md). Every instance schedules and works the
 * same queues: pg-boss creates one job per cron tick across all of them, a queue with the
 * `singleton` policy never runs two of one job at once, a job whose instance died is retried, and
 * a tick missed while no instance ran is made up once at start-up (`missed: 'once'`).
 */
export async function startJobScheduler(
  database: Database,
  jobs: readonly RecurringJob[],
  options: SchedulerOptions = {},
): Promise<JobScheduler> {
  for (const job of jobs) {
    if (!JOB_NAME.test(job.name)) throw new Error(`job name ${job.name} is not feature.kebab-case`);
  }
  const boss =
    database.connection.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.connection.client), backend: 'pglite' })
      : new PgBoss({ connectionString: database.connection.url, max: 3, application_name: 'serambi-jobs' });
  boss.on('error', (error) => log.error('job system error', errorFields(error)));
  await boss.start();

  for (const job of jobs) {
    await boss
      .createQueue(job.name, { policy: 'singleton', retryLimit: 2, expireInSeconds: 300 })
      .catch(ignoreExisting);
    await boss.schedule(job.name, job.cron, {}, { tz: 'UTC', missed: 'once' });
    await boss.work(job.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 }, async () => {
      try {
        const counts = await job.run({ db: database.db, now: new Date() });
        if (counts && Object.values(counts).some((n) => n > 0)) log.info(job.name, counts);
        options.onRun?.(job.name, counts);
      } catch (error) {
        log.error('job failed', { job: job.name, ...errorFields(error) });
        throw error; // pg-boss retries it
      }
    });
  }
  return {
    runNow: async (name) => {
      await boss.send(name, {});
    },
    scheduled: async () => (await boss.getSchedules()).map((schedule) => schedule.name).sort(),
    stop: () => boss.stop({ graceful: true, timeout: 5_000 }),
  };
}

/** A queue made by an earlier start (or another instance) is the one we want. */
function ignoreExisting(error: unknown): void {
  if (!/already exists/i.test(String(error))) throw error;
}
