// Start and memory (issue 25), on existing data: the server is started once to create and seed its
// database, stopped, then started again ROUNDS times, each build in turn (BENCH_BASELINE=<a built
// checkout of another revision> runs beside this one, interleaved). Per start: the time from spawn
// to the first 200 of the clinic's home page (polled every 50 ms), the wait of a visitor who comes
// 2 s after the port is bound (is the app warm by then?), and the resident memory at rest 10 s
// later (VmRSS from /proc). Medians per build. On PGlite (DATA_DIR) and, with BENCH_DATABASE_URL
// or TEST_DATABASE_URL, on a fresh PostgreSQL database.
//
// Run: npx astro build && npx tsx bench/start.bench.ts   Knobs: BENCH_ROUNDS (3), BENCH_PORT (4475), BENCH_BASELINE.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchDatabaseKind, benchDatabaseKinds, freshPostgresDatabase } from './databases';

const here = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4475);

function get(pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: PORT, path: pathname, headers: { host: `klinik.localhost:${PORT}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

function start(root: string, env: Record<string, string>): { child: ChildProcess; listening: Promise<number> } {
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const spawned = performance.now();
  const listening = new Promise<number>((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) resolve(performance.now() - spawned);
    });
  });
  return { child, listening };
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

interface Start {
  first200Ms: number;
  visitorAt2sMs: number;
  restMb: number;
}

/** One start on existing data: spawn → first 200, a visitor 2 s after listening, memory at rest. */
async function oneStart(root: string, env: Record<string, string>): Promise<Start> {
  const spawned = performance.now();
  const { child } = start(root, env);
  try {
    let first200Ms = Number.NaN;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
      const status = await get('/').catch(() => 0);
      if (status === 200) {
        first200Ms = performance.now() - spawned;
        break;
      }
      if (performance.now() - spawned > 180_000) throw new Error('no 200 within 180 s');
      await sleep(50);
    }
    // A fresh process for the visitor measure: the poll above already warmed this one.
    await stop(child);
    const second = start(root, env);
    try {
      await second.listening;
      await sleep(2_000);
      const asked = performance.now();
      await get('/appointment');
      const visitorAt2sMs = performance.now() - asked;
      await sleep(10_000);
      return { first200Ms, visitorAt2sMs, restMb: rssMb(second.child.pid as number) };
    } finally {
      await stop(second.child);
    }
  } finally {
    if (child.exitCode === null) await stop(child);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function bench(kind: BenchDatabaseKind, builds: { name: string; root: string }[]) {
  const results = new Map(builds.map((b) => [b.name, [] as Start[]]));
  // Each build its own existing data, made by a first start (demo seed) and kept for its rounds.
  const setups = await Promise.all(
    builds.map(async (build) => {
      const fresh = kind === 'postgres' ? await freshPostgresDatabase() : undefined;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'start-bench-'));
      return { build, fresh, dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: fresh?.url ?? '', DEMO_DATA: '1' } };
    }),
  );
  try {
    for (const setup of setups) {
      const { child } = start(setup.build.root, setup.env);
      for (let i = 0; (await get('/').catch(() => 0)) !== 200; i += 1) {
        if (i > 3600) throw new Error('the first start did not answer');
        await sleep(100);
      }
      await stop(child);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const setup of setups) results.get(setup.build.name)?.push(await oneStart(setup.build.root, setup.env));
    }
  } finally {
    for (const setup of setups) {
      rmSync(setup.dataDir, { recursive: true, force: true });
      await setup.fresh?.drop();
    }
  }
  console.log(`\n${kind} (${ROUNDS} starts per build, medians)`);
  console.log('build          first 200 after spawn   visitor 2 s after listening   resident memory at rest');
  for (const [name, starts] of results) {
    console.log(
      `${name.padEnd(15)}${`${(median(starts.map((s) => s.first200Ms)) / 1000).toFixed(2)} s`.padStart(21)}${`${median(starts.map((s) => s.visitorAt2sMs)).toFixed(0)} ms`.padStart(30)}${`${median(starts.map((s) => s.restMb)).toFixed(0)} MB`.padStart(26)}`,
    );
  }
}

const builds = [
  ...(process.env.BENCH_BASELINE ? [{ name: 'baseline', root: path.resolve(process.env.BENCH_BASELINE) }] : []),
  { name: 'this build', root: here },
];
for (const build of builds) {
  if (!existsSync(path.join(build.root, 'dist/server/entry.mjs'))) throw new Error(`${build.root} has no build`);
}
console.log(
  `start: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const kind of benchDatabaseKinds) await bench(kind, builds);
