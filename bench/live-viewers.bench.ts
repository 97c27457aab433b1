// Live viewers (issue 25): how long after a change the last of many open viewers has it, with no
// refetch. Viewers are plain HTTP clients in this process reading the SSE stream a page subscribes
// to (`/api/realtime?channels=…`, what realtime-client.ts opens), not browsers.
//   leaderboard — BENCH_VIEWERS streams of a campaign's channel (its page's board); then
//                 BENCH_GIFTS gifts, one after another, each paid through a fundraiser the way a
//                 donor pays (give form → "Donate now" → payment → sandbox Pay), each lifting the
//                 board's last fundraiser to first place. Per viewer: the time from the settlement
//                 (the message's `at`, stamped by the server when the gift committed) to receiving
//                 the `fundraisers` event; its payload is checked as a viewer uses it (live-board.ts
//                 renders it, no refetch) and against the leaderboard endpoint: the new top 20, the
//                 fundraiser's rank and totals. Target: the last viewer ≤ 2 s.
//   queue       — BENCH_BOARDS streams of a clinic's queue channel (the /qtv board's); staff call
//                 the next number BENCH_CALLS times through the console (a logged-in form post).
//                 Per board: settlement → the `called` event with that number. Target: ≤ 1 s.
// For each: p50/p95/max of the per-viewer times (the worst of the repeats), the viewers that got
// it, the requests the server saw meanwhile that a board would refetch with (bench/request-probe.mjs),
// the server's worst event-loop delay (bench/event-loop-probe.mjs), its RSS and CPU from /proc.
// The campaign's board is seeded before the server starts (the demo data plus BENCH_FUNDRAISERS
// fundraisers, so the message's top 20 is full). Needs a build (`npx astro build`) and about
// BENCH_VIEWERS + 200 open files per process (`ulimit -n`, printed). The server has no per-address
// cap on event streams; each viewer still comes from an address of its own (X-Forwarded-For).
// On PGlite, and on a fresh PostgreSQL database too when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set (there each event travels NOTIFY → LISTEN → SSE).
//
// Run: npx tsx bench/live-viewers.bench.ts   Knobs: BENCH_VIEWERS (1000), BENCH_BOARDS (1000),
// BENCH_GIFTS (3), BENCH_CALLS (3), BENCH_FUNDRAISERS (40), BENCH_PORT (4480), BENCH_CAMPAIGN (banjir-kelantan),
// BENCH_NODE_ARGS.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '#db/client.server.ts';
import { campaigns, tenants } from '#db/schema/index.ts';
import { analyseDatabase } from '#db/statistics.server.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { LIVE_TOP } from '#features/fundraisers/fundraiser-channel.ts';
import { seedBoard } from '#features/fundraisers/leaderboard-test-support.ts';
import { boardStep } from '#features/fundraisers/live-board.ts';
import { type BenchDatabaseKind, benchDatabaseKinds, freshPostgresDatabase } from './databases';
import {
  addressOf,
  exchange,
  expect,
  type Fanout,
  fanOut,
  hidden,
  openViewers,
  PORT,
  probeFiles,
  processStats,
  quantile,
} from './live-streams';

const root = path.resolve(import.meta.dirname, '..');
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 1000);
const GIFTS = Number(process.env.BENCH_GIFTS ?? 3);
const CALLS = Number(process.env.BENCH_CALLS ?? 3);
const FUNDRAISERS = Number(process.env.BENCH_FUNDRAISERS ?? 40);
const CAMPAIGN = process.env.BENCH_CAMPAIGN ?? 'banjir-kelantan';
const YAYASAN = `yayasan.localhost:${PORT}`;
const KLINIK = `klinik.localhost:${PORT}`;
/** The demo data plus `FUNDRAISERS` fundraisers on the campaign, before the server opens the database. */
async function seed(options: { url?: string; dataDir: string }) {
  const database = await openDatabase(options.url ? { url: options.url } : { dataDir: options.dataDir });
  try {
    await seedDemo(database.db);
    const [campaign] = await database.db
      .select({ id: campaigns.id, tenantId: campaigns.tenantId })
      .from(campaigns)
      .innerJoin(tenants, eq(tenants.id, campaigns.tenantId))
      .where(and(eq(tenants.slug, 'yayasan'), eq(campaigns.publicId, CAMPAIGN)));
    if (!campaign) throw new Error(`no campaign ${CAMPAIGN}`);
    await seedBoard(database.db, campaign.tenantId, campaign.id, FUNDRAISERS);
    await analyseDatabase(database.db);
  } finally {
    await database.close();
  }
}

