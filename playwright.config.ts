import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end journeys in the machine's Chromium (never a downloaded browser), against the built
// server on a fresh embedded database. Tenants are reached as *.localhost hosts.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4400);
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROME_PATH`);
}
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'serambi-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://klinik.localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
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
