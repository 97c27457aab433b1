// @ts-check
// Answers the app keeps in a cache — public pages (src/server/page-cache), the availability feed —
// answered at the front door (scripts/serve.mjs), before Astro, for a visitor who sends no cookie:
// the ad visitor's first page. The app's caches stay the one source of truth: the front door keeps
// the exact bytes and headers the app last sent for a request (compressed as that request
// accepted), and answers a request identical in everything such an answer may depend on only
// while the app's cache still holds that very answer (same ETag): its time to live, its
// invalidations (across instances, by NOTIFY) and its clearing all reach the front door without a
// channel of their own. Anything else goes to the app as before. The contract's app side is
// src/server/front-door.ts. See docs/decisions/0028-pages-at-the-front-door.md.
import { negotiateEncoding } from './compression.mjs';

/** Response header naming the app's cache entry (`namespace:key`) of an answer; never sent. */
export const PAGE_KEY_HEADER = 'x-serambi-page-key';
/** Request header by which the front door asks the app for PAGE_KEY_HEADER; a client's own is dropped. */
export const CAPTURE_HEADER = 'x-serambi-front-door-cache';
/** Where the app publishes its caches' lookups: Map of namespace → (key) => ETag held now, or null. */
export const VALIDATORS = Symbol.for('serambi.front-door.validators');

export const FRONT_DOOR_MAX_BYTES = 32 * 1024 * 1024;
export const FRONT_DOOR_MAX_ENTRIES = 2000;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/**
 * The request headers a cacheable page may depend on besides its URL: the Host (tenant, origin),
 * the language the browser asks for (unprefixed paths), the frame it is shown in (embed) and the
 * protocol a trusted proxy saw (absolute links). Everything else a page shows is the same for
 * every visitor without a cookie.
 */
const KEYED_HEADERS = ['host', 'accept-language', 'sec-fetch-dest', 'x-forwarded-proto'];

/**
 * @typedef {{ pageKey: string; etag: string; status: number; headers: [string, string][]; body: Buffer }} Entry
 * @typedef {(name: string) => string | null} EtagLookup
 */

/** @param {string | string[] | undefined} value */
const single = (value) => (Array.isArray(value) ? value.join(',') : (value ?? ''));

/**
 * The key of a request the front door may answer, or null when only the app may: a GET with no
 * cookie (no session, no remembered language) and no body.
 * @param {import('node:http').IncomingMessage} req
 */
export function frontDoorKey(req) {
  if (req.method !== 'GET') return null;
  const { headers } = req;
  if (headers.cookie || headers.authorization || headers['content-length'] || headers['transfer-encoding']) return null;
  const parts = [req.url ?? '/', negotiateEncoding(headers['accept-encoding'])];
  for (const name of KEYED_HEADERS) parts.push(single(headers[name]).trim().toLowerCase());
  return parts.join('\n');
}

