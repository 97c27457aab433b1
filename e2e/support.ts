import { request as httpRequest } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Frame, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { type AvailabilityFeed, decodeAvailability } from '#features/booking/availability-feed.ts';

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

/** A GET with `call` that follows one redirect (a tenant whose language is not English answers with its locale's address first). */
async function callFollowing(host: string, path: string): Promise<Awaited<ReturnType<typeof call>>> {
  const response = await call(host, path);
  const location = response.headers.location;
  if (response.status >= 300 && response.status < 400 && typeof location === 'string') {
    return call(host, new URL(location, 'http://x').pathname);
  }
  return response;
}

/**
 * Live campaigns of a tenant, as its landing page links them (`/donation/{id}`, with the tenant's
 * locale prefix), optionally only those whose form offers a donation type.
 */
export async function liveCampaigns(slug: string, offering?: 'one-time' | 'weekly' | 'monthly'): Promise<string[]> {
  const landing = await callFollowing(`${slug}.localhost`, '/donation');
  const ids = [
    ...new Set(
      [...landing.body.matchAll(/href="(?:\/(?:ms|id))?\/donation\/([A-Za-z0-9_-]+)"/g)].map((m) => m[1] as string),
    ),
  ];
  if (!offering) return ids;
  const offered: string[] = [];
  for (const id of ids) {
    const form = await callFollowing(`${slug}.localhost`, `/donation/${id}/form`);
    if (form.body.includes(`name="type" value="${offering}"`)) offered.push(id);
  }
  return offered;
}

/** POSTs JSON from the page (same origin, its cookies), e.g. to a developer aid: the status and the answer. */
export async function postJson<T>(page: Page, path: string, body: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ url, payload }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return { status: response.status, body: await response.json() };
    },
    { url: path, payload: body },
  );
}

/** A day of the slot picker's availability, decoded. */
export type AvailableDay = ReturnType<typeof decodeAvailability>[number];

/**
 * The service on this page's slot picker (or in a frame): its first bookable date (`data-min`) and
 * the days the availability API answers up to `data-max`, for one practitioner or (no `resource`)
 * the API's default. Tests pick dates from this, never from the calendar of the day they were written.
 */
export async function serviceDays(
  scope: Page | Frame,
  resource?: string,
): Promise<{ min: string; days: AvailableDay[] }> {
  const section = scope.locator('[data-service-id]');
  const [serviceId, min, max] = await Promise.all(
    ['data-service-id', 'data-min', 'data-max'].map((name) => section.getAttribute(name)),
  );
  const url = `/api/appointments/${serviceId}/availability?from=${min}&to=${max}${resource ? `&resource=${resource}` : ''}`;
  const feed = await scope.evaluate(async (address) => (await (await fetch(address)).json()) as AvailabilityFeed, url);
  return { min: min ?? '', days: decodeAvailability(feed) };
}

/**
 * The first available day with at least `minSlots` free times, `daysAhead` or more days after the
 * first bookable date (late in the clinic's day, today may have a single time left).
 */
export function firstFreeDay(
  { min, days }: { min: string; days: AvailableDay[] },
  { daysAhead = 0, minSlots = 1 } = {},
): AvailableDay {
  const earliest = new Date(`${min}T00:00:00Z`).getTime() + daysAhead * 86_400_000;
  const day = days.find(
    (d) =>
      d.status === 'available' && d.slots.length >= minSlots && new Date(`${d.date}T00:00:00Z`).getTime() >= earliest,
  );
  if (!day) throw new Error(`no available day ${daysAhead} days after ${min}`);
  return day;
}

/** Fails on serious or critical axe violations, listing them. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A gate for routed requests: a route handler awaits `held`, the test calls `release()` when it has seen enough. */
export function holdRequests(): { held: Promise<void>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release };
}

/** Resolves once the page has drawn two more frames: what a click set going (a render, an effect) is on screen. */
export async function renderedFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
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
  peduliOwner: { slug: 'peduli', email: 'owner@pedulinusantara.or.id', password: 'demo-owner-peduli' },
} as const;

export type StaffLogin = { slug: string; email: string; password: string };

/**
 * Logs in on the staff login page of the login's organisation, in the language of `next` (a
 * `/ms/…` return path opens the Malay login page). The fields are found by id, whatever the language.
 */
export async function staffLogin(page: Page, login: StaffLogin, next?: string): Promise<void> {
  const prefix = /^\/(ms|id)(?=\/)/.exec(next ?? '')?.[0] ?? '';
  await page.goto(site(login.slug, `${prefix}/staff/login${next ? `?next=${encodeURIComponent(next)}` : ''}`));
  await enterStaffLogin(page, login);
}

/** On a staff login page (reached by a redirect, in any language): types the login and sends it. */
export async function enterStaffLogin(page: Page, login: StaffLogin): Promise<void> {
  await page.locator('#staff-email').fill(login.email);
  await page.locator('#staff-password').fill(login.password);
  await page.locator('form:has(#staff-email) button[type="submit"]').click();
}

/** A page in a browser context of its own (its own cookies), logged in as `login`; see staffLogin. */
export async function staffPage(browser: Browser, login: StaffLogin, next?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await staffLogin(page, login, next);
  return page;
}

let phoneSeq = 0;
/**
 * A Malaysian mobile number (national, without the 0) that no other test uses: each worker has a
 * prefix of its own, so /dev/outbox?to= finds only this test's messages and rate limits never collide.
 */
export function freshPhone(): string {
  phoneSeq += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  const prefix = ['12', '13', '14', '16', '17', '18', '19'][worker % 7];
  return `${prefix}${String((Date.now() * 10 + phoneSeq) % 10_000_000).padStart(7, '0')}`;
}

let addressSeq = 0;
/** A client address of its own (the server trusts X-Forwarded-For): per-address limits count one visitor. */
export function freshAddress(): string {
  addressSeq += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  return `198.${18 + (worker % 8)}.${addressSeq % 250}.${(Date.now() + addressSeq) % 250}`;
}

/** The customer login's labels in a language. */
export type LoginLabels = { send: string; code: string; verify: string };
export const LOGIN_LABELS: Record<'en' | 'ms', LoginLabels> = {
  en: { send: 'Send code', code: '6-digit code', verify: 'Log in' },
  ms: { send: 'Hantar kod', code: 'Kod 6 digit', verify: 'Log masuk' },
};

/**
 * On a customer login page: asks a code for `national` (a Malaysian number without the 0), reads
 * it from the outbox and answers the code, as a visitor does. The page is told the number it was sent to.
 */
export async function sendLoginCode(
  page: Page,
  national: string,
  labels: LoginLabels = LOGIN_LABELS.en,
): Promise<string> {
  const slug = new URL(page.url()).hostname.split('.')[0];
  await hydrated(page);
  await page.locator('input[inputmode="numeric"]').first().fill(`0${national}`);
  await page.getByRole('button', { name: labels.send }).click();
  await expect(page.getByRole('status')).toContainText(`+60${national}`);
  return deliveredCode(page, `60${national}`, { slug });
}

/** On a customer login page: logs in `national` by the code the outbox delivered (see sendLoginCode). */
export async function logInWithCode(
  page: Page,
  national: string,
  labels: LoginLabels = LOGIN_LABELS.en,
): Promise<void> {
  const code = await sendLoginCode(page, national, labels);
  await page.getByLabel(labels.code).fill(code);
  await page.getByRole('button', { name: labels.verify }).click();
}
