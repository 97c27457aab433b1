import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { calendarDay, call, DEMO_STAFF, expectAccessible, serviceDays, site, staffPage } from './support';

// The booking embed on another site: a partner's page pastes the loader; only origins the clinic
// allows may frame it. The partner's page comes from a tiny server of the test's own on
// 127.0.0.1, reached as another *.localhost origin: a page the browser did not get from a
// loopback address (page.route) may not load anything from loopback (Local Network Access).
let server: Server;
let PARTNER = '';
let STRANGER = '';

function hostPage(search: URLSearchParams): string {
  const clean = (value: string) => value.replace(/[^a-z0-9-]/g, '');
  const attributes = ['locale', 'kind', 'campaign']
    .map((name) => [name, search.get(name)] as const)
    .map(([name, value]) => (value ? ` data-${name}="${clean(value)}"` : ''))
    .join('');
  return `<!doctype html><html lang="en"><head><title>Partner site</title></head><body>
<h1>Partner site</h1><p>Book with our clinic below.</p>
<script src="${site(search.get('site') === 'yayasan' ? 'yayasan' : 'klinik', '/embed.js')}" data-serambi-embed${attributes} async></script>
<footer>Partner footer</footer></body></html>`;
}

// One partner server and one allowed-origins setting for the whole file.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://partner');
    response.writeHead(url.pathname === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(url.pathname === '/' ? hostPage(url.searchParams) : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  PARTNER = `http://host.localhost:${port}`;
  STRANGER = `http://other.localhost:${port}`;

  const page = await browser.newPage();
  await page.goto(site('klinik', '/'));
  const stored = await page.evaluate(
    async (origins) => {
      const response = await fetch('/dev/embed-origins', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ origins }),
      });
      return ((await response.json()) as { origins: string[] }).origins;
    },
    [PARTNER],
  );
  expect(stored).toEqual([PARTNER]);
  await page.close();
});

test.afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

