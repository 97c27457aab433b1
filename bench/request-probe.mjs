// Loaded into a server under bench with `node --import` (no change to the app): counts the requests
// the server received, by kind, since the last report, written as JSON to BENCH_REQUESTS_FILE on
// SIGUSR2, then reset. bench/live-viewers.bench.ts reads it around each gift to count refetches.
import { writeFileSync } from 'node:fs';
import http from 'node:http';

/** The kinds counted: what an open board or totals would fetch again, and the event streams. */
const KINDS = [
  ['leaderboard', /^\/(?:ms\/|id\/)?api\/fundraisers\/campaigns\/[^/]+\/leaderboard/],
  ['totals', /^\/(?:ms\/|id\/)?api\/donations\/campaigns\/[^/]+\/totals/],
  ['queueState', /^\/(?:ms\/|id\/)?api\/qtv/],
  ['realtime', /^\/(?:ms\/|id\/)?api\/realtime(?:\?|$)/],
];
let counts = {};
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') {
    const url = args[0]?.url ?? '';
    const kind = KINDS.find(([, pattern]) => pattern.test(url))?.[0] ?? 'other';
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return emit.call(this, event, ...args);
};
process.on('SIGUSR2', () => {
  const file = process.env.BENCH_REQUESTS_FILE;
  if (file) writeFileSync(file, JSON.stringify(counts));
  counts = {};
});
