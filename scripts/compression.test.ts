import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compressedPagesKept,
  compressResponse,
  encodingWeights,
  isCompressible,
  negotiateEncoding,
} from './compression.mjs';
import { precompressFolder } from './precompress.mjs';
import { createStaticFileHandler, IMMUTABLE, indexStaticFiles, PUBLIC_FILE } from './static-files.mjs';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

function decode(raw: Buffer, encoding: string | undefined): string {
  if (raw.length === 0) return '';
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

function get(port: number, pathname: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw,
          text: decode(raw, res.headers['content-encoding']),
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const page = `<!doctype html><html><body>${'<p>Klinik Sihat Bersama: book a consultation.</p>'.repeat(200)}</body></html>`;
const json = JSON.stringify({ days: Array.from({ length: 200 }, (_, i) => ({ day: i, slots: [540, 555, 570] })) });

describe('negotiating the encoding', () => {
  it('prefers brotli, then gzip, and honours q-values and refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.9, gzip;q=0.9')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBe('identity');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('deflate')).toBe('identity');
    expect(negotiateEncoding('')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(negotiateEncoding('GZIP;Q=1')).toBe('gzip');
    expect(encodingWeights('x-gzip;q=0.3, *;q=0.1')).toEqual({ br: 0.1, gzip: 0.3 });
  });

  it('compresses text, JSON, JavaScript, SVG, XML and calendars, never event streams, images or PDF', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript',
      'application/json',
      'application/problem+json',
      'image/svg+xml',
      'application/xml',
      'application/rss+xml',
      'text/calendar; charset=utf-8',
    ])
      expect(isCompressible(type), type).toBe(true);
    for (const type of ['text/event-stream; charset=utf-8', 'image/png', 'application/pdf', 'font/woff2', undefined])
      expect(isCompressible(type), String(type)).toBe(false);
  });
});

