import { request as httpRequest } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

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

/**
 * Hydration check that can fail. Preact's production build hydrates silently: a server/client
 * mismatch is patched (text, structure) without a console message (docs/decisions/0008), so
 * watching the console proves nothing. Instead, snapshot each island's DOM the moment Astro
 * reports it hydrated (`astro:hydrate`, before any effect has run) and compare it with the same
 * island in the raw HTML the server sent. Text is compared with whitespace collapsed, attributes
 * sorted; `ssr` (dropped by Astro on hydration) and slot templates are ignored. `client:only`
 * islands have no server markup and are skipped. Preact keeps the server's attributes while
 * hydrating, so an attribute-only mismatch is not seen here (docs/decisions/0010).
 *
 * Returns the islands compared and the mismatches (empty when hydration changed nothing).
 */
export async function hydrationMismatches(
  page: Page,
  url: string,
): Promise<{ compared: string[]; mismatches: { island: string; server: string[]; hydrated: string[] }[] }> {
  await page.addInitScript(() => {
    const snapshots: Record<string, string> = {};
    (window as unknown as { __hydrationSnapshots: typeof snapshots }).__hydrationSnapshots = snapshots;
    document.addEventListener(
      'astro:hydrate',
      (event) => {
        const island = event.target as Element;
        snapshots[island.getAttribute('uid') ?? ''] = island.innerHTML;
      },
      true,
    );
  });
  const response = await page.goto(url);
  const serverHtml = (await response?.text()) ?? '';
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]:not([client="only"])') === null);
  return page.evaluate((html) => {
    /** A readable outline of markup: one line per element (sorted attributes) or run of text. */
    const outline = (markup: string): string[] => {
      const holder = document.createElement('template');
      holder.innerHTML = markup;
      const lines: string[] = [];
      const walk = (node: Node, depth: number) => {
        let text = '';
        const flush = () => {
          const clean = text.replace(/\s+/g, ' ').trim();
          if (clean) lines.push(`${'  '.repeat(depth)}"${clean}"`);
          text = '';
        };
        for (const child of node.childNodes) {
          if (child.nodeType === Node.TEXT_NODE) text += (child as Text).data;
          if (child.nodeType !== Node.ELEMENT_NODE) continue;
          const element = child as Element;
          if (element.tagName === 'TEMPLATE') continue;
          flush();
          const attributes = [...element.attributes]
            .filter((a) => a.name !== 'ssr')
            .map((a) => `${a.name}="${a.value.replace(/\s+/g, ' ').trim()}"`)
            .sort();
          lines.push(`${'  '.repeat(depth)}<${[element.tagName.toLowerCase(), ...attributes].join(' ')}>`);
          walk(element, depth + 1);
        }
        flush();
      };
      walk(holder.content, 0);
      return lines;
    };
    const snapshots = (window as unknown as { __hydrationSnapshots: Record<string, string> }).__hydrationSnapshots;
    const server = new DOMParser().parseFromString(html, 'text/html');
    const compared: string[] = [];
    const mismatches: { island: string; server: string[]; hydrated: string[] }[] = [];
    for (const island of server.querySelectorAll('astro-island:not([client="only"])')) {
      const uid = island.getAttribute('uid') ?? '';
      const name = `${island.getAttribute('component-url')?.split('/').pop()} (uid ${uid})`;
      compared.push(name);
      const before = outline(island.innerHTML);
      const after = snapshots[uid] === undefined ? ['(never hydrated)'] : outline(snapshots[uid]);
      if (before.join('\n') !== after.join('\n')) mismatches.push({ island: name, server: before, hydrated: after });
    }
    return { compared, mismatches };
  }, serverHtml);
}

/**
 * Brings the month of `date` (yyyy-MM-dd) into the slot picker's calendar and answers that day's
 * button. It waits for the calendar to be drawn before looking, and for each next month to be
 * drawn before looking again: an instant look before the calendar was mounted clicked past the
 * month the day was in.
 */
export async function calendarDay(scope: Page | FrameLocator, date: string): Promise<Locator> {
  const cell = scope.locator(`td[data-day="${date}"]:not([data-outside]) button`);
  const month = scope.locator('[role="grid"]').first();
  await expect(month).toBeVisible();
  for (let i = 0; i < 4 && !(await cell.isVisible()); i += 1) {
    const shown = (await month.getAttribute('aria-label')) ?? '';
    await scope.locator('.rdp-button_next').click();
    await expect(month).not.toHaveAttribute('aria-label', shown);
  }
  return cell;
}

/** What the log transport delivered to `destination` (the /dev/outbox aid, read from the tenant's site). */
export async function outboxFor(
  page: Page,
  destination: string,
  slug = 'klinik',
): Promise<{ template: string; text: string }[]> {
  return page.evaluate(
    async ([to, url]) =>
      (await (await fetch(url + encodeURIComponent(to))).json()) as { template: string; text: string }[],
    [destination, site(slug, '/dev/outbox?to=')] as const,
  );
}

/**
 * The newest code the log transport delivered to `destination`, read where a local tester reads
 * it (the /dev/outbox page lists what the log transport printed): a broken outbox fails the test.
 */
export async function deliveredCode(
  page: Page,
  destination: string,
  { template = 'login-code', slug = 'klinik' }: { template?: string; slug?: string } = {},
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const newest = (await outboxFor(page, destination, slug)).filter((m) => m.template === template).at(-1);
        code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** The demo organisations' staff logins (README). */
export const DEMO_STAFF = {
  klinikOwner: { slug: 'klinik', email: 'owner@kliniksihat.my', password: 'demo-owner-klinik' },
  klinikStaff: { slug: 'klinik', email: 'staff@kliniksihat.my', password: 'demo-staff-klinik' },
  yayasanOwner: { slug: 'yayasan', email: 'owner@kasihummah.org.my', password: 'demo-owner-yayasan' },
} as const;

/** Logs in on the staff login page (English) of the login's organisation. */
export async function staffLogin(
  page: Page,
  login: { slug: string; email: string; password: string },
  next?: string,
): Promise<void> {
  await page.goto(site(login.slug, next ? `/staff/login?next=${encodeURIComponent(next)}` : '/staff/login'));
  await page.getByLabel('Email').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}
