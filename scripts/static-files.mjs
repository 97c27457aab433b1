// @ts-check
// The build's public files (dist/client) served at the front door (scripts/serve.mjs), before
// Astro: each text file's precompressed twin (`.br`, `.gz`, written at build time by
// scripts/precompress.mjs) goes out when the request accepts it, with `Vary: Accept-Encoding`;
// hashed assets (`/_astro/*`) are cached for a year as immutable, other public files for an hour
// (their names do not change when their content does). Anything else (ranges, other methods,
// unknown paths) is left to Astro. See docs/decisions/0017-compression-at-the-front-door.md.
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { encodingWeights } from './compression.mjs';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const PUBLIC_FILE = 'public, max-age=3600';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

/**
 * @typedef {{ file: string; size: number }} Variant
 * @typedef {{ type: string; etag: string; lastModified: string; cacheControl: string;
 *   identity: Variant; br?: Variant; gzip?: Variant }} StaticFile
 */

/**
 * Every file under `root` by URL path, with its precompressed twins (which are not served as
 * files of their own when their original exists).
 * @param {string} root the build's client folder
 * @returns {Map<string, StaticFile>}
 */
export function indexStaticFiles(root) {
  /** @type {Map<string, StaticFile>} */
  const files = new Map();
  if (!existsSync(root)) return files;
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!entry.isFile()) continue;
      if (/\.(br|gz)$/.test(entry.name) && existsSync(full.slice(0, -3))) continue;
      const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
      if (urlPath.split('/').some((segment) => segment.startsWith('.'))) continue; // dotfiles
      const stat = statSync(full);
      /** @type {StaticFile} */
      const record = {
        type: TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        lastModified: stat.mtime.toUTCString(),
        cacheControl: urlPath.startsWith('/_astro/') ? IMMUTABLE : PUBLIC_FILE,
        identity: { file: full, size: stat.size },
      };
      for (const [suffix, key] of /** @type {const} */ ([
        ['.br', 'br'],
        ['.gz', 'gzip'],
      ])) {
        if (existsSync(full + suffix)) record[key] = { file: full + suffix, size: statSync(full + suffix).size };
      }
      files.set(urlPath, record);
    }
  };
  walk(root);
  return files;
}

/**
 * A request handler for the indexed files: answers GET and HEAD of a known path (true), or
 * leaves the request alone (false).
 * @param {Map<string, StaticFile>} files
 */
export function createStaticFileHandler(files) {
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @returns {boolean}
   */
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (req.headers.range) return false;
    const raw = (req.url ?? '/').split(/[?#]/)[0] ?? '/';
    let pathname;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      return false;
    }
    const found = files.get(pathname);
    if (!found) return false;
    const weights = encodingWeights(req.headers['accept-encoding']);
    const precompressed = found.br || found.gzip;
    /** @type {Variant} */
    let variant = found.identity;
    /** @type {'br' | 'gzip' | undefined} */
    let encoding;
    // The preferred twin that exists: brotli unless gzip is wanted more (or brotli is missing).
    if (found.br && weights.br > 0 && (weights.br >= weights.gzip || !found.gzip)) {
      variant = found.br;
      encoding = 'br';
    } else if (found.gzip && weights.gzip > 0) {
      variant = found.gzip;
      encoding = 'gzip';
    }
    res.setHeader('Content-Type', found.type);
    res.setHeader('Cache-Control', found.cacheControl);
    res.setHeader('Last-Modified', found.lastModified);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (precompressed) res.setHeader('Vary', 'Accept-Encoding');
    // One validator per representation: the encoded twins get their own.
    const etag = encoding ? `${found.etag.slice(0, -1)}-${encoding}"` : found.etag;
    res.setHeader('ETag', etag);
    if (encoding) res.setHeader('Content-Encoding', encoding);
    const match = req.headers['if-none-match'];
    if (match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('Content-Length', variant.size);
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = createReadStream(variant.file);
    stream.on('error', (error) => res.destroy(error));
    stream.pipe(res);
    return true;
  };
}
