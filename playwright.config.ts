import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumForTests } from './scripts/chromium-path.mjs';

// End-to-end journeys in Chromium (CHROME_PATH, the system's, or the one inside the npm package
// @sparticuz/chromium; never a browser downloaded at run time), against the built server on a
// fresh embedded database. Tenants are reached as *.localhost hosts.
// The runner and the server both run in a zone that is neither UTC nor a tenant's (see vitest.config.ts).
process.env.TZ = 'Pacific/Chatham';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4400);
const chromium = await chromiumForTests();
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'serambi-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Budgets for a busy machine (2 cores, load 20+): tests wait on conditions, so a passing test takes
  // no longer for these; only a stuck one does.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://klinik.localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    // Visitors' browsers are in Malaysia (phone fields default to +60 from the zone); the server
    // and the runner are not (TZ above).
    timezoneId: 'Asia/Kuala_Lumpur',
    launchOptions: {
      executablePath: chromium.executablePath,
      ...(Object.keys(chromium.env).length > 0 ? { env: { ...process.env, ...chromium.env } } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      HOST: '127.0.0.1',
      TZ: 'Pacific/Chatham',
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      SHOW_DEV_PAGES: '1',
      // As behind one load balancer: tests send X-Forwarded-For/-Proto (accounts.spec.ts), so each
      // test has its own client address for rate limits, and https can be checked.
      TRUST_PROXY: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
      DATABASE_URL: '',
    },
  },
});
