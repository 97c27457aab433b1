// Pages and the availability feed against the static-file limit, measured side by side in one run
// (never a timed test): the built server (scripts/serve.mjs, compression on) answers each page,
// and a static file of exactly the same bytes from the same server (precompressed, as every
// public file is), alternately, under autocannon; each page's req/s is printed with its ratio to
// its static twin. Two passes right after a restart: "cold" (the first), "warm" (the second:
// whatever the server caches is filled by then). Wire bytes per page type with and without
// compression. On PGlite, and on a fresh PostgreSQL database too when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set. Needs a build (`npm run build`; made here when missing).
//
// Run: npm run bench (all benches) or tsx bench/pages.bench.ts. Knobs: BENCH_SECONDS (per
// measurement, default 5), BENCH_PAIRS (page/static alternations per pass, default 2),
// BENCH_CONNECTIONS (default 50), BENCH_PORT (default 4480), BENCH_PAGES (only the pages whose
// name contains it, e.g. `invoice`).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { precompressFolder } from '../scripts/precompress.mjs';
import { type BenchDatabaseKind, benchDatabaseKinds, freshPostgresDatabase } from './databases';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 4480);
const ONLY = process.env.BENCH_PAGES ?? '';
const HOST = 'klinik.localhost';
const FOUNDATION = 'yayasan.localhost';
/** Where the static twins are written: inside the build's public folder, removed at the end. */
const STATIC_DIR = path.join(root, 'dist/client/__bench');
/** What a phone's browser sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en' };

interface Target {
  name: string;
  path: string;
  /** The static twin's file name (its extension gives its Content-Type). */
  file: string;
  /** The tenant's host name, when not the clinic's (campaign pages are a foundation's). */
  host?: string;
  /** A page the page cache keeps: also measured with every request rendered. */
  cached?: boolean;
}

interface Measured {
  page: number;
  static: number;
  non2xx: number;
}

function node(): string {
  const local = path.join(root, 'node_modules/.bin/node');
  return existsSync(local) ? local : process.execPath;
}

