import { describe, expect, it } from 'vitest';
import { decodeInvalidation, encodeInvalidation } from './invalidation';
import { type CachedPage, PageCache, type PageSpec, type Rendered } from './page-cache';
import { pageCacheKey } from './page-key';
import { PAGE_CACHE_HEADER, servePage } from './serve-page';

const KLINIK = '11111111-1111-4111-8111-111111111111';
const YAYASAN = '22222222-2222-4222-8222-222222222222';

const page = (text: string): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  body: new TextEncoder().encode(text),
});
const rendered = (text: string): Rendered => ({ cacheable: true, page: page(text) });
const text = (served: Awaited<ReturnType<PageCache['serve']>>) =>
  'page' in served ? new TextDecoder().decode(served.page.body) : `response ${served.response.status}`;

const spec = (key: string, over: Partial<PageSpec> = {}): PageSpec => ({
  key,
  tenantId: KLINIK,
  tags: ['catalogue'],
  ttlSeconds: 60,
  ...over,
});

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A render the test finishes when it likes (no timers). */
function deferred() {
  let finish: (value: Rendered) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const promise = new Promise<Rendered>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const key = (over: Partial<Parameters<typeof pageCacheKey>[0]> = {}) =>
  pageCacheKey({
    tenantId: KLINIK,
    locale: 'en',
    embed: false,
    origin: 'https://klinik.example',
    host: 'klinik.example',
    pathname: '/appointment',
    search: '',
    ...over,
  });

describe('page cache key', () => {
  it('never mixes two tenants or three languages', () => {
    const keys = new Set<string>();
    for (const tenantId of [KLINIK, YAYASAN])
      for (const [locale, pathname] of [
        ['en', '/appointment'],
        ['ms', '/ms/appointment'],
        ['id', '/id/appointment'],
      ] as const)
        keys.add(key({ tenantId, locale, pathname }));
    expect(keys.size).toBe(6);
    // The same path in two languages (an unprefixed page is one language only, but never trust it).
    expect(key({ locale: 'ms' })).not.toBe(key({ locale: 'en' }));
  });
  it('keeps apart the embed, hosts and origins, and queries other than campaign parameters', () => {
    expect(key({ embed: true })).not.toBe(key());
    expect(key({ host: 'www.klinik.example' })).not.toBe(key());
    expect(key({ origin: 'http://klinik.example' })).not.toBe(key());
    expect(key({ search: '?page=2' })).not.toBe(key());
    // Campaign parameters do not vary the page (the language links drop them): one page per ad.
    expect(key({ search: '?utm_source=fb&fbclid=abc123' })).toBe(key());
    expect(key({ search: '?b=1&utm_medium=cpc&a=2' })).toBe(key({ search: '?a=2&b=1' }));
    expect(key({ tenantId: KLINIK }).startsWith(`${KLINIK}|`)).toBe(true);
  });
});

describe('page cache', () => {
  it('renders on the first request and serves the stored bytes after', async () => {
    const cache = new PageCache();
    let renders = 0;
    const render = async () => rendered(`page ${++renders}`);
    const first = await cache.serve(spec('a'), render);
    const second = await cache.serve(spec('a'), render);
    expect(first.outcome).toBe('miss');
    expect(second.outcome).toBe('hit');
    expect(text(second)).toBe('page 1');
    expect(renders).toBe(1);
  });

  it('single-flight: concurrent misses of one key render once', async () => {
    const cache = new PageCache();
    const slow = deferred();
    let renders = 0;
    const render = () => {
      renders += 1;
      return slow.promise;
    };
    const all = Promise.all([1, 2, 3, 4, 5].map(() => cache.serve(spec('a'), render)));
    slow.finish(rendered('once'));
    const served = await all;
    expect(renders).toBe(1);
    expect(served.map((s) => s.outcome).sort()).toEqual(['miss', 'shared', 'shared', 'shared', 'shared']);
    expect(served.map(text)).toEqual(['once', 'once', 'once', 'once', 'once']);
    // Another key is its own render.
    await cache.serve(spec('b'), async () => rendered('b'));
    expect(cache.size).toBe(2);
  });

  it('a render that must not be kept goes to its own visitor; the others render their own', async () => {
    const cache = new PageCache();
    const slow = deferred();
    const leader = cache.serve(spec('a'), () => slow.promise);
    let own = 0;
    const follower = cache.serve(spec('a'), async () => rendered(`own ${++own}`));
    slow.finish({ cacheable: false, response: new Response('gone', { status: 404 }) });
    expect(text(await leader)).toBe('response 404');
    expect(text(await follower)).toBe('own 1');
    expect(cache.size).toBe(0);
  });

  it('a failed render throws for its visitor; those waiting render their own', async () => {
    const cache = new PageCache();
    const slow = deferred();
    const leader = cache.serve(spec('a'), () => slow.promise);
    const follower = cache.serve(spec('a'), async () => rendered('fine'));
    slow.fail(new Error('boom'));
    await expect(leader).rejects.toThrow('boom');
    expect(text(await follower)).toBe('fine');
  });

  it('keeps a page for its TTL, then renders again (injected clock)', async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    let renders = 0;
    const render = async () => rendered(`page ${++renders}`);
    await cache.serve(spec('a', { ttlSeconds: 30 }), render);
    time.advance(29_999);
    expect((await cache.serve(spec('a', { ttlSeconds: 30 }), render)).outcome).toBe('hit');
    time.advance(1);
    const after = await cache.serve(spec('a', { ttlSeconds: 30 }), render);
    expect(after.outcome).toBe('miss');
    expect(text(after)).toBe('page 2');
  });

  it('past its TTL, within its stale time, answers the old page at once and renders once for everyone', async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    const stale = spec('a', { ttlSeconds: 30, staleSeconds: 30 });
    await cache.serve(stale, async () => rendered('page 1'));
    time.advance(30_000);
    expect(cache.get('a')).toBeNull(); // not fresh: the front door does not answer it
    const slow = deferred();
    let renders = 0;
    const again = () => {
      renders += 1;
      return slow.promise;
    };
    const readers = await Promise.all([1, 2, 3].map(() => cache.serve(stale, again)));
    expect(readers.map((r) => [r.outcome, text(r)])).toEqual([
      ['stale', 'page 1'],
      ['stale', 'page 1'],
      ['stale', 'page 1'],
    ]);
    expect(renders).toBe(1);
    slow.finish(rendered('page 2'));
    await slow.promise;
    await Promise.resolve();
    const next = await cache.serve(stale, again);
    expect([next.outcome, text(next)]).toEqual(['hit', 'page 2']);
    expect(renders).toBe(1);
  });

  it('past its stale time, or when the page cannot be rendered again, a visitor waits for a render', async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    const stale = spec('a', { ttlSeconds: 30, staleSeconds: 30 });
    await cache.serve(stale, async () => rendered('page 1'));
    time.advance(60_000);
    const late = await cache.serve(stale, async () => rendered('page 2'));
    expect([late.outcome, text(late)]).toEqual(['miss', 'page 2']);
    time.advance(30_000);
    // The campaign ended meanwhile: the background render is a 404, so the old page goes too.
    const gone = deferred();
    expect((await cache.serve(stale, () => gone.promise)).outcome).toBe('stale');
    gone.finish({ cacheable: false, response: new Response('gone', { status: 404 }) });
    await gone.promise;
    await Promise.resolve();
    const after = await cache.serve(stale, async () => ({
      cacheable: false,
      response: new Response('gone', { status: 404 }),
    }));
    expect(after.outcome).toBe('uncacheable');
  });

  it('an invalidation drops a stale page too: after a change nobody gets the old one', async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    const stale = spec('a', { ttlSeconds: 30, staleSeconds: 30 });
    await cache.serve(stale, async () => rendered('old'));
    time.advance(31_000);
    cache.invalidate({ tenantId: KLINIK, tags: ['catalogue'] });
    const after = await cache.serve(stale, async () => rendered('new'));
    expect([after.outcome, text(after)]).toEqual(['miss', 'new']);
  });

  it('drops a tenant’s pages by tag, all of them without tags, and no other tenant’s', async () => {
    const cache = new PageCache();
    await cache.serve(spec('k-home', { tags: [] }), async () => rendered('home'));
    await cache.serve(spec('k-appointment'), async () => rendered('appointment'));
    await cache.serve(spec('k-embed', { tags: ['catalogue', 'embed'] }), async () => rendered('embed'));
    await cache.serve(spec('y-appointment', { tenantId: YAYASAN }), async () => rendered('other'));

    expect(cache.invalidate({ tenantId: KLINIK, tags: ['embed'] })).toBe(1);
    expect(cache.get('k-embed')).toBeNull();
    expect(cache.invalidate({ tenantId: KLINIK, tags: ['catalogue'] })).toBe(1);
    expect(cache.get('k-appointment')).toBeNull();
    expect(cache.get('k-home')).not.toBeNull();
    expect(cache.invalidate({ tenantId: KLINIK })).toBe(1);
    expect(cache.get('k-home')).toBeNull();
    expect(cache.get('y-appointment')).not.toBeNull();
    // `tenant` is on every page.
    await cache.serve(spec('k-appointment'), async () => rendered('appointment'));
    expect(cache.invalidate({ tenantId: KLINIK, tags: ['tenant'] })).toBe(1);
  });

  it('a render that started before an invalidation is handed out but not kept', async () => {
    const cache = new PageCache();
    const slow = deferred();
    const before = cache.serve(spec('a'), () => slow.promise);
    cache.invalidate({ tenantId: KLINIK, tags: ['catalogue'] });
    // A visitor after the change does not wait for the old render: theirs shows the change.
    const after = await cache.serve(spec('a'), async () => rendered('new'));
    slow.finish(rendered('old'));
    expect(text(await before)).toBe('old');
    expect(text(after)).toBe('new');
    expect(text({ outcome: 'hit', page: cache.get('a') as CachedPage })).toBe('new');
  });

  it('stays within its bounds, dropping the least recently used', async () => {
    const cache = new PageCache({ maxEntries: 2 });
    await cache.serve(spec('a'), async () => rendered('a'));
    await cache.serve(spec('b'), async () => rendered('b'));
    cache.get('a');
    await cache.serve(spec('c'), async () => rendered('c'));
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.size).toBe(2);
    const small = new PageCache({ maxBytes: 10 });
    await small.serve(spec('a'), async () => rendered('12345678'));
    await small.serve(spec('b'), async () => rendered('12345678'));
    expect(small.size).toBe(1);
    expect(small.bytes).toBe(8);
  });

  it('clear() forgets everything and keeps renders under way from being stored', async () => {
    const cache = new PageCache();
    await cache.serve(spec('a'), async () => rendered('a'));
    const slow = deferred();
    const pending = cache.serve(spec('b'), () => slow.promise);
    cache.clear();
    slow.finish(rendered('b'));
    await pending;
    expect(cache.size).toBe(0);
  });
});

