import { defineMiddleware } from 'astro:middleware';
import { nameForFrontDoor } from '#server/front-door.ts';
import {
  FRONT_DOOR_PAGES,
  PAGE_CACHE_HEADER,
  type PageTag,
  pageCache,
  pageCacheKey,
  servePage,
} from '#server/page-cache/index.ts';
import { pass } from './state';

/**
 * Public pages from the in-process cache (docs/decisions/0018-page-cache.md): a GET of a page the
 * route table marks `pageCache`, that the access step let through, is served from the cache or
 * rendered once and kept. It runs inside the headers step, so the security and route-policy headers
 * are set afresh on every response, and before the render step (the locale rewrite).
 *
 * A cacheable page is rendered as for a visitor who is not logged in, whoever asks: nothing of a
 * customer or staff member can reach the stored page (their header link is the same for all).
 */
export const pageCacheStep = defineMiddleware(async ({ request, url, cookies, locals }, next) => {
  const state = pass(locals);
  const { policy, tenant } = locals;
  const rule = policy.pageCache;
  if (!rule || request.method !== 'GET' || !state.page || state.rewrite || state.verdict !== null) return next();
  if (policy.access !== 'public') return next();
  locals.user = null;
  locals.staff = null;
  const tags: PageTag[] = locals.embed ? [...rule.tags, 'embed'] : rule.tags;
  const key = pageCacheKey({
    tenantId: tenant.id,
    locale: locals.locale,
    embed: locals.embed,
    origin: locals.origin,
    host: url.host,
    pathname: url.pathname,
    search: url.search,
  });
  const served = await servePage(
    pageCache(),
    { key, tenantId: tenant.id, tags, ttlSeconds: rule.ttlSeconds, staleSeconds: rule.staleSeconds },
    () => next(),
    () => [...cookies.headers()].join('\n'),
  );
  // The front door keeps what it sends for a visitor without a cookie while this page stays cached.
  const kept = ['hit', 'miss', 'shared'].includes(served.headers.get(PAGE_CACHE_HEADER) ?? '');
  if (kept) nameForFrontDoor(request, served.headers, FRONT_DOOR_PAGES, key);
  return served;
});
