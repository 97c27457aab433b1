import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FRONT_DOOR_CAPTURE_HEADER,
  FRONT_DOOR_KEY_HEADER,
  nameForFrontDoor,
  registerFrontDoorValidator,
} from '#server/front-door.ts';
import { PAGE_CACHE_HEADER, PageCache, servePage } from '#server/page-cache/index.ts';
import { compressResponse } from './compression.mjs';
import {
  CAPTURE_HEADER,
  PAGE_KEY_HEADER as FRONT_PAGE_KEY,
  FrontDoorCache,
  frontDoorKey,
} from './front-door-cache.mjs';

/**
 * The front door (scripts/front-door-cache.mjs) in front of an app that answers as Serambi's does:
 * a page from the real PageCache (servePage), its key named when the front door asks. The app
 * counts its renders and the requests that reach it at all.
 */
const TENANT = 'tenant-1';
let now = 0;
let cache: PageCache;
let front: FrontDoorCache;
let reached = 0;
let rendered = 0;
let version = 'one';
let setCookie = false;
let server: http.Server;
let port = 0;

function html(): string {
  return `<!doctype html><html><body>${`<p>Klinik Sihat, version ${version}.</p>`.repeat(100)}</body></html>`;
}

/** The app: every path is a cacheable page whose key is its URL and Accept-Language. */
async function app(req: http.IncomingMessage, res: http.ServerResponse) {
  reached += 1;
  const key = `${TENANT}|${req.headers['accept-language'] ?? ''}|${req.url}`;
  const response = await servePage(cache, { key, tenantId: TENANT, tags: ['campaigns'], ttlSeconds: 30 }, async () => {
    rendered += 1;
    const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
    if (setCookie) headers.set('set-cookie', 'locale=ms; Path=/');
    return new Response(html(), { status: 200, headers });
  });
  response.headers.set('cache-control', 'public, max-age=60');
  if (setCookie) response.headers.set('set-cookie', 'locale=ms; Path=/');
  const request = new Request(`http://localhost${req.url}`, { headers: req.headers as Record<string, string> });
  if (response.headers.get(PAGE_CACHE_HEADER) !== 'uncacheable')
    nameForFrontDoor(request, response.headers, 'page', key);
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

function get(path: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'en' };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    delete req.headers[CAPTURE_HEADER];
    if (front.serve(req, res)) return;
    front.watch(req, res);
    compressResponse(req, res);
    void app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  now = 1_000_000;
  cache = new PageCache({ now: () => now });
  // As the app does: its page cache's lookup published for the front door's default validator.
  const current = cache;
  registerFrontDoorValidator('page', (key) => current.etagOf(key));
  front = new FrontDoorCache();
  reached = 0;
  rendered = 0;
  version = 'one';
  setCookie = false;
});

