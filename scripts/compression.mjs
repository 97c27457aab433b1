// @ts-check
// Response compression at the front door (scripts/serve.mjs), for everything Astro answers: pages
// (streamed too), JSON, .ics, XML, SVG. Negotiated by Accept-Encoding (q-values; brotli preferred,
// then gzip, else identity), `Vary: Accept-Encoding` on every answer whose form depends on it.
// Left alone: tiny bodies (< 1 KB), types that are already compressed (images, PDF, fonts),
// answers with a Content-Encoding or `Cache-Control: no-transform`, and `text/event-stream`, whose
// events must reach the reader the moment they are written. A streamed page is flushed at the end
// of every turn in which it wrote, so its first bytes leave before the rest is rendered.
// See docs/decisions/0017-compression-at-the-front-door.md.
import zlib from 'node:zlib';

/** Bodies smaller than this go out as they are: compressing them saves nothing worth the CPU. */
export const MIN_COMPRESSED_BYTES = 1024;
/** Dynamic answers: brotli 4 is about gzip 6's speed for a smaller result. */
export const DYNAMIC_BROTLI_QUALITY = 4;
export const DYNAMIC_GZIP_LEVEL = 6;
/** A body of declared length up to this size is held and compressed whole; a longer one streams. */
export const WHOLE_BODY_MAX_BYTES = 4 * 1024 * 1024;

/** @typedef {'br' | 'gzip' | 'identity'} Encoding */

/**
 * Pages the app serves from its page cache carry `X-Page-Cache` and a strong ETag of their bytes:
 * their compressed form is kept here, so a page answered from the cache is not compressed again
 * for every visitor (brotli costs about 1 ms per page; a cached page takes less to serve).
 * Keyed by ETag and encoding; oldest dropped first past the byte limit.
 */
export const COMPRESSED_PAGES_MAX_BYTES = 32 * 1024 * 1024;
const COMPRESSED_PAGE_MAX_BYTES = 2 * 1024 * 1024;
/** @type {Map<string, Buffer>} */
const compressedPages = new Map();
let compressedPagesBytes = 0;

/** @param {string} key @param {Buffer} body */
function rememberCompressedPage(key, body) {
  if (body.length > COMPRESSED_PAGE_MAX_BYTES || compressedPages.has(key)) return;
  compressedPages.set(key, body);
  compressedPagesBytes += body.length;
  for (const [oldKey, old] of compressedPages) {
    if (compressedPagesBytes <= COMPRESSED_PAGES_MAX_BYTES) break;
    compressedPages.delete(oldKey);
    compressedPagesBytes -= old.length;
  }
}

/** How many compressed pages are kept (tests). */
export function compressedPagesKept() {
  return compressedPages.size;
}

/**
 * The key of a response whose compressed form may be kept: a page from the page cache, with a
 * strong ETag (a hash of its bytes).
 * @param {import('node:http').ServerResponse} res
 * @param {Encoding} encoding
 */
function compressedPageKey(res, encoding) {
  const outcome = String(res.getHeader('x-page-cache') ?? '');
  const etag = res.getHeader('etag');
  if (!['hit', 'miss', 'shared'].includes(outcome) || typeof etag !== 'string' || etag.startsWith('W/')) return null;
  return `${etag}|${encoding}`;
}

/**
 * How much the request wants each encoding we can produce: the q of `br` and of `gzip`
 * (`x-gzip` counts as gzip), `*` standing for one not named, 0 when refused or not accepted.
 * A coding named twice keeps its highest weight.
 * @param {string | string[] | undefined} header
 * @returns {{ br: number; gzip: number }}
 */
