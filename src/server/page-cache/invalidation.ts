import { PAGE_TAGS, type PageInvalidation, type PageTag } from './page-cache';

/** The NOTIFY channel every instance LISTENs on for page invalidations. */
export const PAGE_CACHE_CHANNEL = 'serambi_page_cache';

/** An invalidation as a NOTIFY payload (well under PostgreSQL's 8000-byte limit). */
export function encodeInvalidation(change: PageInvalidation): string {
  return JSON.stringify(
    change.tags && change.tags.length > 0 ? { t: change.tenantId, g: change.tags } : { t: change.tenantId },
  );
}

/** A payload read back; anything else (another version, garbage) is null. */
export function decodeInvalidation(payload: string): PageInvalidation | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { t, g } = value as { t?: unknown; g?: unknown };
  if (typeof t !== 'string' || t.length === 0 || t.length > 100) return null;
  if (g === undefined) return { tenantId: t };
  if (!Array.isArray(g) || !g.every((tag): tag is PageTag => (PAGE_TAGS as readonly unknown[]).includes(tag)))
    return null;
  return { tenantId: t, tags: g };
}
