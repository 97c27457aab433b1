import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type LeanTransaction, PgliteConnection } from './pglite-connection.server';
import { openPglite } from './pglite-open.server';
import type { ThreadReply, ThreadRequest, WorkerOptions } from './pglite-thread.server';

/**
 * The embedded database's own thread (docs/decisions/0035-embedded-database-on-its-own-thread.md):
 * it opens PGlite, migrates it, then answers the app's statements, transactions and LISTENs sent
 * by `PgliteThread` on the main thread. Imports nothing of the app but the database files, since
 * the build bundles it on its own (scripts/pglite-worker-bundle.mjs).
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker.server.ts runs as a worker thread');
const options = workerData as WorkerOptions;

/** What a transaction's callback rejects with when the main thread asks for a rollback. */
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: LeanTransaction;
  end(commit: boolean, replyTo: number): void;
}

function send(reply: ThreadReply) {
  port?.postMessage(reply);
}

/** A database error as plain fields (SQLSTATE, constraint, detail…): Error objects lose them when cloned. */
function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { message: error.message, name: error.name, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = key === 'params' ? undefined : value;
  }
  return fields;
}

async function serve(pg: PGlite) {
  const connection = new PgliteConnection(pg);
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<string, () => Promise<void>>();
  let nextTransaction = 1;

  const answer = (id: number, work: () => Promise<unknown>) => {
    work().then(
      (value) => send({ id, value }),
      (error: unknown) => send({ id, error: errorFields(error) }),
    );
  };

  const transactionOf = (id: number | undefined): LeanTransaction | undefined => {
    if (id === undefined) return undefined;
    const open = transactions.get(id);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  port?.on('message', (request: ThreadRequest) => {
    const { id } = request;
    switch (request.op) {
      case 'query':
        return answer(id, async () => {
          const tx = transactionOf(request.tx);
          const options = { rowMode: request.rowMode };
          const result = request.raw
            ? await pg.query(request.sql, request.params)
            : tx
              ? await tx.query(request.sql, request.params, options)
              : await connection.query(request.sql, request.params, options);
          // Rows and the count only: drizzle and pg-boss read nothing else, and every field cloned costs.
          return { rows: result.rows, affectedRows: result.affectedRows };
        });
      case 'exec':
        return answer(id, async () => {
          const tx = transactionOf(request.tx);
          const results = tx ? await tx.exec(request.sql) : await pg.exec(request.sql);
          return results.map((result) => ({ rows: result.rows, affectedRows: result.affectedRows }));
        });
      case 'begin': {
        const txId = nextTransaction++;
        let replyTo = id;
        let started = false;
        connection
          .transaction(
            (tx) =>
              new Promise<void>((resolve, reject) => {
                started = true;
                transactions.set(txId, {
                  tx,
                  end: (commit, endId) => {
                    replyTo = endId;
                    if (commit) resolve();
                    else reject(ROLLBACK);
                  },
                });
                send({ id, value: txId });
              }),
          )
          .then(
            () => send({ id: replyTo, value: null }),
            (error: unknown) =>
              send(
                error === ROLLBACK
                  ? { id: replyTo, value: null }
                  : { id: started ? replyTo : id, error: errorFields(error) },
              ),
          )
          .finally(() => transactions.delete(txId));
        return;
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) return send({ id, error: { message: 'Transaction is closed' } });
        return open.end(request.commit, id);
      }
      case 'listen':
        return answer(id, async () => {
          if (!listeners.has(request.channel)) {
            const channel = request.channel;
            listeners.set(channel, await pg.listen(channel, (payload) => send({ channel, payload })));
          }
          return null;
        });
      case 'unlisten':
        return answer(id, async () => {
          await listeners.get(request.channel)?.();
          listeners.delete(request.channel);
          return null;
        });
      case 'close':
        return answer(id, async () => {
          await pg.close();
          return null;
        });
    }
  });
}

try {
  const pg = await openPglite(options.dataDir);
  await migrate(drizzle(pg), { migrationsFolder: options.migrationsFolder });
  await serve(pg);
  send({ id: 0, value: 'ready' });
} catch (error) {
  send({ id: 0, error: errorFields(error) });
}
