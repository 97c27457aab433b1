/**
 * Checks shared by every way input arrives (URL, form, JSON, webhook), so bad input is refused
 * before any query: PostgreSQL refuses NUL (0x00) in text and a malformed uuid, and answers 500
 * if they reach it (PGlite may accept what PostgreSQL refuses).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id as a uuid the database accepts, lower-cased; null for anything else. */
export function parseUuid(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}

/** True when a string anywhere in `value` (objects and arrays, deep) or a key holds NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** True when a raw text body holds NUL, literally or as a JSON escape that decodes to one. */
export function textHoldsNul(text: string): boolean {
  if (text.includes('\u0000')) return true;
  if (!/\\u0000/i.test(text)) return false;
  try {
    return containsNul(JSON.parse(text));
  } catch {
    return false;
  }
}