interface Row {
  id: string;
  slug: string;
  rank: number;
  raisedMinor: number;
  donorCount: number;
}
async function board(offset: number, limit: number) {
  const answer = expect(
    await exchange(YAYASAN, `/api/fundraisers/campaigns/${CAMPAIGN}/leaderboard?offset=${offset}&limit=${limit}`),
    200,
    'leaderboard',
  );
  return JSON.parse(answer.body) as { total: number; fundraisers: Row[] };
}

/** A donor's gift through a fundraiser's page, as a browser without JavaScript pays it. */
async function give(slug: string, ringgit: number, n: number): Promise<void> {
  const address = addressOf(200_000 + n);
  const formPath = `/donation/${CAMPAIGN}/fundraisers/${slug}/give`;
  const form = expect(await exchange(YAYASAN, formPath, { address }), 200, 'give form');
  const posted = expect(
    await exchange(YAYASAN, formPath, {
      address,
      form: {
        campaignId: hidden(form.body, 'campaignId'),
        idempotencyKey: hidden(form.body, 'idempotencyKey'),
        amount: '30.00',
        customAmount: String(ringgit),
        type: 'one-time',
        name: `Penderma ${n}`,
        phone: `+6013${String(1_000_000 + n).slice(-7)}`,
        intent: 'donate',
        website: '',
      },
    }),
    303,
    'donate',
  );
  const invoice = /[?&]invoice=([^&]+)/.exec(posted.location)?.[1];
  if (!invoice) throw new Error('donate: no invoice in the redirect');
  const started = expect(
    await exchange(YAYASAN, `/api/invoices/${invoice}/payments`, { address, json: { method: 'fpx' } }),
    200,
    'start payment',
  );
  const { paymentId } = JSON.parse(started.body) as { paymentId: string };
  const paid = expect(
    await exchange(YAYASAN, `/pay/sandbox/${paymentId}`, { address, form: { bank: 'Maybank2u', choice: 'pay' } }),
    303,
    'sandbox pay',
  );
  // Back from the bank: the thank-you page verifies the payment (unless the webhook was first).
  const back = new URL(paid.location, `http://${YAYASAN}`);
  const thanks = expect(await exchange(YAYASAN, back.pathname + back.search, { address }), 200, 'thank-you page');
  if (!thanks.body.includes('data-verify-status="paid"')) throw new Error('thank-you page: not paid');
}

async function leaderboardPhase(server: ChildProcess): Promise<Fanout[]> {
  const viewers = await openViewers(YAYASAN, `campaign:${CAMPAIGN}`, VIEWERS);
  const results: Fanout[] = [];
  try {
    for (let g = 0; g < GIFTS; g += 1) {
      const {
        total,
        fundraisers: [first],
      } = await board(0, 1);
      // The board's last fundraiser still taking gifts goes to first place.
      const tail = (await board(Math.max(0, total - 50), 50)).fundraisers.reverse();
      let target: Row | undefined;
      for (const row of tail) {
        const page = await exchange(YAYASAN, `/donation/${CAMPAIGN}/fundraisers/${row.slug}/give`);
        if (page.status === 200 && !page.body.includes('data-closed')) {
          target = row;
          break;
        }
      }
      if (!first || !target) throw new Error('no fundraiser to give through');
      const ringgit = Math.ceil((first.raisedMinor - target.raisedMinor) / 100) + 10;
      const raised = target.raisedMinor + ringgit * 100;
      const expected = target;
      const result = await fanOut(
        server,
        viewers,
        { event: 'fundraisers', text: `"fundraiserId":"${target.id}"` },
        () => give(expected.slug, ringgit, g),
        async () => {
          const endpointTop = (await board(0, LIVE_TOP)).fundraisers;
          return (data) => {
            const m = data as { rank: number; raisedMinor: number; donorCount: number; top: Row[] };
            if (m.rank !== 1 || m.raisedMinor !== raised || m.donorCount !== expected.donorCount + 1)
              return `rank ${m.rank}, raised ${m.raisedMinor} (expected 1, ${raised})`;
            if (m.top.length !== Math.min(LIVE_TOP, total)) return `top of ${m.top.length}`;
            // What an open board does with it: render its 20 rows, no refetch.
            const step = boardStep({ offset: 0, limit: LIVE_TOP }, { asOf: 0, shown: [] }, 'fundraisers', data);
            if (step.kind !== 'render') return `the board would ${step.kind}`;
            return isDeepStrictEqual(step.rows, endpointTop) ? null : 'the top differs from the leaderboard endpoint';
          };
        },
        // Settled when the gift's transaction read the board, just before its commit (µs).
        (data) => (data as { asOf: number }).asOf / 1000,
      );
      results.push(result);
      await sleep(1000);
    }
  } finally {
    for (const viewer of viewers) viewer.request.destroy();
  }
  return results;
}

