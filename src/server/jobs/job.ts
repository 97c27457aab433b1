import type { Db } from '#db/client.server.ts';

/** What a job's run is handed: the database and the time it runs at (tests pass their own). */
export interface JobContext {
  db: Db;
  now: Date;
}

/**
 * Scheduled work, defined by a feature and registered by the composition root (src/app.server.ts).
 * A run must be safe to repeat and must catch up by itself: it handles everything due up to `now`
 * (expire every hold past its time, charge every instalment due), so a run missed while no instance
 * was up is made good by the next one. Work that must happen once per key goes through `runOnce`.
 */
export interface RecurringJob {
  /** Unique, kebab-case, prefixed by its feature: `booking.sweep-holds`. */
  name: string;
  /** Five-field cron in UTC: `* * * * *` is every minute. */
  cron: string;
  /** Returns counts worth logging (`{ expired: 3 }`), or nothing. */
  run(context: JobContext): Promise<Record<string, number> | undefined>;
}

/** Names that pg-boss accepts as queue names and that read well in logs. */
export const JOB_NAME = /^[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*$/;
