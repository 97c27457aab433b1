// Lighthouse mobile on a campaign page (issue 12: performance, accessibility, best practices and
// SEO all ≥ 95). A bench script, not part of `npm test`: it starts the BUILT server (run
// `npx astro build` first) on a fresh embedded database, drives the project's Chromium
// (scripts/chromium-path.mjs) with Lighthouse's default mobile settings (Moto G Power emulation,
// simulated slow 4G, 4× CPU slowdown) and prints the four scores, FCP / LCP / TBT, the LCP
// element and its breakdown (time to first byte, load delay, load time, render delay: where the
// time before the largest paint goes), and with `--requests` the requests the page made before
// its LCP (what competes with the LCP picture on the slow link).
//
//   node bench/lighthouse.mjs [path] [--host yayasan] [--port 4599] [--runs 1] [--requests]
//                             [--report DIR] [--invoice]
//
// `--invoice` measures an invoice page instead (made on the server through the developer aid
// `/dev/invoices`, on the host given: `--host klinik --invoice`).
// `--report DIR` writes each run's HTML report there. Each category is the median of the runs
// (Lighthouse's own advice for noisy machines). Exits 1 when any score is below 95.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumForTests } from '../scripts/chromium-path.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    host: { type: 'string', default: 'yayasan' },
    port: { type: 'string', default: '4599' },
    runs: { type: 'string', default: '1' },
    requests: { type: 'boolean', default: false },
    report: { type: 'string' },
    invoice: { type: 'boolean', default: false },
  },
});
let pagePath = positionals[0] ?? '/donation/banjir-kelantan';
const port = Number(values.port);
const runs = Math.max(1, Number(values.runs));
const root = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const MINIMUM = 95;
if (values.report) mkdirSync(values.report, { recursive: true });

/** The LCP element's snippet and its phases (ms, simulated) from `largest-contentful-paint-element`. */
function lcpBreakdown(lhr) {
  const [element, phases] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  return {
    element: element?.items?.[0]?.node?.snippet ?? '?',
    phases: (phases?.items ?? []).map((item) => ({ phase: String(item.phase), timing: item.timing })),
  };
}

/**
 * The page's requests (observed start, unthrottled) with those started before the observed LCP
 * marked `*`: Lighthouse's simulation of the slow link counts those as competing with the picture.
 */
function requestList(lhr) {
  const observedLcp =
    lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? Number.POSITIVE_INFINITY;
  return (lhr.audits['network-requests']?.details?.items ?? []).map(
    (request) =>
      `${request.networkRequestTime <= observedLcp ? '*' : ' '} ${String(Math.round(request.networkRequestTime)).padStart(5)} ms  ${(request.resourceType ?? '').padEnd(10)} ${(request.priority ?? '').padEnd(8)} ${(Math.round((request.transferSize ?? 0) / 100) / 10).toFixed(1).padStart(5)} KB  ${request.url}`,
  );
}

/** A request to the server for the tenant's host (`*.localhost` need not resolve here: sent to 127.0.0.1). */
function ask(pathname, { method = 'GET', body } = {}) {
  return new Promise((resolve, reject) => {
    const host = `${values.host}.localhost:${port}`;
    const headers = body ? { 'content-type': 'application/json', origin: `http://${host}` } : {};
    const req = request({ host: '127.0.0.1', port, path: pathname, method, headers: { host, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not answer at ${url}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'serambi-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
  cwd: root,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    ASTRO_TELEMETRY_DISABLED: '1',
    // The developer aid that makes the invoice, only when one is asked for.
    ...(values.invoice ? { SHOW_DEV_PAGES: '1' } : {}),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://${values.host}.localhost:${port}`;
let url = `${origin}${pagePath}`;
let chrome;
let failed = false;
try {
  await waitFor(`http://127.0.0.1:${port}/`, 120_000);
  if (values.invoice) {
    const made = await ask('/dev/invoices', {
      method: 'POST',
      body: JSON.stringify({ amount: 8450, description: 'General consultation', email: 'bench@example.my' }),
    });
    pagePath = made.status === 200 ? JSON.parse(made.text).path : undefined;
    if (!pagePath) throw new Error(`no invoice (${made.status}): is SHOW_DEV_PAGES on?`);
    url = `${origin}${pagePath}`;
  }
  // Warm the server (first render, page cache) so the runs measure the page, not the boot.
  const warm = await ask(pagePath);
  if (warm.status !== 200) throw new Error(`${url} answered ${warm.status}`);
  const chromium = await chromiumForTests();
  chrome = await chromeLauncher.launch({
    chromePath: chromium.executablePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    envVars: { ...process.env, ...chromium.env },
  });
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
  /** Simulated mobile timings (ms) per run: what a visitor on a mid phone and slow 4G waits. */
  const timings = { 'first-contentful-paint': [], 'largest-contentful-paint': [], 'total-blocking-time': [] };
  const failing = new Map();
  const breakdowns = [];
  let requests = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: values.report ? 'html' : 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error('lighthouse gave no result');
    if (values.report) {
      const name = `${values.host}${pagePath.replaceAll(/[^a-z0-9]+/gi, '-')}-run${run + 1}.html`.replace(/-+/g, '-');
      writeFileSync(path.join(values.report, name), result.report);
    }
    breakdowns.push(lcpBreakdown(result.lhr));
    if (run === 0) requests = requestList(result.lhr);
    for (const [id, values] of Object.entries(timings)) values.push(result.lhr.audits[id]?.numericValue ?? Number.NaN);
    for (const category of CATEGORIES) {
      scores[category].push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
      for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
        const audit = result.lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) {
          const items = (audit.details?.items ?? [])
            .slice(0, 5)
            .map(
              (item) =>
                `\n      ${[item.description, item.url ?? item.sourceLocation?.url, item.node?.snippet].filter(Boolean).join(' ').slice(0, 200)}`,
            )
            .join('');
          failing.set(ref.id, `${category}: ${ref.id} (${audit.displayValue ?? audit.score})${items}`);
        }
      }
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(`Lighthouse mobile, ${url} (${runs} run${runs > 1 ? 's' : ''}, median)`);
  for (const category of CATEGORIES) {
    const score = median(scores[category]);
    failed ||= score < MINIMUM;
    console.log(`  ${category.padEnd(15)} ${String(score).padStart(3)}   runs: ${scores[category].join(', ')}`);
  }
  for (const [id, values] of Object.entries(timings)) {
    console.log(
      `  ${id.padEnd(25)} ${(median(values) / 1000).toFixed(2)} s   runs: ${values.map((v) => (v / 1000).toFixed(2)).join(', ')}`,
    );
  }
  // The LCP's phases, per run: which of them the remaining time is in.
  const elements = [...new Set(breakdowns.map((b) => b.element))];
  console.log(`  LCP element: ${elements.map((e) => e.slice(0, 160)).join('\n               ')}`);
  for (const [index, { phase }] of (breakdowns[0]?.phases ?? []).entries()) {
    const times = breakdowns.map((b) => b.phases[index]?.timing ?? Number.NaN);
    console.log(
      `    ${phase.padEnd(23)} ${(median(times) / 1000).toFixed(2)} s   runs: ${times.map((v) => (v / 1000).toFixed(2)).join(', ')}`,
    );
  }
  if (values.requests)
    console.log(`  requests (first run; observed start, * = before the observed LCP):\n    ${requests.join('\n    ')}`);
  if (failing.size > 0) console.log(`  audits below 0.9:\n    ${[...failing.values()].join('\n    ')}`);
} finally {
  await chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
