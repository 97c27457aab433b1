import type { ParserOptions, QueryOptions } from '@electric-sql/pglite';
import { type PGlite, parse, protocol, type Results, type Transaction } from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/**
 * What drizzle hands PGlite for each statement, made cheap (docs/decisions/0029-lean-pglite-statements.md).
 *
 * PGlite's own `query` drives the WebAssembly Postgres through six protocol round trips per
 * statement (parse, describe the statement to learn the parameter types, bind, describe, execute,
 * sync) and copies its whole parser table for every call that brings parsers, as drizzle's do.
 * Here a statement is one batch (Parse and Describe the first time, Bind, Execute, Sync) and its text is kept
 * prepared under a name, as node-postgres does with named statements: Postgres parses and analyses
 * it once. Parameters go as text with no declared type, so Postgres infers them from the statement
 * exactly as it does for node-postgres (the same statements run on PostgreSQL). Rows come back as
 * drizzle asks: dates, timestamps and intervals as their text.
 *
 * Measured (`tsx bench/pglite-statements.bench.ts`): `select 1` about a quarter of the CPU of
 * PGlite's `query`, the app's reads a half to two fifths.
 */
export class PgliteConnection {
  readonly #pg: PGlite;
  readonly #statements: PreparedStatements;
  /** PGlite's parsers (a prototype, so array types it learns later are seen) with drizzle's on top. */
  readonly #parsers: ParserOptions;

  constructor(pg: PGlite, options: { maxStatements?: number } = {}) {
    this.#pg = pg;
    this.#statements = statementsOf(pg, options.maxStatements ?? 500);
    this.#parsers = Object.assign(Object.create(pg.parsers) as ParserOptions, textParsers());
  }

  /** The embedded database underneath (the job system, LISTEN/NOTIFY and migrations use it). */
  get client(): PGlite {
    return this.#pg;
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!isLeanOptions(options)) return this.#pg.query<T>(sql, params, options);
    await this.#pg._checkReady();
    return this.#pg._runExclusiveTransaction(() =>
      this.#pg._runExclusiveQuery(async () => {
        const results = await runStatement<T>(this.#pg, this.#statements, this.#parsers, sql, params, options);
        await this.#pg.syncToFs();
        return results;
      }),
    );
  }

  /** A transaction whose statements take the same path (PGlite's transaction mutex is held). */
  transaction<T>(callback: (tx: LeanTransaction) => Promise<T>): Promise<T> {
    return this.#pg.transaction((tx) => callback(new LeanTransaction(this.#pg, tx, this.#statements, this.#parsers)));
  }
}

/** PGlite's transaction, with `query` through the batch and the named statements. */
export class LeanTransaction {
  readonly #pg: PGlite;
  readonly #tx: Transaction;
  readonly #statements: PreparedStatements;
  readonly #parsers: ParserOptions;

  constructor(pg: PGlite, tx: Transaction, statements: PreparedStatements, parsers: ParserOptions) {
    this.#pg = pg;
    this.#tx = tx;
    this.#statements = statements;
    this.#parsers = parsers;
  }

  get closed(): boolean {
    return this.#tx.closed;
  }

  async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!isLeanOptions(options)) return this.#tx.query<T>(sql, params, options);
    if (this.#tx.closed) throw new Error('Transaction is closed');
    return this.#pg._runExclusiveQuery(() =>
      runStatement<T>(this.#pg, this.#statements, this.#parsers, sql, params, options),
    );
  }

  exec(sql: string, options?: QueryOptions) {
    return this.#tx.exec(sql, options);
  }

  rollback() {
    return this.#tx.rollback();
  }
}

/**
 * Statement texts prepared under a name, least recently used first. A batch that failed may or may
 * not have created its statement: that name is closed before the next batch (closing a statement
 * that does not exist is not an error), and the text is prepared again under a new name.
 */
interface Statement {
  name: string;
  /** What Describe said of its rows once (RowDescription, or none): sent with every later answer. */
  rows: BackendMessage | undefined;
  /** When it was last used (a tick, for the least recently used). */
  used: number;
}

class PreparedStatements {
  readonly #bySql = new Map<string, Statement>();
  readonly #toClose: string[] = [];
  #counter = 0;
  #tick = 0;

  constructor(readonly max: number) {}

  /** The statement prepared for `sql`, if any. */
  use(sql: string): Statement | undefined {
    const statement = this.#bySql.get(sql);
    if (statement) {
      this.#tick += 1;
      statement.used = this.#tick;
    }
    return statement;
  }

