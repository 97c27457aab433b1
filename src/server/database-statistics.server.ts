import { analyseDatabase } from '#db/statistics.server.ts';
import type { RecurringJob } from './jobs';

/**
 * The planner's statistics refreshed every hour: the embedded PGlite has no autovacuum (on
 * PostgreSQL this repeats cheaply what autovacuum does). See src/db/statistics.server.ts.
 */
export const databaseJobs: readonly RecurringJob[] = [
  {
    name: 'platform.analyse-database',
    cron: '41 * * * *',
    run: async ({ db }) => {
      const started = performance.now();
      await analyseDatabase(db);
      return { analysedMs: Math.round(performance.now() - started) };
    },
  },
];
