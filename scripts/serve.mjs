// Serves the build (dist/server/entry.mjs) on HOST:PORT — `npm start` and the browser tests run
// the server through here. One front-door step before Astro: the Fetch API the app runs on cannot
// represent TRACE and TRACK requests (Astro answered them 500 before any of our code ran), so they
// reach the app under a method name its request guard (src/server/request-guard.ts) refuses with
// a 405 in the visitor's language, like any other method no route answers.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const UNREPRESENTABLE = new Set(['TRACE', 'TRACK']);
const entry = path.resolve(import.meta.dirname, '../dist/server/entry.mjs');

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { startServer } = await import(pathToFileURL(entry).href);
const { server } = startServer();
const http = server.server;
const listeners = http.listeners('request');
http.removeAllListeners('request');
http.on('request', (req, res) => {
  if (UNREPRESENTABLE.has(req.method)) req.method = `X-${req.method}`;
  for (const listener of listeners) listener.call(http, req, res);
});
