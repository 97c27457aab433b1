// Queue board soak (issue 16): a /qtv board open in Chromium while N calls (default 1,000) are
// made, one after another, each closed before the next at that counter. It checks that every call
// reached the board (the board's count of calls seen) and that its memory stays flat (JS heap
// after a forced GC, DOM nodes, event listeners, sampled every 100 calls), and prints the
// call-to-screen latency (commit → the number on the board; p50/p95/max).
//
// On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; a fresh database, dropped at the end):
// the built server (scripts/serve.mjs) serves the board, and this process makes the calls through
// the same use cases as the staff console, so each call travels NOTIFY → the server's LISTEN →
// SSE, the multi-instance path. Needs a build (`npx astro build`).
//
// Run: npx tsx bench/queue-soak.ts   Knobs: SOAK_CALLS (1000), SOAK_PAUSE_MS (40), BENCH_PORT (4524).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import { chromiumForTests } from '../scripts/chromium-path.mjs';
import { freshPostgresDatabase } from './databases';

const root = path.resolve(import.meta.dirname, '..');
const CALLS = Number(process.env.SOAK_CALLS ?? 1000);
const PAUSE_MS = Number(process.env.SOAK_PAUSE_MS ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 4524);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function waitForServer(url: string) {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

async function main() {
  const fresh = await freshPostgresDatabase();
  process.env.DATABASE_URL = fresh.url;
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATABASE_URL: fresh.url,
        DEMO_DATA: '1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'queue-soak-')),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForServer(`http://127.0.0.1:${PORT}/`);

    // This process as a second app instance on the same database (its publishes go out by NOTIFY).
    const { db } = await import('#server/database.server.ts');
    const { realtime } = await import('#server/realtime/index.ts');
    const { resolveTenant } = await import('#features/tenants/index.server.ts');
    const { callNext, issueTicket, ticketAction } = await import('#features/queue/index.server.ts');
    const { queues, servicePoints } = await import('#db/schema/index.ts');
    const database = await db();
    await realtime().ready();
    const tenant = await resolveTenant(database, 'klinik.localhost');
    if (!tenant) throw new Error('demo tenant missing');
    const [queueA] = await database
      .select()
      .from(queues)
      .where(and(eq(queues.tenantId, tenant.id), eq(queues.prefix, 'A')));
    const counters = await database
      .select()
      .from(servicePoints)
      .where(and(eq(servicePoints.tenantId, tenant.id), eq(servicePoints.queueId, queueA?.id ?? '')));
    if (!queueA || counters.length < 2) throw new Error('demo queue missing');

    const { executablePath, env } = await chromiumForTests();
    const browser = await chromium.launch({
      executablePath,
      env: { ...process.env, ...env },
      args: ['--host-resolver-rules=MAP *.localhost 127.0.0.1', '--no-sandbox', '--js-flags=--expose-gc'],
    });
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`http://klinik.localhost:${PORT}/qtv?display=KLINIKTV26`);
    await page.waitForSelector('[data-qtv][data-realtime="open"]', { timeout: 30_000 });
    // Record when each number first shows as the latest call (same clock as this process).
    await page.evaluate(() => {
      const shown: Record<string, number> = {};
      (window as unknown as { __shown: typeof shown }).__shown = shown;
      const root = document.querySelector('[data-qtv]');
      new MutationObserver(() => {
        const number = root?.getAttribute('data-latest');
        if (number && !(number in shown)) shown[number] = Date.now();
      }).observe(root as Element, { attributes: true, attributeFilter: ['data-latest'] });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const sample = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      return {
        heapMb: metric('JSHeapUsedSize') / 1_048_576,
        nodes: metric('Nodes'),
        listeners: metric('JSEventListeners'),
      };
    };
    const seen = async () => Number(await page.locator('[data-qtv]').getAttribute('data-calls-seen'));

    const samples = [{ calls: 0, ...(await sample()) }];
    const seenBefore = await seen();
    const calledAt = new Map<string, number>();
    const current = new Map<string, string>();
    const started = Date.now();
    for (let i = 0; i < CALLS; i += 1) {
      const point = counters[i % 2];
      if (!point) throw new Error('no counter');
      // Keep the line long enough: a new walk-in ticket for every call.
      await issueTicket(database, { tenant, queueId: queueA.id, source: 'walk_in' });
      const previous = current.get(point.id);
      if (previous) await ticketAction(database, { tenant, ticketId: previous, action: 'done' });
      const ticket = await callNext(database, { tenant, pointId: point.id });
      if (!ticket) throw new Error('nobody waiting');
      calledAt.set(ticket.number, ticket.calledAt?.getTime() ?? Date.now());
      current.set(point.id, ticket.id);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      if ((i + 1) % 100 === 0) samples.push({ calls: i + 1, ...(await sample()) });
    }
    const elapsed = (Date.now() - started) / 1000;
    // Every call must reach the board: wait up to 10 s for the last ones.
    const deadline = Date.now() + 10_000;
    while ((await seen()) - seenBefore < CALLS && Date.now() < deadline) await page.waitForTimeout(200);
    const seenCalls = (await seen()) - seenBefore;
    const shown = await page.evaluate(() => (window as unknown as { __shown: Record<string, number> }).__shown);
    const delays = [...calledAt].flatMap(([number, at]) => (shown[number] ? [shown[number] - at] : []));
    samples.push({ calls: CALLS, ...(await sample()) });

    console.log(`queue soak: ${CALLS} calls in ${elapsed.toFixed(0)} s on PostgreSQL (NOTIFY → SSE)`);
    console.log(`  calls seen by the board: ${seenCalls} / ${CALLS}`);
    console.log(
      `  call-to-screen (commit → number on the board), ${delays.length} observed: p50 ${quantile(delays, 0.5)} ms, p95 ${quantile(delays, 0.95)} ms, max ${Math.max(...delays)} ms`,
    );
    console.log('  calls  heap MB  DOM nodes  listeners');
    for (const s of samples) {
      console.log(
        `  ${String(s.calls).padStart(5)}  ${s.heapMb.toFixed(2).padStart(7)}  ${String(s.nodes).padStart(9)}  ${String(s.listeners).padStart(9)}`,
      );
    }
    const first = samples[1] ?? samples[0];
    const last = samples.at(-1);
    const growth = first && last ? last.heapMb - first.heapMb : 0;
    console.log(`  heap growth from 100 calls to the end: ${growth.toFixed(2)} MB`);
    await browser.close();
    const { closeRealtime } = await import('#server/realtime/index.ts');
    await closeRealtime();
    (await import('#server/database.server.ts')).database().then((d) => d.close());
    if (seenCalls < CALLS) process.exitCode = 1;
    if (growth > 5) process.exitCode = 1;
  } finally {
    server?.kill();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await fresh.drop();
  }
}

await main();
