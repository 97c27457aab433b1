import type { Db } from '#db/client.server.ts';
import { jobRuns } from '#db/schema/index.ts';

export type RunOnceResult<T> = { ran: true; value: T } | { ran: false };

/**
 * Does `work` for (job, key) at most once, ever: the run's row is inserted in the work's own
 * transaction, so a second delivery — another instance at the same moment, a retry after a crash —
 * either waits for the first to commit and then finds its row, or (the first rolled back) does the
 * work itself. Work that throws leaves no row, so the key can be tried again.
 */
export async function runOnce<T>(
  db: Db,
  job: string,
  key: string,
  work: (tx: Db) => Promise<T>,
): Promise<RunOnceResult<T>> {
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(jobRuns).values({ job, key }).onConflictDoNothing().returning({ key: jobRuns.key });
    if (claimed.length === 0) return { ran: false } as const;
    return { ran: true, value: await work(tx) } as const;
  });
}
