import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Work done once per key (one instalment charged, one reminder sent): a row is written in the
 * same transaction as the work, so a job delivered twice — two instances, a retry after a crash —
 * finds it and does nothing. The key names its tenant's row (an instalment id), so the table
 * itself is the platform's, not a tenant's.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    key: text('key').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.key] })],
);