async function queuePhase(server: ChildProcess): Promise<Fanout[]> {
  const login = await exchange(KLINIK, '/staff/login', {
    form: { email: 'staff@kliniksihat.my', password: 'demo-staff-klinik' },
  });
  const cookie = expect(login, 303, 'staff login').cookies.join('; ');
  const staffConsole = expect(await exchange(KLINIK, '/staff/queue', { cookie }), 200, 'queue console').body;
  const pointId = hidden(staffConsole, 'pointId');
  const queueIds = [...staffConsole.matchAll(/name="queueId" value="([^"]+)"/g)].map((m) => m[1] ?? '');
  // Enough people waiting in every queue for the calls that follow.
  for (const queueId of queueIds) {
    for (let i = 0; i <= CALLS; i += 1)
      expect(await exchange(KLINIK, '/staff/queue', { cookie, form: { action: 'issue', queueId } }), 200, 'issue');
  }
  const qtv = expect(await exchange(KLINIK, '/qtv?display=KLINIKTV26'), 200, 'the board').body;
  const channel = /queue:[A-Za-z0-9_-]+/.exec(qtv)?.[0];
  if (!pointId || !channel) throw new Error('no counter or no board channel');
  const viewers = await openViewers(KLINIK, channel, BOARDS);
  const results: Fanout[] = [];
  try {
    for (let c = 0; c < CALLS; c += 1) {
      let number = '';
      const result = await fanOut(
        server,
        viewers,
        { event: 'called', text: `"pointId":"${pointId}"` },
        async () => {
          const page = await exchange(KLINIK, '/staff/queue', { cookie, form: { action: 'call', pointId } });
          const notice = /data-notice="success"[^>]*>([^<]*)/.exec(expect(page, 200, 'call next').body)?.[1] ?? '';
          number = /[A-Z]\d{3}/.exec(notice)?.[0] ?? '';
          if (!number) throw new Error('call next: nobody called');
        },
        async () => (data) => {
          const call = data as { number?: string; pointId?: string };
          return call.number === number ? null : `the board got ${call.number}, staff called ${number}`;
        },
        // Called at `at`, taken before the call's transaction.
        (data) => Date.parse((data as { at: string }).at),
      );
      results.push(result);
      await sleep(1000);
    }
  } finally {
    for (const viewer of viewers) viewer.request.destroy();
  }
  return results;
}

