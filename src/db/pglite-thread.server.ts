import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** What the database's thread is started with. */
export interface WorkerOptions {
  dataDir: string;
  migrationsFolder: string;
}

/** A request to the database's thread; `tx` names an open transaction. */
export type ThreadRequest = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'object' | 'array'; raw: boolean; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'close' }
);

/** An answer to request `id` (0: the thread opened the database, or failed to), or a NOTIFY. */
export type ThreadReply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: Record<string, unknown>; value?: undefined }
  | { channel: string; payload: string; id?: undefined };

type Pending = { resolve(value: unknown): void; reject(error: unknown): void };

/** The thread's entry: the bundle next to the built server, or the source file (tests, `astro dev`, scripts). */
function workerEntry(): { file: URL | string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    return { file: new URL('./pglite-worker.server.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
  }
  const bundle = path.resolve(process.cwd(), 'dist/server/pglite-worker.mjs');
  if (!existsSync(bundle)) throw new Error(`the embedded database's thread is missing: ${bundle} (run the build)`);
  return { file: bundle, execArgv: [] };
}

/**
 * The embedded database on a thread of its own (docs/decisions/0035-embedded-database-on-its-own-thread.md).
 * PGlite runs Postgres in WebAssembly on the thread that calls it: on the main thread every gift's
 * statements held up the pages answered beside them. Here the main thread only posts each statement
 * and reads back its rows; PGlite's one connection, its transaction lock and the lean statements
 * (PgliteConnection) live on the database's thread, so the semantics are those of PGlite itself:
 * statements outside a transaction wait while one is open.
 *
 * `query`/`transaction` are what drizzle's PGlite driver calls (timestamps as text, as drizzle
 * asks); `raw` is PGlite's own `query`/`exec`/`listen` for the job system.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #channels = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: ThreadReply) => this.#receive(reply));
    worker.on('error', (error) => this.#failAll(error));
    worker.on('exit', (code) => this.#failAll(new Error(`the embedded database's thread stopped (exit ${code})`)));
  }

  /** Starts the thread; resolves once the database is open and migrated there. */
  static async start(options: WorkerOptions): Promise<PgliteThread> {
    const entry = workerEntry();
    const worker = new Worker(entry.file, { workerData: options, execArgv: entry.execArgv });
    const thread = new PgliteThread(worker);
    try {
      await new Promise((resolve, reject) => thread.#pending.set(0, { resolve, reject }));
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  #receive(reply: ThreadReply) {
    if (reply.id === undefined) {
      for (const listener of this.#channels.get(reply.channel) ?? []) listener(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.error) pending.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
    else pending.resolve(reply.value);
  }

  #failAll(error: unknown) {
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  /** Posts a request and waits for its answer. */
  call<T>(request: DistributiveOmit<ThreadRequest, 'id'>): Promise<T> {
    if (this.#closed) return Promise.reject(new Error("the embedded database's thread is closed"));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params, rowMode: options?.rowMode ?? 'object', raw: false });
  }

  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    const tx = new ThreadTransaction(this, id);
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      tx.closed = true;
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    tx.closed = true;
    await this.call({ op: 'end', tx: id, commit: !tx.rolledBack });
    return result;
  }

  /** PGlite's own query, exec and listen (its parsers: timestamps as Date), for the job system. */
  readonly raw = {
    query: <T>(sql: string, params: unknown[] = []): Promise<Results<T>> =>
      this.call({ op: 'query', sql, params, rowMode: 'object', raw: true }),
    exec: (sql: string): Promise<Results[]> => this.call({ op: 'exec', sql }),
    listen: async (channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> => {
      let listeners = this.#channels.get(channel);
      if (!listeners) {
        listeners = new Set();
        this.#channels.set(channel, listeners);
      }
      listeners.add(callback);
      await this.call({ op: 'listen', channel });
      return async () => {
        listeners.delete(callback);
        if (listeners.size > 0) return;
        this.#channels.delete(channel);
        await this.call({ op: 'unlisten', channel });
      };
    },
  };

  /** Closes the database (its files written, the data folder released), then the thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.call({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}

/** A transaction open on the database's thread: its statements carry its number. */
export class ThreadTransaction {
  closed = false;
  rolledBack = false;

  constructor(
    readonly thread: PgliteThread,
    readonly id: number,
  ) {}

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (this.closed) return Promise.reject(new Error('Transaction is closed'));
    return this.thread.call({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode ?? 'object',
      raw: false,
      tx: this.id,
    });
  }

  exec(sql: string): Promise<Results[]> {
    if (this.closed) return Promise.reject(new Error('Transaction is closed'));
    return this.thread.call({ op: 'exec', sql, tx: this.id });
  }

  /** Ends the transaction with a rollback when its callback returns (as PGlite's `tx.rollback`). */
  async rollback(): Promise<void> {
    this.rolledBack = true;
  }
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
