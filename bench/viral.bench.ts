// A campaign goes viral (issue 25): donors arrive all at once while others read the campaign page.
// Each donor is a visitor of their own (own address via X-Forwarded-For behind TRUST_PROXY=1, own
// keep-alive connection, own phone number) and walks the whole gift as a browser without
// JavaScript would: the form page, "Donate now" (POST), the payment's start (the island's POST),
// the sandbox bank's Pay (POST), the thank-you page (must say paid). Readers loop on the campaign
// page with no cookie, as visitors from a shared link do.
//
// Three phases per server, all counted, never timed against a threshold:
//   readers  — BENCH_READERS connections alone for BENCH_READ_SECONDS, before and after the rush:
//              their rate alone (the mean of the two);
//   givers   — BENCH_CPU_DONORS donors alone: the server's CPU time (/proc, user + system) per paid gift,
//              and its main thread's (the event loop's) share;
//   rush     — BENCH_DONORS donors arriving over BENCH_RUSH_SECONDS while the readers read: donors
//              who did not end paid (by cause: reset, timeout, HTTP status at a step), the readers'
//              rate as a ratio of their rate alone, the event loop's worst delay (bench/event-loop-probe.mjs),
//              and whether the campaign's totals grew by exactly what was paid.
// With BENCH_BASELINE=<a checkout of another revision, built> the same phases run on that build
// too, in the same run, so the two columns compare side by side. On PGlite, and on a fresh
// PostgreSQL database too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
//
// Run: npx tsx bench/viral.bench.ts   Knobs: BENCH_DONORS (200), BENCH_RUSH_SECONDS (30),
// BENCH_READERS (20), BENCH_READ_SECONDS (10), BENCH_CPU_DONORS (40), BENCH_PORT (4470),
// BENCH_CAMPAIGN (banjir-kelantan, a one-time campaign of yayasan's demo), BENCH_BASELINE, BENCH_NODE_ARGS.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchDatabaseKind, benchDatabaseKinds, freshPostgresDatabase } from './databases';

const here = path.resolve(import.meta.dirname, '..');
const DONORS = Number(process.env.BENCH_DONORS ?? 200);
const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 30);
const READERS = Number(process.env.BENCH_READERS ?? 20);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const CPU_DONORS = Number(process.env.BENCH_CPU_DONORS ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 4470);
const CAMPAIGN = process.env.BENCH_CAMPAIGN ?? 'banjir-kelantan';
const HOST = `yayasan.localhost:${PORT}`;
const ORIGIN = `http://${HOST}`;
/** How long one request may take before the donor gives up (a browser waits about this long). */
const REQUEST_TIMEOUT_MS = 120_000;
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);

interface Answer {
  status: number;
  location: string;
  body: string;
}

