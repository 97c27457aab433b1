import { PgTransaction } from 'drizzle-orm/pg-core';
import { log } from '#lib/logger.server.ts';
import type { Db } from './client.server';
import { isRetryableConflict } from './errors';

export interface TransactionOptions {
  /** How many times in all the transaction may run (a first run and retries). */
  attempts?: number;
  /** What the log calls this transaction when it retries (no personal data). */
  name?: string;
}

const DEFAULT_ATTEMPTS = 5;

/**
 * THE way to run a transaction that can race with others (bookings, moves, settlements, sweeps):
 * `db.transaction(work)`, run again from the start when PostgreSQL aborts it for a deadlock or a
 * serialization failure (SQLSTATE 40P01/40001), after a short random pause so the competitors
 * do not collide again. `work` must keep its side effects inside the transaction (or reset them
 * at its start), since a retried run starts over. Inside an enclosing transaction it is a plain
 * savepoint: only the outermost transaction can be retried, since the locks it holds stay.
 */
export async function transaction<T>(
  db: Db,
  work: (tx: Db) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  if (db instanceof PgTransaction) return db.transaction((tx) => work(tx as unknown as Db));
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      log.warn('transaction aborted by a concurrent one: retrying', {
        transaction: options.name ?? 'unnamed',
        attempt,
        code: (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code,
      });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
    }
  }
}
