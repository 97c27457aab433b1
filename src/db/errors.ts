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
