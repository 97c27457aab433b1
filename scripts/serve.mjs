// Serves the build (dist/server/entry.mjs) on HOST:PORT — `npm start` and the browser tests run
// the server through here. One front-door step before Astro, which cannot represent two kinds of
// request: TRACE and TRACK (the Fetch API forbids them; Astro answered 500 before any of our code
// ran) and an address that does not decode (the adapter answered a bare English "Bad request.").
// Both reach the app in a form it can carry — a method name no route answers, or the site's root
// marked with FRONT_DOOR_HEADER — so its request guard (src/server/request-guard.ts) refuses them
// like any other bad input, in the visitor's language. A client's own FRONT_DOOR_HEADER is dropped.
// The front door also serves the build's public files itself (their precompressed twins, long-lived
// caching of hashed assets: scripts/static-files.mjs) and compresses everything Astro answers
// (scripts/compression.mjs). See docs/decisions/0017-compression-at-the-front-door.md.
// At start, one request of its own warms the app (its modules, the database) before visitors come.
// Last, a page the app serves from its page cache is answered here, without the app, to a visitor
// who sends no cookie, for as long as the app's cache holds it (scripts/front-door-cache.mjs,
// docs/decisions/0028-pages-at-the-front-door.md).
// On SIGTERM or SIGINT (a deploy, a container restart, Ctrl-C) it stops gracefully: no new
// connections, the realtime streams ended, the requests in flight finished (at most STOP_TIMEOUT_MS,
// 10 s by default), then the app's workers stopped and its database closed (src/server/lifecycle.server.ts),
// and exit 0.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressResponse } from './compression.mjs';
import { CAPTURE_HEADER, FrontDoorCache } from './front-door-cache.mjs';
import { createStaticFileHandler, indexStaticFiles } from './static-files.mjs';

const UNREPRESENTABLE = new Set(['TRACE', 'TRACK']);
const FRONT_DOOR_HEADER = 'x-serambi-front-door';
const entry = path.resolve(import.meta.dirname, '../dist/server/entry.mjs');
const serveStaticFile = createStaticFileHandler(indexStaticFiles(path.resolve(import.meta.dirname, '../dist/client')));

// The adapter runs in middleware mode: its handler answers with the app only (the build's files
// are served here), so no request pays for a look-up on disk before it is rendered.
const { handler } = await import(pathToFileURL(entry).href);
const host = process.env.HOST ?? 'localhost';
const port = Number(process.env.PORT ?? 8080);
const pages = new FrontDoorCache();
const stopTimeoutMs = Number(process.env.STOP_TIMEOUT_MS || 10_000);
if (!Number.isInteger(stopTimeoutMs) || stopTimeoutMs < 0) {
  console.error(
    'serambi: Invalid environment configuration:\n  STOP_TIMEOUT_MS: expected a whole number of milliseconds',
  );
  process.exit(1);
}
/** Requests received and not yet answered (or broken off). */
let inFlight = 0;
let stopping = false;
const settled = new Set();

/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
function frontDoor(req, res) {
  inFlight += 1;
  res.once('close', () => {
    inFlight -= 1;
    if (inFlight === 0) for (const resolve of settled) resolve();
  });
  // A request that came on a kept-alive connection while stopping: its connection ends with it.
  if (stopping) res.setHeader('Connection', 'close');
  delete req.headers[FRONT_DOOR_HEADER];
  delete req.headers[CAPTURE_HEADER];
  if (UNREPRESENTABLE.has(req.method ?? '')) req.method = `X-${req.method}`;
  try {
    decodeURI(req.url ?? '/');
  } catch {
    // Keep what picks the language and the answer's form (a locale prefix, an endpoint).
    const prefix = /^\/(ms|id)(?=[/?]|$)/.exec(req.url ?? '')?.[0] ?? '';
    const api = (req.url ?? '').slice(prefix.length).startsWith('/api/');
    req.url = `${prefix}${api ? '/api/' : '/'}`;
    req.headers[FRONT_DOOR_HEADER] = 'undecodable-url';
  }
  if (!req.headers[FRONT_DOOR_HEADER] && serveStaticFile(req, res)) return;
  if (!req.headers[FRONT_DOOR_HEADER] && pages.serve(req, res)) return;
  pages.watch(req, res);
  compressResponse(req, res);
  // No `next`: a path no route matches is the app's too (its pipeline rewrites language prefixes).
  handler(req, res);
}

/**
 * A warm start (issue 25): one request of our own, as soon as the port is bound, evaluates the
 * app's modules and opens (and migrates) the database, so the first visitor does not wait for
 * them. Visitors arriving meanwhile wait on the same opening; its answer is not kept.
 */
function warmUp(boundPort) {
  const address = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  http
    .get({ host: address, port: boundPort, path: '/', headers: { 'user-agent': 'serambi-warm-up' } }, (res) =>
      res.resume(),
    )
    .on('error', (error) => console.error(`serambi: warm-up request failed: ${error.message}`));
}

const server = http.createServer(frontDoor);
server.listen(port, host, () => {
  // The port really bound (PORT=0 asks for a free one: the fuzz suite reads it from this line).
  const bound = server.address();
  const boundPort = typeof bound === 'object' && bound ? bound.port : port;
  console.log(`serambi: listening on http://${host}:${boundPort}/`);
  warmUp(boundPort);
});

/** Resolves when no request is in flight, or after `ms` (then false). */
function allAnswered(ms) {
  if (inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = () => {
      settled.delete(done);
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      settled.delete(done);
      resolve(false);
    }, ms);
    settled.add(done);
  });
}

/** The graceful stop: see the head of this file. A second signal while stopping changes nothing (npm forwards Ctrl-C too). */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  const startedAt = Date.now();
  console.log(`serambi: ${signal}: stopping (${inFlight} requests in flight, waiting at most ${stopTimeoutMs} ms)`);
  // The whole stop is bounded: a part that hangs must not keep the process (and its port) forever.
  setTimeout(() => {
    console.error('serambi: the stop did not finish in time; exiting');
    process.exit(1);
  }, stopTimeoutMs + 15_000).unref();
  const closed = new Promise((resolve) => server.close(resolve));
  const lifecycle = globalThis[Symbol.for('serambi.lifecycle')];
  // Event streams never end by themselves: end them first, the browsers reconnect elsewhere.
  await lifecycle?.drain();
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  const finished = await allAnswered(stopTimeoutMs);
  clearInterval(idle);
  if (!finished) console.error(`serambi: ${inFlight} requests still running after ${stopTimeoutMs} ms: cut off`);
  server.closeAllConnections();
  await closed;
  // Workers (pg-boss, the outbox), LISTEN connections, then the database.
  await lifecycle?.stop();
  console.log(`serambi: stopped in ${Date.now() - startedAt} ms`);
  process.exit(0);
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stop(signal).catch((error) => {
      console.error('serambi: stop failed', error);
      process.exit(1);
    });
  });
}
