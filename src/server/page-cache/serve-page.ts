import { createHash } from 'node:crypto';
import type { CachedPage, CacheOutcome, PageCache, PageSpec } from './page-cache';

/** The response header that tells how a cacheable page was answered (tests, the bench, operators). */
export const PAGE_CACHE_HEADER = 'X-Page-Cache';

/** The page cache's namespace at the front door (src/server/front-door.ts). */
export const FRONT_DOOR_PAGES = 'page';

/** A stored page as a new response (its own headers object: later steps add theirs to it). */
export function pageResponse(page: CachedPage): Response {
  return new Response(page.body.slice(), { status: page.status, headers: page.headers });
}

/**
 * A cacheable page, from the cache or rendered (once for all who ask at the same time). Only a
 * plain 200 HTML page that set no cookie while rendering is kept; anything else (a 404 rewrite, a
 * redirect, an error) goes to its own visitor only. `cookiesSet` lists the cookies the request has
 * set so far: a render that sets one made something of this visitor's.
 */
export async function servePage(
  cache: PageCache,
  spec: PageSpec,
  render: () => Promise<Response>,
  cookiesSet: () => string = () => '',
): Promise<Response> {
  const served = await cache.serve(spec, async () => {
    const before = cookiesSet();
    const response = await render();
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (response.status !== 200 || !html || response.headers.has('set-cookie') || cookiesSet() !== before) {
      return { cacheable: false, response };
    }
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !['set-cookie', 'etag'].includes(name.toLowerCase()));
    // A strong ETag of the bytes: the front door keeps the page's compressed form under it.
    headers.push(['etag', `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`]);
    return { cacheable: true, page: { status: response.status, headers, body } };
  });
  const response = 'response' in served ? served.response : pageResponse(served.page);
  response.headers.set(PAGE_CACHE_HEADER, served.outcome satisfies CacheOutcome);
  return response;
}