  /** A new name for a statement; when full, the least recently used statement is closed first. */
  reserve(): string {
    if (this.#bySql.size >= this.max) {
      let oldest: [string, Statement] | undefined;
      for (const entry of this.#bySql) if (!oldest || entry[1].used < oldest[1].used) oldest = entry;
      if (oldest) this.forget(oldest[0]);
    }
    this.#counter += 1;
    return `serambi_${this.#counter}`;
  }

  prepared(sql: string, name: string, rows: BackendMessage | undefined) {
    this.#tick += 1;
    this.#bySql.set(sql, { name, rows, used: this.#tick });
  }

  /** Drops `sql`'s statement; its name is closed in the next batch. */
  forget(sql: string) {
    const statement = this.#bySql.get(sql);
    if (!statement) return;
    this.#bySql.delete(sql);
    this.#toClose.push(statement.name);
  }

  /** Names to close in the next batch (taken: the caller puts them back if the batch fails). */
  takeClosings(): string[] {
    return this.#toClose.length ? this.#toClose.splice(0) : NONE;
  }

  failed(closings: string[], created: string | undefined) {
    this.#toClose.push(...closings);
    if (created) this.#toClose.push(created);
  }
}

const NONE: string[] = [];

/** Named statements live in PGlite's one session: every connection over it shares one registry. */
const registries = new WeakMap<PGlite, PreparedStatements>();

function statementsOf(pg: PGlite, max: number): PreparedStatements {
  let registry = registries.get(pg);
  if (!registry) {
    registry = new PreparedStatements(max);
    registries.set(pg, registry);
  }
  return registry;
}

/** SQLSTATE 0A000: a prepared statement's table changed shape (DDL since); prepare it again. */
const CACHED_PLAN_CHANGED = '0A000';

async function runStatement<T>(
  pg: PGlite,
  statements: PreparedStatements,
  parsers: ParserOptions,
  sql: string,
  params: unknown[],
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  const { serialize } = protocol;
  const values = params.map(toPostgresText);
  for (let attempt = 0; ; attempt += 1) {
    const closings = statements.takeClosings();
    const statement = statements.use(sql);
    const created = statement ? undefined : statements.reserve();
    const name = statement?.name ?? (created as string);
    const messages: Uint8Array[] = closings.map((closing) => serialize.close({ type: 'S', name: closing }));
    if (created) messages.push(serialize.parse({ name, text: sql }));
    messages.push(serialize.bind({ statement: name, values }));
    if (created) messages.push(serialize.describe({ type: 'S', name }));
    messages.push(serialize.execute({}), serialize.sync());
    let answer: BackendMessage[];
    try {
      answer = await pg.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
    } catch (error) {
      statements.failed(closings, created);
      if (statement && attempt === 0 && (error as { code?: string }).code === CACHED_PLAN_CHANGED) {
        statements.forget(sql);
        continue;
      }
      throw withStatement(error, sql, params);
    }
    if (created) {
      statements.prepared(
        sql,
        name,
        answer.find((message) => message.name === 'rowDescription'),
      );
    } else if (statement?.rows) {
      answer.unshift(statement.rows);
    }
    const [result] = parse.parseResults(answer, parsers as Parameters<typeof parse.parseResults>[1], {
      rowMode: options?.rowMode ?? 'object',
    });
    return result as Results<T>;
  }
}

/** Drizzle's parsers: these types stay text (drizzle maps them itself). */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

function textParsers(): ParserOptions {
  return Object.fromEntries(TEXT_TYPES.map((type) => [type, (value: string) => value]));
}

/** Only drizzle's shape of options takes the lean path: a row mode and (at most) its text parsers. */
function isLeanOptions(options: QueryOptions | undefined): boolean {
  if (!options) return true;
  for (const key of Object.keys(options) as (keyof QueryOptions)[]) {
    if (key === 'rowMode' || options[key] === undefined) continue;
    if (key !== 'parsers') return false;
    for (const type of Object.keys(options.parsers ?? {})) if (!TEXT_TYPES.includes(Number(type))) return false;
  }
  return true;
}

/**
 * A parameter as Postgres reads it in text form. PGlite would ask Postgres for the parameter types
 * first (one more round trip); untyped text is what node-postgres sends, and Postgres infers each
 * type from the statement.
 */
export function toPostgresText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    const text = toPostgresText(value) as string;
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** The statement goes with the error, as PGlite's own `query` adds it. */
function withStatement(error: unknown, sql: string, params: unknown[]): unknown {
  if (error && typeof error === 'object' && !('query' in error)) {
    Object.assign(error, { query: sql, params });
  }
  return error;
}
