/**
 * The pages served from the page cache that exist today, as the browser's prefetch may ask for
 * them (docs/decisions/0018-page-cache.md): unprefixed paths without a trailing slash. A subset
 * of the route table's `pageCache` families (src/pipeline/route-policy.ts; a test keeps the two in
 * step): a family whose pages are not built yet (donation) joins when they are, so no
 * prefetch lands on a 404.
 */
export const CACHEABLE_PAGE_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/appointment$/,
  /^\/appointment\/category(\/[^/]+)?$/,
  /^\/appointment\/(?!embed$|category$)[^/]+$/,
  /^\/loyalty$/,
  /^\/loyalty\/(?!register$|rewards$)[^/]+$/,
];

/** Whether an unprefixed path is one of the cacheable pages. */
export function isCacheablePagePath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return CACHEABLE_PAGE_PATHS.some((pattern) => pattern.test(clean));
}