describe('pages at the front door', () => {
  it('answers a repeated page without the app, with the same bytes and headers', async () => {
    const first = await get('/donation', BROWSER);
    const second = await get('/donation', BROWSER);
    const third = await get('/donation', BROWSER);
    expect(reached).toBe(1);
    expect(rendered).toBe(1);
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(third.raw.equals(first.raw)).toBe(true);
    expect(zlib.brotliDecompressSync(third.raw).toString()).toBe(html());
    // The app streamed (chunked); the front door knows the length.
    const { date: _a, 'transfer-encoding': _c, ...firstHeaders } = first.headers;
    const { date: _b, ...thirdHeaders } = third.headers;
    expect(thirdHeaders).toEqual({
      ...firstHeaders,
      [PAGE_CACHE_HEADER.toLowerCase()]: 'hit',
      'content-length': String(first.raw.length),
    });
    // The app's page key never leaves the server.
    for (const answer of [first, second, third]) expect(answer.headers[FRONT_PAGE_KEY]).toBeUndefined();
  });

  it('keeps each encoding apart: br, gzip and none', async () => {
    const answers = new Map<string, Buffer>();
    for (const encoding of ['br', 'gzip', '']) {
      await get('/donation', { 'accept-encoding': encoding, 'accept-language': 'en' });
      const again = await get('/donation', { 'accept-encoding': encoding, 'accept-language': 'en' });
      expect(again.headers['content-encoding'] ?? '', encoding).toBe(encoding);
      answers.set(encoding, again.raw);
    }
    expect(zlib.brotliDecompressSync(answers.get('br') as Buffer).toString()).toBe(html());
    expect(zlib.gunzipSync(answers.get('gzip') as Buffer).toString()).toBe(html());
    expect((answers.get('') as Buffer).toString()).toBe(html());
    // One render; the app was reached once per encoding (to fill the front door), not twice.
    expect(rendered).toBe(1);
    expect(reached).toBe(3);
  });

  it('sends to the app whoever has a cookie, another language, a body or another method', async () => {
    await get('/donation', BROWSER);
    await get('/donation', { ...BROWSER, cookie: 'serambi_session=abc' });
    await get('/donation', { ...BROWSER, 'accept-language': 'ms' });
    await get('/donation', { ...BROWSER, 'content-length': '0' });
    await get('/donation', BROWSER, 'HEAD');
    await get('/donation', { ...BROWSER, 'if-none-match': 'W/"x"' });
    expect(reached).toBe(6);
  });

  it('follows the app’s cache: an invalidation or an expiry sends the next visitor to the app', async () => {
    await get('/donation', BROWSER);
    await get('/donation', BROWSER);
    expect(reached).toBe(1);
    version = 'two';
    cache.invalidate({ tenantId: TENANT, tags: ['campaigns'] });
    const after = await get('/donation', BROWSER);
    expect(reached).toBe(2);
    expect(zlib.brotliDecompressSync(after.raw).toString()).toContain('version two');
    const again = await get('/donation', BROWSER);
    expect(reached).toBe(2);
    expect(again.raw.equals(after.raw)).toBe(true);
    now += 31_000;
    await get('/donation', BROWSER);
    expect(reached).toBe(3);
    cache.clear();
    await get('/donation', BROWSER);
    expect(reached).toBe(4);
  });

  it('never keeps an answer that sets a cookie, nor one the app did not take from its cache', async () => {
    setCookie = true;
    await get('/donation', BROWSER);
    await get('/donation', BROWSER);
    expect(reached).toBe(2);
    setCookie = false;
    // A cache that no longer publishes its lookup: nothing is answered here.
    registerFrontDoorValidator('page', null);
    await get('/other', BROWSER);
    await get('/other', BROWSER);
    expect(reached).toBe(4);
  });

  it('keys a request by URL, encoding, language, frame and forwarded protocol only', () => {
    const request = (headers: http.IncomingHttpHeaders, url = '/donation', method = 'GET') =>
      frontDoorKey({ method, url, headers } as http.IncomingMessage);
    const base = request({ host: 'a.localhost', 'accept-encoding': 'br', 'accept-language': 'en' });
    expect(base).not.toBeNull();
    expect(request({ host: 'b.localhost', 'accept-encoding': 'br', 'accept-language': 'en' })).not.toBe(base);
    expect(
      request({ host: 'a.localhost', 'accept-encoding': 'br', 'accept-language': 'en' }, '/donation?x=1'),
    ).not.toBe(base);
    expect(
      request({ host: 'a.localhost', 'accept-encoding': 'br', 'accept-language': 'en', 'sec-fetch-dest': 'iframe' }),
    ).not.toBe(base);
    expect(
      request({ host: 'a.localhost', 'accept-encoding': 'br', 'accept-language': 'en', 'x-forwarded-proto': 'https' }),
    ).not.toBe(base);
    expect(request({ host: 'a.localhost', 'accept-encoding': 'br', 'accept-language': 'en', 'user-agent': 'x' })).toBe(
      base,
    );
    expect(request({ host: 'a.localhost', cookie: 'a=b' })).toBeNull();
    expect(request({ host: 'a.localhost', authorization: 'Bearer x' })).toBeNull();
    expect(request({ host: 'a.localhost' }, '/donation', 'POST')).toBeNull();
  });

  it('names the same headers as the app', () => {
    expect(CAPTURE_HEADER).toBe(FRONT_DOOR_CAPTURE_HEADER);
    expect(FRONT_PAGE_KEY).toBe(FRONT_DOOR_KEY_HEADER);
  });
});