export function encodingWeights(header) {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return { br: 0, gzip: 0 };
  /** @type {Map<string, number>} */
  const q = new Map();
  for (const part of value.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) weight = Number(match[1]);
    }
    if (!Number.isFinite(weight) || weight < 0) weight = 0;
    q.set(name, Math.max(q.get(name) ?? 0, Math.min(weight, 1)));
  }
  const star = q.get('*');
  const weightOf = (/** @type {string} */ name) => q.get(name) ?? star ?? 0;
  const gzipNamed = q.has('gzip') || q.has('x-gzip');
  return {
    br: weightOf('br'),
    gzip: gzipNamed ? Math.max(q.get('gzip') ?? 0, q.get('x-gzip') ?? 0) : (star ?? 0),
  };
}

/**
 * The encoding to answer with for an Accept-Encoding header: the higher q of br and gzip (a tie
 * goes to br, the smaller), identity when neither is accepted or there is no header.
 * @param {string | string[] | undefined} header
 * @returns {Encoding}
 */
export function negotiateEncoding(header) {
  const { br, gzip } = encodingWeights(header);
  if (br <= 0 && gzip <= 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * True for a Content-Type worth compressing: text (but not an event stream), JSON, JavaScript,
 * XML, SVG, calendars, web manifests, WebAssembly text. Images, PDF, fonts, archives: no.
 * @param {string | undefined} contentType
 */
export function isCompressible(contentType) {
  if (!contentType) return false;
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  if (type.startsWith('text/')) return true;
  return (
    /^application\/(?:[\w.-]+\+)?(?:json|xml)$/.test(type) ||
    type === 'application/javascript' ||
    type === 'application/ecmascript' ||
    type === 'application/x-javascript' ||
    type === 'image/svg+xml' ||
    type === 'application/manifest+json' ||
    type === 'application/x-ndjson' ||
    type === 'application/graphql-response+json'
  );
}

/**
 * Adds `Accept-Encoding` to a response's Vary header (once).
 * @param {import('node:http').ServerResponse} res
 */
export function varyOnAcceptEncoding(res) {
  const current = res.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === 'accept-encoding')) return;
  res.setHeader('Vary', [...list, 'Accept-Encoding'].join(', '));
}

/**
 * The options of a dynamic answer's compression, for a stream and for a whole body alike.
 * @param {Encoding} encoding
 * @param {number | undefined} sizeHint
 */
function encoderOptions(encoding, sizeHint) {
  if (encoding !== 'br') return { level: DYNAMIC_GZIP_LEVEL };
  /** @type {Record<number, number>} */
  const params = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  };
  if (sizeHint) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
  return { params };
}

/**
 * @param {Encoding} encoding
 * @param {number | undefined} sizeHint
 */
function createEncoder(encoding, sizeHint) {
  const options = encoderOptions(encoding, sizeHint);
  return encoding === 'br' ? zlib.createBrotliCompress(options) : zlib.createGzip(options);
}

/**
 * Compresses a whole body in one call, on libuv's thread pool: the main thread renders the pages
 * and is the first to run out (inline, it took 7–10 % more of it: decision 0031).
 * @param {Encoding} encoding
 * @param {Buffer} body
 * @param {(error: Error | null, compressed: Buffer) => void} done
 */
function compressWhole(encoding, body, done) {
  const options = encoderOptions(encoding, body.length);
  if (encoding === 'br') zlib.brotliCompress(body, options, done);
  else zlib.gzip(body, options, done);
}