describe('serving a page through the cache', () => {
  const html = (body: string, init: ResponseInit = {}) =>
    new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, ...init });

  it('cached and uncached responses are byte-identical, headers aside', async () => {
    const cache = new PageCache();
    const body = '<!doctype html><p>Klinik · ✓</p>';
    const first = await servePage(cache, spec('a'), async () => html(body));
    const second = await servePage(cache, spec('a'), async () => html('never rendered'));
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe('miss');
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe('hit');
    const [a, b] = [new Uint8Array(await first.arrayBuffer()), new Uint8Array(await second.arrayBuffer())];
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // A strong ETag of the bytes, the same on both (the front door keeps the compressed page under it).
    expect(second.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    const other = await servePage(cache, spec('b'), async () => html(`${body}!`));
    expect(other.headers.get('etag')).not.toBe(first.headers.get('etag'));
    // Each response has its own headers: what a later step sets on one is not on the next.
    second.headers.set('X-Test', '1');
    const third = await servePage(cache, spec('a'), async () => html('never rendered'));
    expect(third.headers.has('X-Test')).toBe(false);
  });

  it('keeps only a plain 200 HTML page that set no cookie', async () => {
    const cache = new PageCache();
    let cookies = '';
    const cases: [string, () => Promise<Response>][] = [
      ['404', async () => html('missing', { status: 404 })],
      ['redirect', async () => new Response(null, { status: 302, headers: { Location: '/x' } })],
      ['json', async () => new Response('{}', { headers: { 'content-type': 'application/json' } })],
      [
        'set-cookie header',
        async () => html('mine', { headers: { 'content-type': 'text/html', 'set-cookie': 'a=1' } }),
      ],
      [
        'cookie set while rendering',
        async () => {
          cookies = 'customer=secret';
          return html('mine');
        },
      ],
    ];
    for (const [name, render] of cases) {
      const response = await servePage(cache, spec(name), render, () => cookies);
      expect(response.headers.get(PAGE_CACHE_HEADER), name).toBe('uncacheable');
    }
    expect(cache.size).toBe(0);
  });
});

describe('invalidation messages between instances', () => {
  it('round-trip, and anything else is ignored', () => {
    for (const change of [{ tenantId: KLINIK }, { tenantId: KLINIK, tags: ['catalogue', 'embed'] as const }]) {
      expect(decodeInvalidation(encodeInvalidation({ ...change, tags: change.tags ? [...change.tags] : [] }))).toEqual(
        change.tags ? { tenantId: KLINIK, tags: [...change.tags] } : { tenantId: KLINIK },
      );
    }
    for (const bad of ['', 'x', '{}', '{"t":1}', '{"t":"a","g":["nope"]}', '{"t":"a","g":"catalogue"}', 'null'])
      expect(decodeInvalidation(bad), bad).toBeNull();
  });
});