/** One HTTP exchange through `agent` (fetch cannot set Host, and the tenant is chosen by it). */
function exchange(
  agent: http.Agent,
  address: string,
  pathname: string,
  init: { method?: string; form?: Record<string, string>; json?: unknown; encoding?: string } = {},
): Promise<Answer> {
  const payload = init.json
    ? JSON.stringify(init.json)
    : init.form
      ? new URLSearchParams(init.form).toString()
      : undefined;
  const headers: Record<string, string> = {
    host: HOST,
    'x-forwarded-for': address,
    'accept-language': 'en',
    // Readers ask as browsers do (compressed); donors' answers are read as text.
    ...(init.encoding ? { 'accept-encoding': init.encoding } : {}),
  };
  if (payload) {
    headers.origin = ORIGIN;
    headers['content-type'] = init.json ? 'application/json' : 'application/x-www-form-urlencoded';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: pathname,
        method: init.method ?? (payload ? 'POST' : 'GET'),
        agent,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: String(res.headers.location ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A visitor's address of their own: 10.x.y.z, unique per donor number. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

class DonorFailed extends Error {}

/** One donor's whole gift; resolves with the amount paid (minor units), throws why not. */
async function give(n: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const address = addressOf(n);
  const expect = (answer: Answer, status: number, step: string) => {
    if (answer.status !== status) throw new DonorFailed(`${step}: HTTP ${answer.status}`);
    return answer;
  };
  try {
    const formPath = `/donation/${CAMPAIGN}/form`;
    const form = expect(await exchange(agent, address, formPath), 200, 'form page');
    const ringgit = 10 + (n % 191);
    const posted = expect(
      await exchange(agent, address, formPath, {
        form: {
          campaignId: hidden(form.body, 'campaignId'),
          idempotencyKey: hidden(form.body, 'idempotencyKey'),
          amount: '30.00',
          customAmount: String(ringgit),
          type: 'one-time',
          name: `Penderma ${n}`,
          phone: `+6012${String(1_000_000 + n).slice(-7)}`,
          intent: 'donate',
          website: '',
        },
      }),
      303,
      'donate',
    );
    const invoice = /[?&]invoice=([^&]+)/.exec(posted.location)?.[1];
    if (!invoice) throw new DonorFailed('donate: no invoice in the redirect');
    const started = expect(
      await exchange(agent, address, `/api/invoices/${invoice}/payments`, { json: { method: 'fpx' } }),
      200,
      'start payment',
    );
    const { paymentId } = JSON.parse(started.body) as { paymentId: string };
    const paid = expect(
      await exchange(agent, address, `/pay/sandbox/${paymentId}`, { form: { bank: 'Maybank2u', choice: 'pay' } }),
      303,
      'sandbox pay',
    );
    const thanks = expect(
      await exchange(agent, address, new URL(paid.location, ORIGIN).pathname + new URL(paid.location, ORIGIN).search),
      200,
      'thank-you page',
    );
    if (!thanks.body.includes('data-verify-status="paid"')) throw new DonorFailed('thank-you page: not paid');
    return ringgit * 100;
  } finally {
    agent.destroy();
  }
}

interface Crowd {
  paid: number;
  paidMinor: number;
  failures: Map<string, number>;
}

/** `count` donors arriving evenly over `seconds`, numbered from `first`; waits for the last. */
async function crowd(first: number, count: number, seconds: number): Promise<Crowd> {
  const result: Crowd = { paid: 0, paidMinor: 0, failures: new Map() };
  const gifts: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    gifts.push(
      give(first + i).then(
        (minor) => {
          result.paid += 1;
          result.paidMinor += minor;
        },
        (error: Error & { code?: string }) => {
          const cause = error instanceof DonorFailed ? error.message : (error.code ?? error.message);
          result.failures.set(cause, (result.failures.get(cause) ?? 0) + 1);
        },
      ),
    );
    if (i < count - 1) await sleep((seconds * 1000) / count);
  }
  await Promise.all(gifts);
  return result;
}

/** Readers on the campaign page until `until` resolves: answers per second and failures. */
async function readers(until: Promise<unknown>): Promise<{ rate: number; failed: number }> {
  let done = false;
  void until.then(() => {
    done = true;
  });
  let answered = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: READERS }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!done) {
        try {
          const answer = await exchange(agent, addressOf(60_000 + i), `/donation/${CAMPAIGN}`, { encoding: 'br' });
          if (answer.status === 200) answered += 1;
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
      agent.destroy();
    }),
  );
  return { rate: answered / ((performance.now() - started) / 1000), failed };
}

/** CPU seconds (user + system) of the process, or of one of its threads (`/proc/pid/task/tid`). */
const cpuSeconds = (pid: number, thread?: number) => {
  const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
  const fields = readFileSync(file, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};

async function totals(): Promise<{ raisedMinor: number; donorCount: number }> {
  const agent = new http.Agent();
  const answer = await exchange(agent, '127.0.0.1', `/api/donations/campaigns/${CAMPAIGN}/totals`);
  agent.destroy();
  return JSON.parse(answer.body) as { raisedMinor: number; donorCount: number };
}

async function loopDelay(server: ChildProcess, file: string): Promise<{ maxMs: number; p99Ms: number } | undefined> {
  rmSync(file, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 50 && !existsSync(file); i += 1) await sleep(100);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { maxMs: number; p99Ms: number }) : undefined;
}

interface Measured {
  readAlone: number;
  cpuPerGiftMs: number;
  /** The main thread's share (its id is the process's): what the event loop spends per gift. */
  mainCpuPerGiftMs: number;
  rush: Crowd;
  readRush: number;
  readFailures: number;
  rushSeconds: number;
  delay?: { maxMs: number; p99Ms: number };
  totalsExact: boolean;
}