async function measure(kind: BenchDatabaseKind) {
  if (!existsSync(path.join(root, 'dist/server/entry.mjs'))) throw new Error('no build (npx astro build)');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'live-viewers-'));
  probeFiles.loop = path.join(dataDir, 'loop.json');
  probeFiles.requests = path.join(dataDir, 'requests.json');
  const fresh = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
  let server: ChildProcess | undefined;
  try {
    await seed({ ...(fresh ? { url: fresh.url } : {}), dataDir });
    const probes = ['bench/event-loop-probe.mjs', 'bench/request-probe.mjs'];
    server = spawn(
      process.execPath,
      [
        // BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
        ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
        ...probes.flatMap((p) => ['--import', path.join(root, p)]),
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
          BENCH_PROBE_FILE: probeFiles.loop,
          BENCH_REQUESTS_FILE: probeFiles.requests,
          ASTRO_TELEMETRY_DISABLED: '1',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    for (let i = 0; ; i += 1) {
      if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
      if (await board(0, 1).catch(() => undefined)) break;
      if (i > 360) throw new Error('the server did not start');
      await sleep(500);
    }
    const idleRssMb = processStats(server.pid as number).rssMb;
    const leaderboard = await leaderboardPhase(server);
    const queue = await queuePhase(server);
    return { idleRssMb, leaderboard, queue };
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server?.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}

/** The worst of the repeats (by its last viewer), printed with what all of them share. */
function printRuns(name: string, viewers: number, targetMs: number, runs: Fanout[], watched: string[]): boolean {
  const worst = runs.reduce((a, b) => (Math.max(...b.delays, -1) > Math.max(...a.delays, -1) ? b : a));
  const last = Math.max(...worst.delays);
  const all = runs.every((r) => r.got === viewers);
  const wrong = [...new Set(runs.flatMap((r) => r.wrong))];
  const refetched = watched.map((kind) => `${kind} ${runs.reduce((n, r) => n + (r.refetches[kind] ?? 0), 0)}`);
  const met = all && wrong.length === 0 && last <= targetMs;
  console.log(
    [
      `  ${name}: ${viewers} viewers × ${runs.length}; got it: ${runs.map((r) => r.got).join(', ')} of ${viewers}`,
      `    settlement → viewer (worst of ${runs.length}): p50 ${quantile(worst.delays, 0.5)} ms, p95 ${quantile(worst.delays, 0.95)} ms, max ${last} ms — target ≤ ${targetMs / 1000} s: ${met ? 'met' : 'MISSED'}`,
      `    each: max ${runs.map((r) => `${Math.max(...r.delays)} ms`).join(', ')}, of which settlement → publish ${runs.map((r) => `${r.publishLagMs} ms`).join(', ')}; the last viewer after the settling requests returned: ${runs.map((r) => `${r.afterAnswerMs} ms`).join(', ')}`,
      `    payload as a viewer uses it: ${wrong.length ? `WRONG (${wrong.join('; ')})` : 'right in every copy'}`,
      `    refetch requests the server saw meanwhile: ${refetched.join(', ')}`,
      `    server: RSS ${worst.rssOpenMb.toFixed(0)} MB with the streams open, peak ${worst.rssPeakMb.toFixed(0)} MB; CPU ${runs.map((r) => `${r.cpuMs.toFixed(0)} ms (${(r.cpuShare * 100).toFixed(0)}% of a core)`).join(', ')} from the settlement to the last viewer; event loop worst ${runs.map((r) => `${r.loopMaxMs ?? '?'} ms`).join(', ')}`,
      `    this process's event loop worst: ${runs.map((r) => `${r.benchLoopMaxMs} ms`).join(', ')}`,
    ].join('\n'),
  );
  return all && wrong.length === 0;
}

const limits = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
console.log(
  `live viewers: ${VIEWERS} leaderboard viewers × ${GIFTS} gifts, ${BOARDS} queue boards × ${CALLS} calls; ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; open files allowed ${limits} (needs about ${Math.max(VIEWERS, BOARDS) + 200})`,
);
let correct = true;
for (const kind of benchDatabaseKinds) {
  const m = await measure(kind);
  console.log(`\n${kind}: server RSS ${m.idleRssMb.toFixed(0)} MB before the streams`);
  correct = printRuns('leaderboard', VIEWERS, 2000, m.leaderboard, ['leaderboard', 'totals']) && correct;
  correct = printRuns('queue boards', BOARDS, 1000, m.queue, ['queueState']) && correct;
}
if (!correct) {
  console.log('SOME VIEWERS DID NOT GET THE RIGHT MESSAGE');
  process.exit(1);
}
