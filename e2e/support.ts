import { request as httpRequest } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 4400);

/** The URL of a tenant's site: `site('yayasan', '/ms/')` → http://yayasan.localhost:4400/ms/ */
export function site(slug: string, path = '/'): string {
  return `http://${slug}.localhost:${PORT}${path}`;
}

/**
 * A raw HTTP call with a chosen Host header (Node's resolver does not know *.localhost, and
 * fetch may not set Host). Redirects are not followed.
 */
export function call(
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: PORT, path, headers: { Host: `${host}:${PORT}`, ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Fails on serious or critical axe violations, listing them. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Collects console errors and warnings, to assert that none (e.g. hydration) appeared. */
export function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

/**
 * Waits until the page's `client:load` islands have hydrated (Astro then drops `ssr` from each
 * `<astro-island>`). A click or a typed value that lands before hydration is lost, on Preact as on
 * React, so interact with an island only after this.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
}
