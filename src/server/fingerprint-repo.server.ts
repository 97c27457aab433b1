import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';

/** Tables whose content changes without any request writing (kept by row count only). */
const COUNT_ONLY = new Set(['sessions', 'outbox']);
/**
 * Attempt counters: written on purpose by refused requests (that is what limits them). The
 * scheduler's once-per-key record: written on its own clock (the queue's daily reset claims each
 * tenant's day on its first quarter-hour run), never by a request — it failed a fuzz run that
 * spanned a quarter hour.
 */
const SKIPPED = new Set(['rate_limits', 'job_runs']);

/**
 * Developer aid behind /dev/fingerprint (SHOW_DEV_PAGES=1): every table of the app's schema with
 * its row count and a hash of its rows, so a test can tell that a batch of requests wrote
 * nothing. Table names come from the catalogue, never from the request.
 */
export async function tableFingerprints(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const result: Record<string, string> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    if (SKIPPED.has(name)) continue;
    const table = sql.identifier(name);
    const query = COUNT_ONLY.has(name)
      ? sql`select count(*)::text as n, '' as h from ${table}`
      : sql`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${table} t`;
    const [row] = rowsOf<{ n: string; h: string }>(await db.execute(query));
    result[name] = `${row?.n ?? '?'}:${row?.h ?? ''}`;
  }
  return result;
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle's types differ by driver. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