async function measure(root: string, kind: BenchDatabaseKind): Promise<Measured> {
  if (!existsSync(path.join(root, 'dist/server/entry.mjs'))) throw new Error(`${root} has no build (npx astro build)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'viral-'));
  const probeFile = path.join(dataDir, 'probe.json');
  const fresh = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
  const server = spawn(
    process.execPath,
    [
      // BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import',
      path.join(here, 'bench/event-loop-probe.mjs'),
      path.join(root, 'scripts/serve.mjs'),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(PORT),
        TRUST_PROXY: '1',
        DATA_DIR: dataDir,
        DATABASE_URL: fresh?.url ?? '',
        DEMO_DATA: '1',
        LOG_LEVEL: 'warn',
        BENCH_PROBE_FILE: probeFile,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    for (let i = 0; ; i += 1) {
      if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
      const up = await totals().catch(() => undefined);
      if (up) break;
      if (i > 360) throw new Error('the server did not start');
      await sleep(500);
    }
    const pid = server.pid as number;
    const readAloneBefore = await readers(sleep(READ_SECONDS * 1000));

    const cpuBefore = cpuSeconds(pid);
    const mainBefore = cpuSeconds(pid, pid);
    const alone = await crowd(1, CPU_DONORS, Math.max(1, CPU_DONORS / 4));
    const cpuPerGiftMs = ((cpuSeconds(pid) - cpuBefore) * 1000) / Math.max(1, alone.paid);
    const mainCpuPerGiftMs = ((cpuSeconds(pid, pid) - mainBefore) * 1000) / Math.max(1, alone.paid);

    const before = await totals();
    await loopDelay(server, probeFile);
    const rushStarted = performance.now();
    const rush = crowd(10_000, DONORS, RUSH_SECONDS);
    const read = await readers(rush);
    const rushResult = await rush;
    const rushSeconds = (performance.now() - rushStarted) / 1000;
    const delay = await loopDelay(server, probeFile);
    const after = await totals();
    // Readers alone again after the rush: their rate alone is the mean of before and after, so a
    // burst of other work on the machine during one of them weighs half.
    const readAloneAfter = await readers(sleep(READ_SECONDS * 1000));
    const totalsExact =
      after.raisedMinor - before.raisedMinor === rushResult.paidMinor &&
      after.donorCount - before.donorCount === rushResult.paid;
    return {
      readAlone: (readAloneBefore.rate + readAloneAfter.rate) / 2,
      cpuPerGiftMs,
      mainCpuPerGiftMs,
      rush: rushResult,
      readRush: read.rate,
      readFailures: read.failed,
      rushSeconds,
      delay,
      totalsExact,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

const builds = [
  ...(process.env.BENCH_BASELINE ? [{ name: 'baseline', root: path.resolve(process.env.BENCH_BASELINE) }] : []),
  { name: 'this build', root: here },
];
console.log(
  `viral: ${DONORS} donors over ${RUSH_SECONDS} s with ${READERS} readers of /donation/${CAMPAIGN}; ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
let ok = true;
for (const kind of benchDatabaseKinds) {
  for (const build of builds) {
    const m = await measure(build.root, kind);
    const failed = DONORS - m.rush.paid;
    const causes = [...m.rush.failures].map(([cause, n]) => `${n}× ${cause}`).join(', ');
    ok &&= m.totalsExact;
    console.log(
      [
        `\n${kind}, ${build.name}:`,
        `  donors paid ${m.rush.paid}/${DONORS} in ${m.rushSeconds.toFixed(0)} s (${(m.rush.paid / m.rushSeconds).toFixed(1)} gifts/s)${failed ? ` — not paid: ${causes}` : ''}`,
        `  totals grew by exactly what was paid: ${m.totalsExact ? 'yes' : 'NO'}`,
        `  readers: ${m.readAlone.toFixed(0)} req/s alone, ${m.readRush.toFixed(1)} req/s during the rush (${(m.readRush / m.readAlone).toFixed(2)}×)${m.readFailures ? `, ${m.readFailures} failed` : ''}`,
        `  server CPU per paid gift (donors alone): ${m.cpuPerGiftMs.toFixed(0)} ms, of which the main thread ${m.mainCpuPerGiftMs.toFixed(0)} ms`,
        `  event loop during the rush: worst ${m.delay?.maxMs ?? '?'} ms, p99 ${m.delay?.p99Ms ?? '?'} ms`,
      ].join('\n'),
    );
  }
}
if (!ok) {
  console.log('TOTALS DID NOT MATCH THE GIFTS PAID');
  process.exit(1);
}
