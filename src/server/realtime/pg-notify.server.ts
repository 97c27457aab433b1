import { type SQL, sql } from 'drizzle-orm';

/** Anything that runs a drizzle `sql` query: the app's `Db` (a pool, so NOTIFY needs no connection of its own). */
export interface SqlExecutor {
  execute(query: SQL): PromiseLike<unknown>;
}

/** NOTIFY through the app's database; the payload is a bound parameter, never spliced into SQL. */
export function notifyThrough(db: SqlExecutor | (() => Promise<SqlExecutor>)) {
  return async (channel: string, payload: string): Promise<void> => {
    const executor = typeof db === 'function' ? await db() : db;
    await executor.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
  };
}