test.describe('the booking embed', () => {
  test('frames the service list on an allowed site and sizes itself to its content', async ({ page }) => {
    await page.goto(`${PARTNER}/`);
    const iframe = page.locator('iframe[data-serambi-frame]');
    await expect(iframe).toHaveAttribute('title', 'Book an appointment with Klinik Sihat Bersama');
    await expect(iframe).toHaveAttribute(
      'src',
      `${site('klinik', '/appointment/embed')}?origin=${encodeURIComponent(PARTNER)}`,
    );
    // Right after the script tag, before the rest of the partner's page.
    expect(
      await page.evaluate(() => document.querySelector('script[data-serambi-embed]')?.nextElementSibling?.tagName),
    ).toBe('IFRAME');

    const frame = page.frameLocator('iframe[data-serambi-frame]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Book an appointment');
    await expect(frame.locator('[data-embed-service="health-screening"]')).toContainText('Full health screening');
    // Links open the booking pages inside the frame, in embed mode.
    await expect(frame.locator('[data-embed-service="health-screening"] a')).toHaveAttribute(
      'href',
      '/appointment/health-screening?embed=1',
    );

    // The loader starts at 480 px; the frame's height messages make it exactly its content.
    await expect.poll(() => iframe.getAttribute('height')).not.toBe('480');
    const content = page.frames().find((f) => f.url().includes('/appointment/embed'));
    const contentHeight = () =>
      content?.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height)) ?? 0;
    await expect.poll(async () => Number(await iframe.getAttribute('height'))).toBe(await contentHeight());
    const wide = Number(await iframe.getAttribute('height'));
    expect(wide).toBeGreaterThan(480);

    // On a phone the list wraps and grows; the frame follows (ResizeObserver).
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(async () => Number(await iframe.getAttribute('height'))).toBeGreaterThan(wide);
    await expect.poll(async () => Number(await iframe.getAttribute('height'))).toBe(await contentHeight());
  });

  test('books and pays from inside the frame: every step stays framed, payment opens in a new tab', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto(`${PARTNER}/`);
    const iframe = page.locator('iframe[data-serambi-frame]');
    const frame = page.frameLocator('iframe[data-serambi-frame]');
    const content = await (await iframe.elementHandle())?.contentFrame();
    if (!content) throw new Error('no embed frame');
    await frame.locator('[data-embed-service="influenza-vaccination"] a').click();

    // The service step, framed and without the site's header and footer.
    await expect(frame.locator('[data-availability="ready"]')).toBeVisible({ timeout: 15_000 });
    expect(new URL(content.url()).pathname).toBe('/appointment/influenza-vaccination');
    expect(new URL(content.url()).searchParams.get('embed')).toBe('1');
    await expect(frame.locator('#loading-bar')).toHaveCount(0);
    await expect(frame.locator('[data-embed-origins]')).toHaveCount(1);
    const { days } = await serviceDays(content);
    const day = days.filter((d) => d.status === 'available').at(-1);
    if (!day) throw new Error('no available day');
    await (await calendarDay(frame, day.date)).click();
    await frame.locator(`[role="radio"][data-slot="${day.slots[0]?.start}"]`).click();
    await frame.getByRole('button', { name: 'Continue', exact: true }).click();

    // The form step: still framed (the island's navigation kept the embed marks).
    await expect(frame.locator('[data-booking-form]')).toBeVisible();
    // This browser refuses storage to a third-party frame: the choice came through the URL.
    const formUrl = new URL(content.url());
    expect(formUrl.pathname).toBe('/appointment/influenza-vaccination/form');
    expect(formUrl.searchParams.get('embed')).toBe('1');
    expect(formUrl.searchParams.get('origin')).toBe(PARTNER);
    expect(formUrl.searchParams.get('slot')).toBe(day.slots[0]?.start);
    await frame.getByLabel('Full name').fill('Nur Iman');
    await frame.locator('[data-booking-form] input[type="tel"]').fill('0134445555');
    await frame.getByRole('button', { name: 'Continue to payment' }).click();

    // Checkout: the hold's countdown in the frame; gateways refuse frames, so payment opens a tab.
    await expect(frame.locator('[data-countdown]')).toBeVisible();
    expect(new URL(content.url()).searchParams.get('embed')).toBe('1');
    const payLink = frame.getByRole('link', { name: 'Pay in a new tab' });
    await expect(payLink).toHaveAttribute('target', '_blank');
    await expect(frame.locator('[data-realtime="open"]')).toBeAttached();
    // Its height follows the page it shows.
    const shown = () => content.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    await expect.poll(async () => Number(await iframe.getAttribute('height'))).toBe(await shown());

    const [tab] = await Promise.all([page.waitForEvent('popup'), payLink.click()]);
    await expect(tab).toHaveURL(/\/appointment\/influenza-vaccination\/checkout\?booking=\w+$/);
    await expect(tab.locator('#loading-bar')).toHaveCount(1);
    await tab.getByLabel('Credit/debit card').check();
    await tab.getByRole('button', { name: 'Pay RM85.00' }).click();
    await expect(tab).toHaveURL(/\/pay\/sandbox\//);
    await tab.getByRole('button', { name: /^Pay RM85\.00/ }).click();
    await expect(tab.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');

    // The framed checkout turns into the confirmation by itself.
    await expect(frame.locator('[data-booking-status="confirmed"]')).toBeVisible({ timeout: 15_000 });
    expect(new URL(content.url()).searchParams.get('embed')).toBe('1');
    // Links to pages that may not be framed open in a new tab instead of breaking the frame.
    const invoiceLink = frame.locator('a[href*="/invoices/"]').first();
    if ((await invoiceLink.count()) > 0) {
      await invoiceLink.dispatchEvent('click');
      await expect(invoiceLink).toHaveAttribute('target', '_blank');
    }
  });

  test('speaks Malay when the snippet says data-locale="ms"', async ({ page }) => {
    await page.goto(`${PARTNER}/?locale=ms`);
    const iframe = page.locator('iframe[data-serambi-frame]');
    await expect(iframe).toHaveAttribute('title', 'Tempah temu janji dengan Klinik Sihat Bersama');
    const frame = page.frameLocator('iframe[data-serambi-frame]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Tempah temu janji');
    await expect(frame.locator('[data-embed-service="health-screening"] a')).toHaveAttribute(
      'href',
      '/ms/appointment/health-screening?embed=1',
    );
    await expect.poll(() => iframe.getAttribute('height')).not.toBe('480');
  });

  test('a site the clinic has not allowed is refused by frame-ancestors', async ({ page }) => {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refusals.push(message.text());
    });
    await page.goto(`${STRANGER}/`);
    const iframe = page.locator('iframe[data-serambi-frame]');
    await expect(iframe).toBeAttached();
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(refusals[0]).toContain(`frame-ancestors 'self' ${PARTNER}`);
    await expect(page.frameLocator('iframe[data-serambi-frame]').getByRole('heading')).toHaveCount(0);
    expect(await iframe.getAttribute('height')).toBe('480');
  });

  test('only the embed route may be framed, and only by the allowed origins', async () => {
    for (const path of ['/appointment/embed', '/ms/appointment/embed', '/id/appointment/embed']) {
      const embed = await call('klinik.localhost', path);
      expect(embed.status, path).toBe(200);
      expect(String(embed.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${PARTNER}`);
      expect(embed.headers['x-frame-options']).toBeUndefined();
    }
    for (const path of ['/', '/login', '/staff/login', '/ms/staff/login']) {
      const other = await call('klinik.localhost', path);
      expect(String(other.headers['content-security-policy']), path).toContain("frame-ancestors 'none'");
      expect(other.headers['x-frame-options'], path).toBe('DENY');
    }
    // Every embed route of the route table, the donation ones too (issue 10 item 6).
    for (const path of ['/donation/banjir/embed-form', '/ms/donation/banjir/embed-page']) {
      const embed = await call('klinik.localhost', path);
      expect(String(embed.headers['content-security-policy']), path).toContain(`frame-ancestors 'self' ${PARTNER}`);
      expect(embed.headers['x-frame-options'], path).toBeUndefined();
    }
    // Another tenant (no appointments there) has not allowed the partner.
    const foundation = await call('yayasan.localhost', '/appointment/embed');
    expect(foundation.status).toBe(404);
    expect(String(foundation.headers['content-security-policy'])).not.toContain(PARTNER);
  });

  test('the loader mounts the view data-kind names, and nothing for an unknown kind', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().includes('Serambi')) warnings.push(message.text());
    });
    await page.goto(`${PARTNER}/?kind=donation-form&campaign=banjir&locale=id`);
    const iframe = page.locator('iframe[data-serambi-frame]');
    await expect(iframe).toHaveAttribute(
      'src',
      `${new URL(site('klinik')).origin}/id/donation/banjir/embed-form?origin=${encodeURIComponent(PARTNER)}`,
    );
    await page.goto(`${PARTNER}/?kind=queue-board`);
    await expect.poll(() => warnings.length).toBe(1);
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test('the loader is small, cacheable and loadable from any site', async () => {
    const loader = await call('klinik.localhost', '/embed.js');
    expect(loader.status).toBe(200);
    expect(loader.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(loader.headers['access-control-allow-origin']).toBe('*');
    expect(String(loader.headers['cache-control'])).toMatch(/public, max-age=\d{5,}/);
    expect(gzipSync(loader.body, { level: 9 }).length).toBeLessThanOrEqual(2048);
  });

  test('the owner manages the allowed sites on a staff screen (Malay); other staff cannot', async ({ browser }) => {
    const member = await staffPage(browser, DEMO_STAFF.klinikStaff, '/ms/staff/embed');
    await expect(member).toHaveURL(site('klinik', '/staff'));
    expect((await member.goto(site('klinik', '/ms/staff/embed')))?.url()).toBe(site('klinik', '/staff'));

    const owner = await staffPage(browser, DEMO_STAFF.klinikOwner, '/ms/staff/embed');
    await expect(owner).toHaveURL(site('klinik', '/ms/staff/embed'));
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Widget tempahan');
    const field = owner.getByLabel('Laman yang dibenarkan');
    await expect(field).toHaveValue(PARTNER);

    // A bad line refuses the whole list, naming it; nothing changes.
    await field.fill(`${PARTNER}\npartner.example`);
    await owner.getByRole('button', { name: 'Simpan' }).click();
    await expect(owner.getByRole('alert')).toContainText('partner.example');
    await expect(field).toHaveValue(`${PARTNER}\npartner.example`);
    const unchanged = await call('klinik.localhost', '/appointment/embed');
    expect(String(unchanged.headers['content-security-policy']).split('; ')).toContain(
      `frame-ancestors 'self' ${PARTNER}`,
    );

    await field.fill(`${PARTNER}/book\n${STRANGER}`);
    await owner.getByRole('button', { name: 'Simpan' }).click();
    await expect(owner.getByRole('status')).toHaveText('Disimpan: 2 laman dibenarkan.');
    await expect(field).toHaveValue(`${PARTNER}\n${STRANGER}`);
    const allowed = await call('klinik.localhost', '/appointment/embed');
    expect(String(allowed.headers['content-security-policy'])).toContain(
      `frame-ancestors 'self' ${PARTNER} ${STRANGER}`,
    );
    // From the tenant's public origin (PUBLIC_PROTOCOL, https by default), never the server's http.
    await expect(owner.locator('pre code')).toHaveText(
      '<script src="https://kliniksihat.my/embed.js" data-serambi-embed async></script>',
    );

    // Back to the file's setting.
    await field.fill(PARTNER);
    await owner.getByRole('button', { name: 'Simpan' }).click();
    await expect(owner.getByRole('status')).toHaveText('Disimpan: 1 laman dibenarkan.');
  });
});

test.describe('the donation embed', () => {
  test('gives from the framed form on another origin: payment in a new tab (axe on its payment step), the frame follows to paid', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // The foundation allows the partner site too (its own setting, on its own host).
    await page.goto(site('yayasan', '/'));
    const stored = await page.evaluate(async (origin) => {
      const response = await fetch('/dev/embed-origins', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ origins: [origin] }),
      });
      return ((await response.json()) as { origins: string[] }).origins;
    }, PARTNER);
    expect(stored).toEqual([PARTNER]);

    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.18.77.${Date.now() % 250}` });
    await page.goto(`${PARTNER}/?site=yayasan&kind=donation-form&campaign=banjir-kelantan`);
    const iframe = page.locator('iframe[data-serambi-frame]');
    await expect(iframe).toHaveAttribute(
      'src',
      `${new URL(site('yayasan')).origin}/donation/banjir-kelantan/embed-form?origin=${encodeURIComponent(PARTNER)}`,
    );
    const frame = page.frameLocator('iframe[data-serambi-frame]');
    const content = await (await iframe.elementHandle())?.contentFrame();
    if (!content) throw new Error('no embed frame');
    await frame.locator('[data-donation-form] input[name=name]').focus();
    await frame.getByLabel('Other amount (RM)').fill('40');
    await frame.getByLabel('Full name').fill('Nur Iman');
    await frame.getByLabel('Phone number').fill('013-4445555');
    await frame.getByRole('button', { name: 'Donate now' }).click();

    // The invoice, still framed: the gateway opens in a new tab, the frame listens.
    await expect(frame.locator('[data-embed-invoice]')).toBeVisible();
    expect(new URL(content.url()).pathname).toBe('/donation/banjir-kelantan/embed-form');
    await expect(frame.getByText('RM40.00')).toBeVisible();
    const payLink = frame.getByRole('link', { name: 'Pay in a new tab' });
    await expect(payLink).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([page.waitForEvent('popup'), payLink.click()]);
    await expect(tab).toHaveURL(/\/donation\/banjir-kelantan\/checkout\?invoice=/);
    await tab.getByLabel('Credit/debit card').check();
    await expectAccessible(tab);
    await tab.getByRole('button', { name: 'Pay RM40.00' }).click();
    await expect(tab).toHaveURL(/\/pay\/sandbox\//);
    await tab.getByRole('button', { name: /^Pay RM40\.00/ }).click();
    await expect(tab.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');

    // The framed invoice turns to paid by itself.
    await expect(frame.locator('[data-embed-paid]')).toBeVisible({ timeout: 15_000 });
  });
});
