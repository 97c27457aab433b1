// Lighthouse mobile on a campaign page (issue 12: performance, accessibility, best practices and
// SEO all ≥ 95). A bench script, not part of `npm test`: it starts the BUILT server (run
// `npx astro build` first) on a fresh embedded database, drives the project's Chromium
// (scripts/chromium-path.mjs) with Lighthouse's default mobile settings (Moto G Power emulation,
// simulated slow 4G, 4× CPU slowdown) and prints the four scores.
//
//   node bench/lighthouse.mjs [path] [--host yayasan] [--port 4599] [--runs 1]
//
// Each category is the median of the runs (Lighthouse's own advice for noisy machines). Exits 1
// when any score is below 95.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  },
});
const pagePath = positionals[0] ?? '/donation/banjir-kelantan';
const port = Number(values.port);
const runs = Math.max(1, Number(values.runs));
const root = path.resolve(import.meta.dirname, '..');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const MINIMUM = 95;

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
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ASTRO_TELEMETRY_DISABLED: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://${values.host}.localhost:${port}${pagePath}`;
let chrome;
let failed = false;
try {
  await waitFor(`http://127.0.0.1:${port}/`, 120_000);
  // Warm the server (first render, page cache) so the runs measure the page, not the boot.
  await fetch(url, { headers: { host: `${values.host}.localhost:${port}` } }).catch(() => undefined);
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
  for (let run = 0; run < runs; run += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error('lighthouse gave no result');
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
  if (failing.size > 0) console.log(`  audits below 0.9:\n    ${[...failing.values()].join('\n    ')}`);
} finally {
  await chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
