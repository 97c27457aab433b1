import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { site } from './support';

// Measuring DESIGN.md §8's JavaScript budgets (e2e/budgets.spec.ts, e2e/budgets-journeys.spec.ts):
// the gzip bytes of every script the page runs from our own origin (files and inline), third-party
// scripts (pixels, Stripe.js) excluded. Deterministic for a given build.

export const KB = 1024;

export interface Measured {
  total: number;
  detail: string;
}

/** Collects the gzip size of every script file the page loads from `origin`, from now on. */
function scriptFiles(page: Page, origin: string) {
  const files = new Map<string, number>();
  let pending = 0;
  let lastActivity = Date.now();
  const settled = () => {
    pending = Math.max(0, pending - 1);
    lastActivity = Date.now();
  };
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    pending += 1;
    lastActivity = Date.now();
  });
  page.on('requestfailed', (request) => request.resourceType() === 'script' && settled());
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body && response.url().startsWith(origin)) files.set(response.url(), gzipSync(body, { level: 9 }).length);
    settled();
  });
  /** No script loading, and none asked for in the last second. */
  const quiet = () => pending === 0 && Date.now() - lastActivity > 1_000;
  return { files, quiet };
}

/** The files' bytes plus the page's inline scripts (the pixels' excepted). */
async function total(page: Page, files: Map<string, number>): Promise<Measured> {
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) =>
      scripts
        .filter((s) => !s.hasAttribute('data-pixel') && (s.getAttribute('type') ?? 'module').match(/module|javascript/))
        .map((s) => s.textContent ?? ''),
    );
  const inlineBytes = inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
  const fileBytes = [...files.values()].reduce((a, b) => a + b, 0);
  const list = [...files].map(([url, size]) => `${new URL(url).pathname} ${size} B`).join(', ');
  return { total: fileBytes + inlineBytes, detail: `files ${fileBytes} B: ${list}; inline ${inlineBytes} B` };
}

/**
 * What a page ships once loaded: until "network idle", or, for a page that keeps a realtime stream
 * open (it never idles), until `ready` (a selector it sets when live; its scripts have loaded by then).
 */
export async function measure(page: Page, slug: string, path: string, ready?: string): Promise<Measured> {
  const { files } = scriptFiles(page, new URL(site(slug)).origin);
  await page.goto(site(slug, path));
  if (ready) {
    await page.waitForLoadState('load');
    await page.locator(ready).waitFor({ state: 'attached' });
  } else {
    await page.waitForLoadState('networkidle');
  }
  return total(page, files);
}

/**
 * What a page ships once its scripts are quiet, and again after the visitor's first move (`act`):
 * code a field loads on the first keystroke counts.
 */
export async function measureQuiet(
  page: Page,
  slug: string,
  path: string,
  act?: (page: Page) => Promise<void>,
): Promise<Measured> {
  const { files, quiet } = scriptFiles(page, new URL(site(slug)).origin);
  const settle = async () => {
    await page.waitForLoadState('load');
    await expect.poll(quiet, { intervals: [250] }).toBe(true);
  };
  await page.goto(site(slug, path));
  await settle();
  if (act) {
    await act(page);
    await settle();
  }
  return total(page, files);
}

export function report(name: string, measured: Measured) {
  console.log(`[budget] ${name}: ${(measured.total / KB).toFixed(1)} KB gzip (${measured.detail})`);
}
