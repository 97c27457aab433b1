import { splitLocalePrefix } from '#i18n/routing.ts';
import { isCacheablePagePath } from '#lib/cacheable-paths.ts';
import { pageQuery } from '#lib/lead-params.ts';

/** SPEC.md §9: links are prefetched when the browser is idle (2000 ms at the latest)… */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** At most this many prefetches per page view: each is a request the server answers. */
export const MAX_PREFETCHES_PER_PAGE = 4;

interface ConnectionLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** …except on 2g connections or with data saver on. */
export function canPrefetch(connection: ConnectionLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/2g/.test(connection.effectiveType ?? '');
}

/**
 * Whether a link is worth prefetching from `current`: a page of this site, not the page itself,
 * leading to a public page served from the page cache (src/lib/cacheable-paths.ts) with no query
 * of its own (campaign parameters aside) — so a prefetch costs the server a cache hit, never a
 * render of a personal page, a form, or a 404.
 */
export function isPrefetchable(href: string, current: string): boolean {
  let target: URL;
  let here: URL;
  try {
    here = new URL(current);
    target = new URL(href, here);
  } catch {
    return false;
  }
  if (target.origin !== here.origin) return false;
  if (pageQuery(target.search) !== '') return false;
  if (target.pathname === here.pathname && target.search === here.search) return false;
  return isCacheablePagePath(splitLocalePrefix(target.pathname).path);
}

/**
 * The links to prefetch among those that came into view, in order: prefetchable ones, each URL
 * once, no more than the page's remaining allowance.
 */
export function linksToPrefetch(
  hrefs: readonly string[],
  current: string,
  alreadyPrefetched: ReadonlySet<string>,
): string[] {
  const chosen: string[] = [];
  for (const href of hrefs) {
    if (alreadyPrefetched.size + chosen.length >= MAX_PREFETCHES_PER_PAGE) break;
    if (!isPrefetchable(href, current)) continue;
    const url = new URL(href, current);
    url.hash = '';
    if (alreadyPrefetched.has(url.href) || chosen.includes(url.href)) continue;
    chosen.push(url.href);
  }
  return chosen;
}
