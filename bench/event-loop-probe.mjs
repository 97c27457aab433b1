// Loaded into a server under bench with `node --import` (no change to the app, so a baseline
// build can be probed the same way): the event loop's delay since the last report, written as JSON
// to BENCH_PROBE_FILE on SIGUSR2, then reset. bench/viral.bench.ts reads it around each phase.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  const file = process.env.BENCH_PROBE_FILE;
  if (file) {
    const ms = (ns) => Math.round(ns / 1e5) / 10;
    const report = { maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)), meanMs: ms(histogram.mean) };
    writeFileSync(file, JSON.stringify(report));
  }
  histogram.reset();
});