describe('compressing what the application answers', () => {
  let server: http.Server;
  let port: number;
  let releaseStream: () => void = () => {};
  let appRenders = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      compressResponse(req, res);
      const url = req.url ?? '/';
      if (url === '/page') {
        // As Astro writes: headers in writeHead, then the body in chunks.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' });
        res.write(page.slice(0, 500));
        res.write(page.slice(500));
        res.end();
      } else if (url.startsWith('/cached-page')) {
        // A page from the app's page cache: a strong ETag of its bytes; ?v= stands for other bytes.
        const version = new URL(url, 'http://x').searchParams.get('v') ?? '1';
        appRenders += 1;
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          etag: `"page-v${version}"`,
          'x-page-cache': 'hit',
        });
        res.end(page.replace('book', `book v${version}`));
      } else if (url === '/rendered-page') {
        // As the adapter writes a page rendered whole: its length in writeHead, then the body's
        // chunks as the Response hands them over, then end().
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-length': String(Buffer.byteLength(page)),
        });
        res.write(page.slice(0, 3000));
        res.write(page.slice(3000, 6000));
        setImmediate(() => {
          res.write(page.slice(6000));
          res.end();
        });
      } else if (url === '/json') {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Content-Length', Buffer.byteLength(json));
        res.end(json);
      } else if (url === '/tiny') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      } else if (url === '/png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(4096, 7));
      } else if (url === '/no-transform') {
        res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-transform' });
        res.end(page);
      } else if (url === '/streamed') {
        // A page whose head leaves before the rest is rendered.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write(`<!doctype html><html><head>${'<meta name="x" content="y">'.repeat(60)}</head>`);
        new Promise<void>((resolve) => {
          releaseStream = resolve;
        }).then(() => res.end(`<body>${'late '.repeat(400)}</body></html>`));
      } else if (url === '/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
        res.write('retry: 3000\n\n');
        res.write(`event: realtime.ready\ndata: ${'x'.repeat(50)}\n\n`);
        new Promise<void>((resolve) => {
          releaseStream = resolve;
        }).then(() => res.end('data: bye\n\n'));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
    port = await listen(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers brotli to a browser, gzip to a gzip-only client, identity to one that accepts neither', async () => {
    const br = await get(port, '/page', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('private, no-store');
    expect(br.text).toBe(page);
    expect(br.raw.length).toBeLessThan(page.length / 5);

    const gzip = await get(port, '/page', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(page);

    const none = await get(port, '/page');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers.vary).toBe('Accept-Encoding');
    expect(none.text).toBe(page);

    const refused = await get(port, '/page', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.text).toBe(page);

    const gzipPreferred = await get(port, '/page', { 'accept-encoding': 'br;q=0.1, gzip' });
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
  });

  it('compresses a page from the page cache once per encoding, and sends those bytes again after', async () => {
    const kept = compressedPagesKept();
    const first = await get(port, '/cached-page', { 'accept-encoding': 'br' });
    const again = await get(port, '/cached-page', { 'accept-encoding': 'br' });
    expect(first.text).toBe(page.replace('book', 'book v1'));
    expect(again.raw.equals(first.raw)).toBe(true);
    expect(again.headers).toMatchObject({ 'content-encoding': 'br', etag: 'W/"page-v1"', vary: 'Accept-Encoding' });
    expect(Number(again.headers['content-length'])).toBe(again.raw.length);
    expect(compressedPagesKept()).toBe(kept + 1);
    const gzip = await get(port, '/cached-page', { 'accept-encoding': 'gzip' });
    expect(gzip.text).toBe(first.text);
    expect(compressedPagesKept()).toBe(kept + 2);
    // Other bytes carry another ETag: never answered with the old page's.
    const other = await get(port, '/cached-page?v=2', { 'accept-encoding': 'br' });
    expect(other.text).toBe(page.replace('book', 'book v2'));
    expect(appRenders).toBe(4);
  });

  it('compresses a whole body in one piece, with the compressed length instead of its own', async () => {
    for (const encoding of ['br', 'gzip']) {
      const answer = await get(port, '/json', { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(Number(answer.headers['content-length'])).toBe(answer.raw.length);
      expect(answer.raw.length).toBeLessThan(Buffer.byteLength(json));
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      expect(JSON.parse(answer.text)).toEqual(JSON.parse(json));
      // A page of declared length written in chunks over several turns: held to its end, then
      // compressed whole (a stream would have gone out chunked, at several times the CPU).
      const rendered = await get(port, '/rendered-page', { 'accept-encoding': encoding });
      expect(rendered.headers['content-encoding']).toBe(encoding);
      expect(rendered.headers['transfer-encoding']).toBeUndefined();
      expect(Number(rendered.headers['content-length'])).toBe(rendered.raw.length);
      expect(rendered.text).toBe(page);
    }
    const identity = await get(port, '/rendered-page', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-length']).toBe(String(Buffer.byteLength(page)));
    expect(identity.text).toBe(page);
  });

  it('leaves tiny bodies, images and no-transform answers as they are', async () => {
    const tiny = await get(port, '/tiny', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['content-length']).toBe('11');
    expect(tiny.headers.vary).toBe('Accept-Encoding');
    expect(tiny.text).toBe('{"ok":true}');

    const png = await get(port, '/png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.raw.length).toBe(4096);

    const kept = await get(port, '/no-transform', { 'accept-encoding': 'br, gzip' });
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.text).toBe(page);
  });

  it('answers HEAD with the headers only', async () => {
    const answer = await get(port, '/page', { 'accept-encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.raw.length).toBe(0);
  });

  it('sends the first part of a streamed page, compressed, before the rest is rendered', async () => {
    const first = await new Promise<{ encoding: string | undefined; text: string; rest: Promise<string> }>(
      (resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/streamed', headers: { 'accept-encoding': 'br' } });
        req.on('error', reject);
        req.on('response', (res) => {
          const decoder = zlib.createBrotliDecompress();
          res.pipe(decoder);
          let text = '';
          let announced = false;
          const rest = new Promise<string>((done) => decoder.on('end', () => done(text)));
          decoder.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            if (!announced && text.includes('</head>')) {
              announced = true;
              resolve({ encoding: res.headers['content-encoding'], text, rest });
            }
          });
        });
      },
    );
    expect(first.encoding).toBe('br');
    expect(first.text).toContain('</head>');
    expect(first.text).not.toContain('<body>');
    releaseStream();
    expect(await first.rest).toMatch(/<\/head><body>(late ){400}<\/body><\/html>$/);
  });

  it('never holds back or compresses an event stream: its first events arrive while it is open', async () => {
    const events = await new Promise<{ headers: http.IncomingHttpHeaders; text: string; closed: Promise<string> }>(
      (resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/events', headers: { 'accept-encoding': 'br, gzip' } });
        req.on('error', reject);
        req.on('response', (res) => {
          let text = '';
          let announced = false;
          const closed = new Promise<string>((done) => res.on('end', () => done(text)));
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            if (!announced && text.includes('event: realtime.ready')) {
              announced = true;
              resolve({ headers: res.headers, text, closed });
            }
          });
        });
      },
    );
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(events.text).toMatch(/^retry: 3000\n\nevent: realtime.ready\n/);
    expect(events.text).not.toContain('bye');
    releaseStream();
    expect(await events.closed).toContain('data: bye');
  });
});

