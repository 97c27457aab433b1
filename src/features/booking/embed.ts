// The booking embed's rules, shared by the server (frame-ancestors) and the framed page's script
// (where it may post its height). Browser-safe: no server imports.

/** At most this many origins may frame a tenant's booking embed. */
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

/** The stored `booking_settings.embed_origins`, cleaned: valid origins, once each, at most 20. */
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

const BOOKING_PATH = /^(\/(ms|id))?\/appointment(\/|$)/;

/**
 * `url` marked as shown in the embed (`embed=1`, plus the parent's `origin` when `current` knows
 * it) — always for a page rendered in the embed (`inEmbed`), else when `current` is marked.
 */
function carryEmbedParams(url: URL, current: URL, inEmbed = false): URL {
  if (!inEmbed && current.searchParams.get('embed') !== '1') return url;
  url.searchParams.set('embed', '1');
  const origin = current.searchParams.get('origin');
  if (origin) url.searchParams.set('origin', origin);
  return url;
}

/**
 * Where a link followed on a page rendered in the embed goes: a booking page of ours stays in the frame and
 * keeps the embed marks; any other page (ours, which refuses framing, or another site's) opens
 * in a new tab. Null for what needs no change (`tel:`, `mailto:`, in-page anchors).
 */
export function embedLink(href: string, currentHref: string): { href: string; newTab: boolean } | null {
  let url: URL;
  let current: URL;
  try {
    current = new URL(currentHref);
    url = new URL(href, current);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === current.origin && url.pathname === current.pathname && url.hash) return null;
  if (url.origin !== current.origin || !BOOKING_PATH.test(url.pathname)) return { href: url.href, newTab: true };
  return { href: carryEmbedParams(url, current, true).href, newTab: false };
}

/** A same-origin path an island navigates to, with the embed marks of the current page kept. */
export function keepEmbed(path: string, currentHref: string): string {
  const current = new URL(currentHref);
  const url = carryEmbedParams(new URL(path, current), current);
  return url.origin === current.origin ? url.pathname + url.search + url.hash : url.href;
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