function ensureBuild() {
  if (existsSync(path.join(root, 'dist/server/entry.mjs'))) return;
  console.log('no build: building once (npm run build)…');
  const result = spawnSync(node(), [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('the build failed');
}

async function request(
  pathname: string,
  init: { headers?: Record<string, string>; method?: string; body?: string; host?: string } = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  // fetch cannot set Host; the server picks the tenant by it, so go through node:http.
  const { request: httpRequest } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORT,
        path: pathname,
        method: init.method ?? 'GET',
        headers: { host: `${init.host ?? HOST}:${PORT}`, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 0, headers, bytes: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(node(), [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(PORT), ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
    try {
      // The first request opens (and seeds) the database.
      const answer = await request('/');
      if (answer.status === 200) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Finds the pages to measure on the demo clinic and makes an invoice to look at. */
async function discover(): Promise<Target[]> {
  const service = await request('/appointment/general-consultation');
  const html = service.bytes.toString('utf8');
  const serviceId = /data-service-id="([^"]+)"/.exec(html)?.[1];
  const min = /data-min="([^"]+)"/.exec(html)?.[1];
  if (service.status !== 200 || !serviceId || !min) throw new Error('the demo service page is missing');
  const to = new Date(Date.parse(`${min}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  const invoice = await request('/dev/invoices', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://${HOST}:${PORT}` },
    body: JSON.stringify({ amount: 8450, description: 'General consultation', email: 'bench@example.my' }),
  });
  const invoicePath =
    invoice.status === 200 ? (JSON.parse(invoice.bytes.toString('utf8')) as { path?: string }).path : undefined;
  if (!invoicePath) throw new Error(`no invoice (${invoice.status}): is SHOW_DEV_PAGES on?`);
  return [
    { name: 'home /', path: '/', file: 'home.html', cached: true },
    { name: '/appointment', path: '/appointment', file: 'appointment.html', cached: true },
    { name: 'a category', path: '/appointment/category/general', file: 'category.html', cached: true },
    { name: 'a service page', path: '/appointment/general-consultation', file: 'service.html', cached: true },
    { name: 'an invoice page', path: invoicePath, file: 'invoice.html' },
    {
      name: 'availability feed (month)',
      path: `/api/appointments/${serviceId}/availability?from=${min}&to=${to}&resource=any`,
      file: 'availability.json',
    },
    { name: '/donation (foundation)', path: '/donation', file: 'donation.html', host: FOUNDATION, cached: true },
    {
      name: 'a campaign page',
      path: '/donation/banjir-kelantan',
      file: 'campaign.html',
      host: FOUNDATION,
      cached: true,
    },
  ];
}

/** The wire bytes of one answer in each encoding, and its identity body. */
async function wireBytes(target: Target) {
  const host = target.host ?? HOST;
  const identity = await request(target.path, { host, headers: { 'accept-language': 'en' } });
  if (identity.status !== 200) throw new Error(`${target.path} answered ${identity.status}`);
  const sizeFor = async (encoding: string) => {
    const answer = await request(target.path, {
      host,
      headers: { 'accept-encoding': encoding, 'accept-language': 'en' },
    });
    return { bytes: answer.bytes.length, encoding: answer.headers.get('content-encoding') ?? 'identity' };
  };
  return {
    body: identity.bytes,
    identity: identity.bytes.length,
    gzip: await sizeFor('gzip'),
    br: await sizeFor('br'),
  };
}

async function rate(
  pathname: string,
  host = HOST,
  everyRequestRenders = false,
): Promise<{ rps: number; non2xx: number }> {
  let sequence = 0;
  const separator = pathname.includes('?') ? '&' : '?';
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${pathname}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { host: `${host}:${PORT}`, ...BROWSER },
    // A query of its own per request: a page no cache holds, rendered every time.
    ...(everyRequestRenders
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, path: `${pathname}${separator}r=${sequence++}` }),
            },
          ],
        }
      : {}),
  });
  // Requests still in the server when the clients stopped would eat into the next measurement:
  // one more answer to the same path comes after them (one database connection on PGlite).
  await request(pathname, { host, headers: BROWSER });
  await new Promise((r) => setTimeout(r, 200));
  // Completed answers over the measured time (the per-second average drops partial seconds).
  return { rps: result.requests.total / result.duration, non2xx: result.non2xx + result.errors + result.timeouts };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function measurePass(targets: Target[], everyRequestRenders = false): Promise<Map<string, Measured>> {
  const results = new Map<string, Measured>();
  for (const target of targets) {
    const pages: number[] = [];
    const statics: number[] = [];
    let non2xx = 0;
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const page = await rate(target.path, target.host, everyRequestRenders);
      const twin = await rate(`/__bench/${target.file}`, target.host);
      pages.push(page.rps);
      statics.push(twin.rps);
      non2xx += page.non2xx + twin.non2xx;
    }
    results.set(target.name, { page: median(pages), static: median(statics), non2xx });
  }
  return results;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pad = (text: string, width: number) => text.padEnd(width);
const padStart = (text: string, width: number) => text.padStart(width);

