// The embed's origin rules (docs/decisions/0015-embeds-platform.md), shared by the server
// (frame-ancestors, the owner's form) and the framed page's script (where it may post its
// height). Browser-safe: no imports.

/** At most this many origins may frame a tenant's embeddable views. */
export const MAX_EMBED_ORIGINS = 20;

const ORIGIN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

/**
 * `https://Example.org/book` → `https://example.org`: the origin of an http(s) URL, or null.
 * Only plain host names (no wildcards, no credentials, nothing a CSP header or postMessage could
 * misread) pass.
 */
export function normaliseOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    if (url.username || url.password) return null;
    return ORIGIN.test(url.origin) ? url.origin : null;
  } catch {
    return null;
  }
}

/** Stored or posted origins, cleaned: valid origins, once each, at most 20. */
export function cleanEmbedOrigins(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const origins = values.map(normaliseOrigin).filter((o): o is string => o !== null);
  return [...new Set(origins)].slice(0, MAX_EMBED_ORIGINS);
}

/**
 * Where the framed page may post its height: the parent's origin — from the loader's `?origin=`
 * or else the referrer — only when it is one of the allowed origins; otherwise nowhere (null).
 */
export function embedTargetOrigin(
  allowed: readonly string[],
  param: string | null | undefined,
  referrer: string | null | undefined,
): string | null {
  for (const candidate of [param, referrer]) {
    const origin = normaliseOrigin(candidate);
    if (origin && allowed.includes(origin)) return origin;
  }
  return null;
}

/**
 * The owner's list of allowed sites, one per line (blank lines ignored): the origins, once each,
 * and the lines that are not an http(s) origin. A path is not an error (`https://a.example/book`
 * allows `https://a.example`), but anything else is reported rather than silently dropped.
 */
export function parseOriginLines(text: string): { origins: string[]; invalid: string[]; tooMany: boolean } {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const value = line.trim();
    if (!value) continue;
    const origin = /^https?:\/\//i.test(value) ? normaliseOrigin(value) : null;
    if (!origin) invalid.push(value.slice(0, 100));
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, invalid, tooMany: origins.length > MAX_EMBED_ORIGINS };
}
