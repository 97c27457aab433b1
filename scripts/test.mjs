// `npm test`: every check, in order, stopping at the first red one — typecheck, lint, unit and
// integration tests (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set), the build, then
// the browser journeys and budgets in Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = mkdtempSync(path.join(tmpdir(), 'serambi-test-'));
// TZ: neither UTC nor a tenant's zone, so a forgotten zone argument fails (issue 24).
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', TZ: 'Pacific/Chatham' };
const totals = { passed: 0, failed: 0, skipped: 0 };

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.log(`\n✗ ${title} failed after ${seconds}s`);
    report();
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

function count(file, read) {
  if (!existsSync(file)) return;
  const counts = read(JSON.parse(readFileSync(file, 'utf8')));
  for (const key of Object.keys(totals)) totals[key] += counts[key] ?? 0;
}

function report() {
  count(path.join(reports, 'vitest.json'), (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + (r.numTodoTests ?? 0),
  }));
  count(path.join(reports, 'playwright.json'), (r) => ({
    passed: r.stats.expected + r.stats.flaky,
    failed: r.stats.unexpected,
    skipped: r.stats.skipped,
  }));
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('(TEST_DATABASE_URL is not set: integration tests run on PGlite only)');
}
step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
step('lint', bin('biome'), ['check', '.']);
step('import boundaries', process.execPath, [path.join(root, 'scripts/boundaries.mjs')]);
step('unit and integration tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, 'vitest.json')}`,
]);
step('build', bin('astro'), ['build']);
env.PLAYWRIGHT_JSON_OUTPUT_NAME = path.join(reports, 'playwright.json');
step('browser journeys and budgets (Chromium)', bin('playwright'), ['test', '--reporter=list,json']);
report();
