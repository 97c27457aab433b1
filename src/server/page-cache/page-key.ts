import { pageQuery } from '#lib/lead-params.ts';

export interface PageKeyParts {
  tenantId: string;
  locale: string;
  /** The request shown inside the embed renders without chrome, with the framing sites. */
  embed: boolean;
  /** The browser's origin (X-Forwarded-* behind trusted proxies) and the Host the request named. */
  origin: string;
  host: string;
  /** The path as asked (with its language prefix) and its query. */
  pathname: string;
  search: string;
}

/**
 * The cache key of a public page: everything it varies on. The tenant first (invalidation goes by
 * tenant), then language, embed or site, the origin and host (canonical and embed links), the path
 * and the query without campaign parameters (src/lib/lead-params.ts), whose other names the
 * language links carry.
 */
export function pageCacheKey(parts: PageKeyParts): string {
  return [
    parts.tenantId,
    parts.locale,
    parts.embed ? 'embed' : 'site',
    parts.origin,
    parts.host.toLowerCase(),
    parts.pathname + pageQuery(parts.search),
  ].join('|');
}