/** @param {unknown} etag */
const strongEtag = (etag) => (typeof etag === 'string' ? etag.replace(/^W\//, '') : '');

/**
 * What the app's cache holds now under `namespace:key`: the validator its namespace published.
 * @type {EtagLookup}
 */
function appValidator(name) {
  const separator = name.indexOf(':');
  const lookups = /** @type {Map<string, EtagLookup> | undefined} */ (/** @type {any} */ (globalThis)[VALIDATORS]);
  return lookups?.get(name.slice(0, separator))?.(name.slice(separator + 1)) ?? null;
}

export class FrontDoorCache {
  /** @type {Map<string, Entry>} */
  #entries = new Map();
  #bytes = 0;
  #maxBytes;
  #maxEntries;
  /** @type {() => EtagLookup | undefined} */
  #lookup;

  /** @param {{ maxBytes?: number; maxEntries?: number; lookup?: () => EtagLookup | undefined }} [options] */
  constructor(options = {}) {
    this.#maxBytes = options.maxBytes ?? FRONT_DOOR_MAX_BYTES;
    this.#maxEntries = options.maxEntries ?? FRONT_DOOR_MAX_ENTRIES;
    this.#lookup = options.lookup ?? (() => appValidator);
  }

  get size() {
    return this.#entries.size;
  }

  /**
   * Answers the request from what the app last sent for it, if the app's cache still holds that
   * page. True when answered.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  serve(req, res) {
    const key = frontDoorKey(req);
    // A conditional request may be a 304: the app answers it.
    if (key === null || req.headers['if-none-match']) return false;
    const entry = this.#entries.get(key);
    if (!entry) return false;
    const current = strongEtag(this.#lookup()?.(entry.pageKey) ?? null);
    if (current !== entry.etag) {
      this.#delete(key, entry);
      return false;
    }
    res.writeHead(entry.status, entry.headers);
    res.end(entry.body);
    return true;
  }

  /**
   * Watches what goes on the wire for this request (call before anything wraps `res`): a page
   * from the app's cache, for a request the front door may answer, is kept as it was sent. The
   * app's page-key header is removed from every response.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  watch(req, res) {
    const key = frontDoorKey(req);
    if (key !== null) req.headers[CAPTURE_HEADER] = '1';
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    /** @type {{ pageKey: string; etag: string; status: number; headers: [string, string][]; chunks: Buffer[]; bytes: number } | null} */
    let capture = null;
    const cache = this;

    /** @param {unknown} chunk @param {unknown} [encoding] */
    const keep = (chunk, encoding) => {
      if (!capture || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, /** @type {BufferEncoding} */ (typeof encoding === 'string' ? encoding : 'utf8'))
          : Buffer.from(/** @type {Uint8Array} */ (chunk));
      capture.chunks.push(buffer);
      capture.bytes += buffer.length;
      if (capture.bytes > MAX_PAGE_BYTES) capture = null;
    };

    /** @type {any} */ (res).writeHead = function frontDoorWriteHead(/** @type {any[]} */ ...args) {
      const pageKey = res.getHeader(PAGE_KEY_HEADER);
      res.removeHeader(PAGE_KEY_HEADER);
      const status = args[0];
      const etag = strongEtag(res.getHeader('etag'));
      // Only an answer from the app's cache, whole, status 200, setting nothing of this visitor's.
      if (
        key !== null &&
        typeof pageKey === 'string' &&
        status === 200 &&
        args.length === 1 &&
        etag &&
        !res.hasHeader('set-cookie')
      ) {
        /** @type {[string, string][]} */
        const headers = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value === undefined || name === 'content-length') continue;
          // A page the app rendered for this visitor is a hit for the next.
          const kept = name === 'x-page-cache' ? 'hit' : value;
          headers.push([name, Array.isArray(kept) ? kept.join(', ') : String(kept)]);
        }
        capture = { pageKey, etag, status, headers, chunks: [], bytes: 0 };
      }
      return writeHead.apply(res, /** @type {any} */ (args));
    };
    /** @type {any} */ (res).write = function frontDoorWrite(/** @type {any[]} */ ...args) {
      keep(args[0], args[1]);
      return write.apply(res, /** @type {any} */ (args));
    };
    /** @type {any} */ (res).end = function frontDoorEnd(/** @type {any[]} */ ...args) {
      keep(args[0], args[1]);
      const done = capture;
      capture = null;
      if (done && key !== null) {
        const body = Buffer.concat(done.chunks);
        const headers = /** @type {[string, string][]} */ ([...done.headers, ['content-length', String(body.length)]]);
        cache.#store(key, { pageKey: done.pageKey, etag: done.etag, status: done.status, headers, body });
      }
      return end.apply(res, /** @type {any} */ (args));
    };
  }

  /** @param {string} key @param {Entry} entry */
  #store(key, entry) {
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    this.#entries.set(key, entry);
    this.#bytes += entry.body.length;
    for (const [oldKey, oldEntry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#delete(oldKey, oldEntry);
    }
  }

  /** @param {string} key @param {Entry} entry */
  #delete(key, entry) {
    if (this.#entries.get(key) !== entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.body.length;
  }
}