/**
 * Makes `res` compress what is written to it when the request accepts it and the answer is worth
 * it. Call before handing `res` to the application; the application writes as usual
 * (writeHead/setHeader, write, end).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
export function compressResponse(req, res) {
  const accepted = negotiateEncoding(req.headers['accept-encoding']);
  const head = req.method === 'HEAD';
  /** @typedef {(...args: any[]) => any} Loose */
  const originalWriteHead = /** @type {Loose} */ (res.writeHead);
  const originalWrite = /** @type {Loose} */ (res.write);
  const originalEnd = /** @type {Loose} */ (res.end);

  /** @type {'undecided' | 'identity' | 'compress' | 'replay'} */
  let mode = 'undecided';
  /** @type {Buffer[]} */
  let pending = [];
  let pendingBytes = 0;
  let decideScheduled = false;
  /** @type {zlib.BrotliCompress | zlib.Gzip | undefined} */
  let encoder;
  let flushScheduled = false;
  let ended = false;
  /** The body was compressed whole at its end: the compression's callback ends the response. */
  let wholeBody = false;

  /** @param {unknown} chunk @param {unknown} [encoding] */
  const toBuffer = (chunk, encoding) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, /** @type {BufferEncoding} */ (typeof encoding === 'string' ? encoding : 'utf8'))
        : Buffer.from(/** @type {Uint8Array} */ (chunk));

  // writeHead with a headers object would fix the headers at once; keep them on the response
  // instead, so the decision (taken at the first body byte) can still change them.
  /** @type {any} */ (res).writeHead = function writeHead(/** @type {number} */ status, /** @type {any[]} */ ...rest) {
    res.statusCode = status;
    let headers = rest[0];
    if (typeof headers === 'string') {
      res.statusMessage = headers;
      headers = rest[1];
    }
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(String(headers[i]), headers[i + 1]);
    } else if (headers && typeof headers === 'object') {
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
    }
    return res;
  };

  /**
   * @param {boolean} knownEnd whether every byte of the body is in `pending`
   * @returns {'identity' | 'compress' | 'replay'}
   */
  function decide(knownEnd) {
    if (mode !== 'undecided') return mode;
    const type = /** @type {string | undefined} */ (res.getHeader('content-type'));
    const compressible = isCompressible(type);
    if (compressible && !res.getHeader('content-encoding')) varyOnAcceptEncoding(res);
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    const declaredLength = Number(res.getHeader('content-length') ?? Number.NaN);
    const size = knownEnd ? pendingBytes : Number.isFinite(declaredLength) ? declaredLength : undefined;
    const worth =
      !head &&
      accepted !== 'identity' &&
      compressible &&
      !res.getHeader('content-encoding') &&
      !/\bno-transform\b/i.test(cacheControl) &&
      res.statusCode !== 204 &&
      res.statusCode !== 304 &&
      res.statusCode >= 200 &&
      (size === undefined || size >= MIN_COMPRESSED_BYTES);
    if (!worth) {
      mode = 'identity';
      if (knownEnd && !head && !res.getHeader('content-length') && res.statusCode !== 204 && res.statusCode !== 304)
        res.setHeader('Content-Length', pendingBytes);
      originalWriteHead.call(res, res.statusCode);
      for (const chunk of pending) originalWrite.call(res, chunk);
      pending = [];
      return mode;
    }
    const pageKey = compressedPageKey(res, accepted);
    const kept = pageKey ? compressedPages.get(pageKey) : undefined;
    res.removeHeader('content-length');
    res.setHeader('Content-Encoding', accepted);
    const etag = res.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
    if (kept) {
      // The same page compressed before: send those bytes, and let the app's copy go.
      mode = 'replay';
      res.setHeader('Content-Length', kept.length);
      originalWriteHead.call(res, res.statusCode);
      originalWrite.call(res, kept);
      pending = [];
      return mode;
    }
    mode = 'compress';
    if (knownEnd) {
      // The whole body is here (a page rendered whole, an endpoint's JSON): compress it in one
      // call off the main thread and send it with its length, headers and body in one write.
      const body = pending.length === 1 ? /** @type {Buffer} */ (pending[0]) : Buffer.concat(pending, pendingBytes);
      pending = [];
      wholeBody = true;
      compressWhole(accepted, body, (error, compressed) => {
        // The visitor may have gone while it was being compressed.
        if (res.destroyed) return;
        if (error) {
          res.destroy(error);
          return;
        }
        if (pageKey) rememberCompressedPage(pageKey, compressed);
        res.setHeader('Content-Length', compressed.length);
        originalWriteHead.call(res, res.statusCode);
        originalEnd.call(res, compressed);
      });
      return mode;
    }
    originalWriteHead.call(res, res.statusCode);
    const stream = createEncoder(accepted, size);
    encoder = stream;
    /** @type {Buffer[] | null} */
    let output = pageKey ? [] : null;
    let outputBytes = 0;
    stream.on('data', (/** @type {Buffer} */ data) => {
      if (output) {
        output.push(data);
        outputBytes += data.length;
        if (outputBytes > COMPRESSED_PAGE_MAX_BYTES) output = null;
      }
      if (!originalWrite.call(res, data)) stream.pause();
    });
    stream.on('end', () => {
      if (output && pageKey) rememberCompressedPage(pageKey, Buffer.concat(output));
    });
    res.on('drain', () => stream.resume());
    stream.on('end', () => originalEnd.call(res));
    stream.on('error', (error) => res.destroy(error));
    res.on('close', () => {
      if (!stream.writableEnded) stream.destroy();
    });
    for (const chunk of pending) stream.write(chunk);
    pending = [];
    return mode;
  }

  function scheduleFlush() {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(() => {
      flushScheduled = false;
      if (!encoder || ended || encoder.destroyed) return;
      encoder.flush(accepted === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH);
    });
  }

  /** @type {any} */ (res).write = function write(/** @type {any} */ chunk, /** @type {any[]} */ ...rest) {
    const callback = rest.find((a) => typeof a === 'function');
    if (chunk === undefined || chunk === null || (chunk.length ?? 0) === 0) {
      if (callback) process.nextTick(callback);
      return true;
    }
    if (mode === 'replay') {
      if (callback) process.nextTick(callback);
      return true;
    }
    const buffer = toBuffer(chunk, rest[0]);
    if (mode === 'identity') return originalWrite.call(res, buffer, callback);
    if (mode === 'compress' && encoder) {
      encoder.write(buffer, callback);
      scheduleFlush();
      return true;
    }
    pending.push(buffer);
    pendingBytes += buffer.length;
    if (callback) process.nextTick(callback);
    const mightCompress =
      !head &&
      accepted !== 'identity' &&
      isCompressible(/** @type {string | undefined} */ (res.getHeader('content-type')));
    const declaredLength = Number(res.getHeader('content-length') ?? Number.NaN);
    // A body of declared length (a page rendered whole, an endpoint's JSON) is held to its end
    // and compressed in one call: a stream costs several times the CPU for the same bytes.
    if (mightCompress && declaredLength >= MIN_COMPRESSED_BYTES && declaredLength <= WHOLE_BODY_MAX_BYTES) {
      if (pendingBytes >= declaredLength) decide(true);
      return true;
    }
    // Otherwise hold bytes back only while the size is not known and still under the threshold.
    if (!mightCompress || Number.isFinite(declaredLength) || pendingBytes >= MIN_COMPRESSED_BYTES) {
      if (decide(false) === 'compress') scheduleFlush();
    } else if (!decideScheduled) {
      // A body still under the threshold at the end of this turn is streaming slowly: decide
      // now rather than hold its first bytes back.
      decideScheduled = true;
      setImmediate(() => {
        if (mode !== 'undecided' || ended) return;
        if (decide(false) === 'compress') scheduleFlush();
      });
    }
    return true;
  };

  /** @type {any} */ (res).end = function end(/** @type {any[]} */ ...args) {
    const callback = args.find((a) => typeof a === 'function');
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const encoding = typeof args[1] === 'string' ? args[1] : undefined;
    if (mode !== 'replay' && chunk !== undefined && chunk !== null && (chunk.length ?? 0) > 0) {
      const buffer = toBuffer(chunk, encoding);
      if (mode === 'undecided') {
        pending.push(buffer);
        pendingBytes += buffer.length;
      } else if (mode === 'identity') {
        originalWrite.call(res, buffer);
      } else encoder?.write(buffer);
    }
    if (ended) return res;
    ended = true;
    if (mode === 'undecided') decide(true);
    if (callback) res.once('finish', callback);
    if (mode === 'compress' && encoder) encoder.end();
    else if (!wholeBody) originalEnd.call(res);
    return res;
  };
}