async function bench(kind: BenchDatabaseKind): Promise<boolean> {
  const fresh = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'serambi-bench-'));
  const env: Record<string, string> = {
    SHOW_DEV_PAGES: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: fresh?.url ?? '',
    DEMO_DATA: '1',
    // A bench server, not a production deployment: on PostgreSQL an unset NODE_ENV counts as
    // production, which closes the developer aid the bench makes its invoice with.
    NODE_ENV: 'test',
  };
  let server: ChildProcess | undefined;
  try {
    // 1. Find the pages, record their bytes, write their static twins (next to the build's files).
    server = await startServer(env);
    const targets = (await discover()).filter((target) => target.name.includes(ONLY));
    rmSync(STATIC_DIR, { recursive: true, force: true });
    mkdirSync(STATIC_DIR, { recursive: true });
    const wire = new Map<string, Awaited<ReturnType<typeof wireBytes>>>();
    for (const target of targets) {
      const bytes = await wireBytes(target);
      wire.set(target.name, bytes);
      writeFileSync(path.join(STATIC_DIR, target.file), bytes.body);
    }
    precompressFolder(STATIC_DIR);
    await stopServer(server);

    // 2. Restart (the static files are indexed at start; caches are empty): cold pass, warm pass.
    server = await startServer(env);
    const first = new Map<string, number>();
    for (const target of targets) {
      const started = performance.now();
      await request(target.path, { host: target.host ?? HOST, headers: BROWSER });
      first.set(target.name, performance.now() - started);
    }
    const cold = await measurePass(targets);
    const warm = await measurePass(targets);
    // The cached pages once more, each request rendered (what a cache miss costs).
    const rendered = await measurePass(
      targets.filter((target) => target.cached),
      true,
    );

    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(
      `\ndatabase: ${kind}; ${cpus().length} cores, load average ${load}; autocannon ${CONNECTIONS} connections, ${SECONDS} s, ${PAIRS} page/static pairs per pass; browser Accept-Encoding`,
    );
    console.log(
      `${pad('page', 28)}${padStart('first ms', 9)}${padStart('cold req/s', 12)}${padStart('static', 9)}${padStart('ratio', 7)}${padStart('warm req/s', 12)}${padStart('static', 9)}${padStart('ratio', 7)}${padStart('render req/s', 14)}${padStart('static', 9)}${padStart('ratio', 7)}`,
    );
    let ok = true;
    for (const target of targets) {
      const c = cold.get(target.name) as Measured;
      const w = warm.get(target.name) as Measured;
      const r = rendered.get(target.name);
      const failures = c.non2xx + w.non2xx + (r?.non2xx ?? 0);
      if (failures > 0) ok = false;
      const renderColumns = r
        ? `${padStart(r.page.toFixed(0), 14)}${padStart(r.static.toFixed(0), 9)}${padStart((r.page / r.static).toFixed(2), 7)}`
        : `${padStart('-', 14)}${padStart('', 9)}${padStart('', 7)}`;
      console.log(
        `${pad(target.name, 28)}${padStart((first.get(target.name) ?? 0).toFixed(0), 9)}${padStart(c.page.toFixed(0), 12)}${padStart(c.static.toFixed(0), 9)}${padStart((c.page / c.static).toFixed(2), 7)}${padStart(w.page.toFixed(0), 12)}${padStart(w.static.toFixed(0), 9)}${padStart((w.page / w.static).toFixed(2), 7)}${renderColumns}${failures > 0 ? `  (${failures} non-2xx or errors)` : ''}`,
      );
    }
    console.log('\nbytes on the wire per answer');
    console.log(
      `${pad('page', 28)}${padStart('identity', 10)}${padStart('gzip', 10)}${padStart('brotli', 10)}${padStart('br/id', 7)}${padStart('static br', 11)}`,
    );
    for (const target of targets) {
      const bytes = wire.get(target.name);
      if (!bytes) continue;
      const twin = path.join(STATIC_DIR, `${target.file}.br`);
      const twinBytes = existsSync(twin)
        ? zlib.brotliCompressSync(bytes.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length
        : bytes.identity;
      if (bytes.br.encoding !== 'br' || bytes.gzip.encoding !== 'gzip') ok = false;
      console.log(
        `${pad(target.name, 28)}${padStart(kb(bytes.identity), 10)}${padStart(kb(bytes.gzip.bytes), 10)}${padStart(kb(bytes.br.bytes), 10)}${padStart((bytes.br.bytes / bytes.identity).toFixed(2), 7)}${padStart(kb(twinBytes), 11)}`,
      );
    }
    if (!ok) console.log('SOME ANSWERS FAILED OR WERE NOT COMPRESSED');
    return ok;
  } finally {
    if (server) await stopServer(server);
    rmSync(STATIC_DIR, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

ensureBuild();
let ok = true;
for (const kind of benchDatabaseKinds) ok = (await bench(kind)) && ok;
if (!ok) process.exit(1);
