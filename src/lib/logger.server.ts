/**
 * A small structured logger: one JSON line per event, never request bodies, personal data or
 * secrets. Errors go through `errorFields`, which keeps what explains a failure (its kind,
 * message, SQLSTATE, constraint, the SQL text) and drops what may carry a customer's data (query
 * parameters, the driver's "Key (phone)=(…)" detail, quoted input values).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

/** Where lines go; tests replace it to read what was logged. */
export const logSink = {
  write(level: Level, line: string): void {
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  },
};

/** Drizzle appends the query's parameters (names, phones, notes…) to its message: never logged. */
function withoutParams(text: string): string {
  const at = text.search(/\n\s*params:/);
  return at === -1 ? text : text.slice(0, at);
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (level === 'debug' && !process.env.DEBUG) return;
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields ?? {})) {
    safe[name] = typeof value === 'string' ? withoutParams(value) : value;
  }
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...safe });
  logSink.write(level, line);
}

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  query?: unknown;
  params?: unknown;
  status?: unknown;
  stack?: unknown;
  cause?: unknown;
}

/** A driver or app message without the input it quotes (`invalid input syntax for type uuid: "…"`). */
function scrubbed(message: string): string {
  return withoutParams(message)
    .split('\n')[0]
    ?.replace(/:\s*".*$/, '')
    .slice(0, 300) as string;
}

/**
 * An error as log fields: `error` (each cause's kind and message, outermost first), `code`
 * (SQLSTATE or the error's own code), `constraint`, `table`, `column`, `query` (the SQL text,
 * never its parameters), `status`, and `stack` (frames only).
 */
export function errorFields(error: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth += 1) {
    if (typeof current !== 'object') {
      parts.push(scrubbed(String(current)));
      break;
    }
    const e = current as ErrorLike;
    const name = typeof e.name === 'string' ? e.name : 'Error';
    if (typeof e.query === 'string') fields.query ??= e.query.slice(0, 500);
    if (typeof e.message === 'string' && e.message.startsWith('Failed query')) {
      // Drizzle's wrapper: its message is the SQL (kept in `query`) and the parameters (dropped).
      parts.push(`${name}: failed query`);
    } else {
      parts.push(typeof e.message === 'string' && e.message ? `${name}: ${scrubbed(e.message)}` : name);
    }
    if (typeof e.code === 'string' || typeof e.code === 'number') fields.code ??= e.code;
    for (const key of ['constraint', 'table', 'column'] as const) {
      if (typeof e[key] === 'string') fields[key] ??= e[key];
    }
    if (typeof e.status === 'number') fields.status ??= e.status;
    if (depth === 0 && typeof e.stack === 'string') {
      fields.stack = e.stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .slice(0, 8)
        .map((line) => line.trim())
        .join('\n');
    }
    current = e.cause;
  }
  return { error: parts.join(' ← '), ...fields };
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
