/**
 * The constraint name when `error` (or its cause, as drizzle wraps driver errors) is a unique
 * violation (SQLSTATE 23505) — on node-postgres and PGlite alike; null otherwise.
 */
export function isUniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      if (typeof candidate.constraint === 'string') return candidate.constraint;
      const match = /constraint "([^"]+)"/.exec(String(candidate.message ?? ''));
      return match?.[1] ?? '';
    }
    current = candidate.cause;
  }
  return null;
}

/**
 * True when `error` (or a cause) is a transaction PostgreSQL aborted so that another could go on —
 * a serialization failure (40001) or a detected deadlock (40P01): the whole transaction may simply
 * run again. Any other error is the caller's.
 */
export function isRetryableConflict(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === '40001' || code === '40P01';
}

/** The SQLSTATE of a database error (or of its cause, as drizzle wraps driver errors); null otherwise. */
export function sqlStateOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * True for a data exception (SQLSTATE class 22: NUL in text, a malformed uuid or number, a value
 * out of range): the database refused a value that came from the request, so nothing was
 * written by that statement. Input should be refused before (src/lib/input.ts); this is the net
 * that keeps a value we missed a 400 instead of a 500.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}
