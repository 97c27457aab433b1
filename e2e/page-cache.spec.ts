import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { call, hydrated, postJson, site, watchConsole } from './support';

/**
 * Public pages from the page cache (issue 11, docs/decisions/0018-page-cache.md): the first request
 * of a page renders it, the next is the stored bytes; tenants, languages and visitors never mix.
 * Each test asks its own URLs (a query of its own is its own cache entry), so tests run in any order.
 */
const fresh = () => `v=${randomBytes(4).toString('hex')}`;

test.describe('the page cache', () => {
  test('a cached page is byte for byte the page rendered, in three languages and two tenants', async () => {
    const bodies = new Map<string, string>();
    for (const [slug, path] of [
      ['klinik', '/'],
      ['klinik', '/ms/'],
      ['klinik', '/id/'],
      ['klinik', '/appointment'],
      ['klinik', '/ms/appointment/category'],
      ['klinik', '/id/appointment/dental-scaling'],
      ['yayasan', '/ms/'],
      ['peduli', '/id/'],
      // A review page is the same form for everyone (issue 25); an invitation's link is not.
      ['klinik', '/review/dr-aina'],
      ['klinik', '/ms/review/clinic'],
    ] as const) {
      const url = `${path}?${fresh()}`;
      const miss = await call(`${slug}.localhost`, url);
      const hit = await call(`${slug}.localhost`, url);
      expect(miss.status, `${slug} ${path}`).toBe(200);
      expect(miss.headers['x-page-cache'], `${slug} ${path}`).toBe('miss');
      expect(hit.headers['x-page-cache'], `${slug} ${path}`).toBe('hit');
      expect(hit.body, `${slug} ${path}`).toBe(miss.body);
      // The app names the page to the front door only; the name never leaves the server.
      for (const response of [miss, hit]) expect(response.headers['x-serambi-page-key']).toBeUndefined();
      // The route table's headers on both, as on any page.
      for (const response of [miss, hit]) {
        expect(response.headers['cache-control']).toMatch(/^public, max-age=60/);
        expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      }
      bodies.set(`${slug} ${path}`, miss.body);
    }
    // A client asking for the page's name as the front door does is not told it.
    const asking = await call('klinik.localhost', `/?${fresh()}`, { 'x-serambi-front-door-cache': '1', Cookie: 'a=b' });
    expect(asking.headers['x-serambi-page-key']).toBeUndefined();
    // Languages and tenants never mixed: each page names its own.
    expect(bodies.get('klinik /ms/')).toContain('lang="ms"');
    expect(bodies.get('klinik /id/')).toContain('lang="id"');
    expect(bodies.get('klinik /')).toContain('lang="en"');
    expect(bodies.get('yayasan /ms/')).not.toBe(bodies.get('klinik /ms/'));
  });

  test('one page for every visitor of an ad: campaign parameters share it and never show in it', async () => {
    const path = `/appointment?${fresh()}`;
    const first = await call('klinik.localhost', `${path}&utm_source=fb&fbclid=click-of-visitor-one`);
    const second = await call('klinik.localhost', `${path}&fbclid=click-of-visitor-two`);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(first.body).not.toContain('visitor-one');
    expect(second.body).toBe(first.body);
  });

  test('a logged-in visitor’s name never lands in a public page', async ({ staff: page }) => {
    await expect(page.getByText('Siti Rahmah').first()).toBeVisible();
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

    const path = `/appointment?${fresh()}`;
    const mine = await call('klinik.localhost', path, { Cookie: cookie });
    expect(mine.headers['x-page-cache']).toBe('miss');
    expect(mine.body).not.toContain('Siti Rahmah');
    const guest = await call('klinik.localhost', path);
    expect(guest.headers['x-page-cache']).toBe('hit');
    expect(guest.body).toBe(mine.body);
    // The staff pages stay personal and uncached.
    const staff = await call('klinik.localhost', '/staff', { Cookie: cookie });
    expect(staff.headers['x-page-cache']).toBeUndefined();
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect(staff.body).toContain('Siti Rahmah');
  });

  test('personal pages and variants are never cached', async () => {
    for (const path of [
      '/login',
      '/account',
      '/invoices',
      '/appointment/dental-scaling?taken=1',
      '/appointment/nope',
      '/review/clinic?i=an-invitation',
      '/review/thankyou?r=2',
    ]) {
      const response = await call('klinik.localhost', path);
      expect(response.headers['x-page-cache'] ?? 'none', path).not.toMatch(/hit|miss|shared/);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  test('pages from the cache hydrate and navigate, the router loading on first use', async ({ page }) => {
    const messages = watchConsole(page);
    await page.goto(site('klinik', '/'));
    await page.goto(site('klinik', '/'));
    // The router is not part of the landing page.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.some((path) => path.includes('shell-navigation'))).toBe(false);
    await page.locator('a[data-offer="appointments"]').click();
    await expect(page).toHaveURL(site('klinik', '/appointment'));
    await expect(page.locator('#loading-bar')).toHaveCount(1);
    await page.locator('a[href="/appointment/dental-scaling"]').first().click();
    await expect(page).toHaveURL(site('klinik', '/appointment/dental-scaling'));
    await hydrated(page);
    await expect(page.locator('[data-service-id]')).toBeVisible();
    // A view-transition navigation (the loading bar persisted), not a full load.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    // The demo tenant's pixel hosts do not resolve here; anything else is a fault.
    expect(messages.filter((m) => !m.includes('ERR_NAME_NOT_RESOLVED'))).toEqual([]);
  });

  test('the availability feed from the front door follows the feed cache: a booking shows at once', async ({
    page,
  }) => {
    const service = await call('klinik.localhost', '/appointment/dental-scaling');
    const serviceId = /data-service-id="([^"]+)"/.exec(service.body)?.[1];
    const min = /data-min="([^"]+)"/.exec(service.body)?.[1];
    expect(serviceId && min).toBeTruthy();
    const to = new Date(Date.parse(`${min}T00:00:00Z`) + 20 * 86_400_000).toISOString().slice(0, 10);
    const feed = `/api/appointments/${serviceId}/availability?from=${min}&to=${to}&resource=any`;
    // Computed, then from the feed cache (named to the front door), then from the front door.
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await call('klinik.localhost', feed));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(answers[0]?.body);
      expect(answer.headers['x-serambi-page-key']).toBeUndefined();
    }
    // A booking takes a slot: the next visitor without a cookie sees it gone, not the kept answer.
    await page.goto(site('klinik', '/login'));
    const { status } = await postJson(page, '/dev/bookings', { service: 'dental-scaling' });
    expect(status).toBe(200);
    const after = await call('klinik.localhost', feed);
    expect(after.status).toBe(200);
    expect(after.body).not.toBe(answers[0]?.body);
  });

  test('idle prefetch asks only for a few cached public pages', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (
        request.resourceType() !== 'script' &&
        request.url().includes('klinik.localhost') &&
        request.url() !== site('klinik', '/appointment')
      )
        asked.push(new URL(request.url()).pathname);
    });
    await page.goto(site('klinik', '/appointment'));
    await expect.poll(() => asked.filter((path) => path.startsWith('/appointment')).length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const pages = asked.filter((path) => !path.startsWith('/_astro/') && !/\.(svg|png|css|ico)$/.test(path));
    expect(pages.length).toBeLessThanOrEqual(4);
    for (const path of pages) expect(path).toMatch(/^\/(appointment(\/category(\/[^/]+)?|\/[^/]+)?)?$/);
  });
});