describe('the build’s public files', () => {
  let server: http.Server;
  let port: number;
  let root: string;
  const script = `export const greet = () => ${JSON.stringify('Selamat datang! '.repeat(300))};\n`;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'serambi-static-'));
    mkdirSync(path.join(root, '_astro'));
    writeFileSync(path.join(root, '_astro', 'page.Ab12Cd.js'), script);
    writeFileSync(path.join(root, '_astro', 'tiny.Ef34.css'), 'a{color:red}');
    writeFileSync(
      path.join(root, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`,
    );
    writeFileSync(path.join(root, 'hero.png'), Buffer.alloc(5000, 1));
    const done = precompressFolder(root);
    expect(done.files).toBe(2);
    const serve = createStaticFileHandler(indexStaticFiles(root));
    server = http.createServer((req, res) => {
      if (serve(req, res)) return;
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('to Astro');
    });
    port = await listen(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('writes a brotli and a gzip twin of each text file at build time, nothing for small or binary files', () => {
    const file = path.join(root, '_astro', 'page.Ab12Cd.js');
    expect(zlib.brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(() => readFileSync(path.join(root, '_astro', 'tiny.Ef34.css.br'))).toThrow();
    expect(() => readFileSync(path.join(root, 'hero.png.br'))).toThrow();
  });

  it('serves the precompressed twin the request accepts, with immutable caching of hashed assets', async () => {
    const file = path.join(root, '_astro', 'page.Ab12Cd.js');
    const br = await get(port, '/_astro/page.Ab12Cd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.raw.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(br.headers['content-length']).toBe(String(readFileSync(`${file}.br`).length));
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.text).toBe(script);

    const gzip = await get(port, '/_astro/page.Ab12Cd.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.raw.equals(readFileSync(`${file}.gz`))).toBe(true);

    const none = await get(port, '/_astro/page.Ab12Cd.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.text).toBe(script);
    expect(none.headers.etag).not.toBe(br.headers.etag);

    const again = await get(port, '/_astro/page.Ab12Cd.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
  });

  it('caches other public files for an hour, serves small and binary files as they are', async () => {
    const svg = await get(port, '/favicon.svg', { 'accept-encoding': 'br' });
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['cache-control']).toBe(PUBLIC_FILE);
    expect(svg.headers['content-type']).toBe('image/svg+xml');

    const tiny = await get(port, '/_astro/tiny.Ef34.css', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe(IMMUTABLE);
    expect(tiny.text).toBe('a{color:red}');

    const png = await get(port, '/hero.png', { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.raw.length).toBe(5000);
  });

  it('leaves unknown paths, twins asked for by name and other methods to Astro', async () => {
    expect((await get(port, '/appointment')).text).toBe('to Astro');
    expect((await get(port, '/_astro/page.Ab12Cd.js.br')).text).toBe('to Astro');
    expect((await get(port, '/_astro/page.Ab12Cd.js', {}, 'POST')).text).toBe('to Astro');
  });
});
