// The plumbing of bench/live-viewers.bench.ts: HTTP exchanges with a chosen Host, open event
// streams read as a page's realtime client reads them (only the arrival time and a substring test at
// arrival; parsed later), the server's /proc figures and its probes' reports, and one fan-out
// measured from the settlement to every viewer.
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export const PORT = Number(process.env.BENCH_PORT ?? 4480);
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);
const PAGE_SIZE = Number(spawnSync('getconf', ['PAGESIZE']).stdout?.toString().trim() || 4096);

export interface Answer {
  status: number;
  location: string;
  body: string;
  cookies: string[];
}

/** One HTTP exchange (fetch cannot set Host, and the tenant is chosen by it). */
export function exchange(
  host: string,
  pathname: string,
  init: { form?: Record<string, string>; json?: unknown; address?: string; cookie?: string } = {},
): Promise<Answer> {
  const payload = init.json ? JSON.stringify(init.json) : init.form ? new URLSearchParams(init.form).toString() : '';
  const headers: Record<string, string> = {
    host,
    'accept-language': 'en',
    'x-forwarded-for': init.address ?? '10.9.0.1',
  };
  if (init.cookie) headers.cookie = init.cookie;
  if (payload) {
    headers.origin = `http://${host}`;
    headers['content-type'] = init.json ? 'application/json' : 'application/x-www-form-urlencoded';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, path: pathname, method: payload ? 'POST' : 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: String(res.headers.location ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? ''),
          }),
        );
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload || undefined);
  });
}

export const expect = (answer: Answer, status: number, step: string) => {
  if (answer.status !== status) throw new Error(`${step}: HTTP ${answer.status}`);
  return answer;
};
export const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
export const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** An open event stream: when it was ready, and when it first received the awaited event. */
export interface Viewer {
  ready: boolean;
  /** The awaited event's text (`needle` in it) and when it arrived (ms since the epoch). */
  hit?: { at: number; block: string };
  request: http.ClientRequest;
}
let needle: { event: string; text: string } | undefined;

export function openViewer(host: string, channel: string, n: number): Promise<Viewer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `/api/realtime?channels=${encodeURIComponent(channel)}`,
        headers: { host, accept: 'text/event-stream', 'x-forwarded-for': addressOf(n) },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`event stream: HTTP ${res.statusCode}`));
        res.setEncoding('utf8');
        let buffer = '';
        // Only what is needed at arrival: the arrival time, and a substring test. Parsed later.
        res.on('data', (chunk: string) => {
          const at = Date.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes('\nevent: realtime.ready\n')) viewer.ready = true;
            else if (
              needle &&
              !viewer.hit &&
              block.includes(`\nevent: ${needle.event}\n`) &&
              block.includes(needle.text)
            )
              viewer.hit = { at, block };
            end = buffer.indexOf('\n\n');
          }
        });
        resolve(viewer);
      },
    );
    const viewer: Viewer = { ready: false, request };
    request.on('error', reject);
  });
}

export async function openViewers(host: string, channel: string, count: number): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, i) => openViewer(host, channel, start + i));
    viewers.push(...(await Promise.all(batch)));
  }
  for (let i = 0; i < 600 && viewers.some((v) => !v.ready); i += 1) await sleep(100);
  if (viewers.some((v) => !v.ready)) throw new Error('some event streams never got ready');
  return viewers;
}

export const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? Number.NaN;
export const eventData = (block: string) =>
  JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as { data: unknown; at: string };

/** The server process's CPU seconds and resident memory (MB), from /proc. */
export function processStats(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return {
    cpu: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
    rssMb: (Number(fields[21]) * PAGE_SIZE) / 1_048_576,
  };
}

export interface Fanout {
  delays: number[];
  got: number;
  wrong: string[];
  afterAnswerMs: number;
  /** From the settlement to the message's `at` (stamped at publish, after the commit). */
  publishLagMs: number;
  refetches: Record<string, number>;
  rssOpenMb: number;
  loopMaxMs: number | undefined;
  benchLoopMaxMs: number;
  cpuMs: number;
  cpuShare: number;
  rssPeakMb: number;
}

/**
 * Sets what the viewers await, runs `act` (the gift or the call: the requests that settle it),
 * waits for every viewer (at most 30 s), then checks each payload with what `checker` gives (called
 * after the window: its reads are not counted) and times each viewer from `settledAtOf` its payload.
 */
export async function fanOut(
  server: ChildProcess,
  viewers: Viewer[],
  wanted: { event: string; text: string },
  act: () => Promise<void>,
  checker: () => Promise<(data: unknown) => string | null>,
  settledAtOf: (data: unknown) => number,
): Promise<Fanout> {
  const pid = server.pid as number;
  for (const viewer of viewers) viewer.hit = undefined;
  await probeReport(server);
  needle = wanted;
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();
  // The server's CPU and memory every 50 ms, so the fan-out's share can be told from the gift's.
  const samples = [{ at: Date.now(), ...processStats(pid) }];
  const sampler = setInterval(() => samples.push({ at: Date.now(), ...processStats(pid) }), 50);
  await act();
  const answeredAt = Date.now();
  for (let i = 0; i < 1500 && viewers.some((v) => !v.hit); i += 1) await sleep(20);
  await sleep(60);
  clearInterval(sampler);
  benchLoop.disable();
  needle = undefined;
  const report = await probeReport(server);
  const hits = viewers.flatMap((v) => (v.hit ? [v.hit] : []));
  const check = await checker();
  const wrong = new Set<string>();
  const delays: number[] = [];
  let settledAt = Number.POSITIVE_INFINITY;
  let publishedAt = 0;
  for (const hit of hits) {
    const { data, at } = eventData(hit.block);
    const problem = check(data);
    if (problem) wrong.add(problem);
    settledAt = Math.min(settledAt, settledAtOf(data));
    publishedAt = Date.parse(at);
    delays.push(Math.round(hit.at - settledAtOf(data)));
  }
  const lastAt = Math.max(...hits.map((h) => h.at));
  const from = samples.findLast((s) => s.at <= settledAt) ?? samples[0];
  const to = samples.find((s) => s.at >= lastAt) ?? samples.at(-1);
  const cpuMs = from && to ? (to.cpu - from.cpu) * 1000 : Number.NaN;
  return {
    delays,
    got: hits.length,
    wrong: [...wrong],
    afterAnswerMs: lastAt - answeredAt,
    publishLagMs: Math.round(publishedAt - settledAt),
    refetches: report.requests,
    rssOpenMb: samples[0]?.rssMb ?? Number.NaN,
    loopMaxMs: report.loop?.maxMs,
    benchLoopMaxMs: Math.round(benchLoop.max / 1e6),
    cpuMs,
    cpuShare: from && to ? cpuMs / Math.max(1, to.at - from.at) : Number.NaN,
    rssPeakMb: Math.max(...samples.map((s) => s.rssMb)),
  };
}

export const probeFiles = { loop: '', requests: '' };
/** Both probes report on SIGUSR2 since their last report (and reset): requests by kind, the event loop's delay. */
export async function probeReport(server: ChildProcess) {
  for (const file of Object.values(probeFiles)) rmSync(file, { force: true });
  server.kill('SIGUSR2');
  const read = async <T>(file: string) => {
    for (let i = 0; i < 50 && !existsSync(file); i += 1) await sleep(100);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
  };
  return {
    requests: (await read<Record<string, number>>(probeFiles.requests)) ?? {},
    loop: await read<{ maxMs: number }>(probeFiles.loop),
  };
}
