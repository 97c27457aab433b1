import { expect, type Page, type Response, test } from '@playwright/test';
import { call, DEMO_STAFF, deliveredCode, freshAddress, postJson, site, staffLogin } from './support';

// Issue 9, items 5, 6, 9a, 12, 13 (docs/decisions/0012): what personal pages send and run, the
// 404 page's language, and an English visitor of the Indonesian-default tenant.

// Each test from its own address (TRUST_PROXY=1), so the login-code and payment limits count per test.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': freshAddress() });
});

/** POSTs JSON to a developer endpoint from the tenant's own page (same origin). */
async function devPost<T>(page: Page, slug: string, path: string, body: Record<string, unknown>): Promise<T> {
  await page.goto(site(slug, '/login'));
  const result = await postJson<T>(page, path, body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

interface DevInvoice {
  publicId: string;
  path: string;
}
interface DevBooking {
  publicId: string;
  status: string;
  requestPath: string;
  invoicePublicId: string | null;
  paymentUrl: string | null;
}

/** Opens a page and checks what a page only its owner should see must send and must not run. */
async function expectPersonal(page: Page, url: string, { secretLink }: { secretLink: boolean }): Promise<Response> {
  const response = await page.goto(url);
  expect(response, url).not.toBeNull();
  const headers = (response as Response).headers();
  expect(headers['cache-control'], url).toBe('private, no-store');
  expect(headers['x-robots-tag'], url).toBe('noindex');
  if (secretLink) expect(headers['referrer-policy'], url).toBe('no-referrer');
  await expect(page.locator('meta[name="robots"][content="noindex"]'), url).toHaveCount(1);
  // No pixel and no analytics: not in the page, not allowed by its CSP, not alive in the window.
  await expect(page.locator('script[data-pixel], script[data-analytics]'), url).toHaveCount(0);
  expect(headers['content-security-policy'] ?? '', url).not.toContain('facebook');
  expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq), url).toBe('undefined');
  return response as Response;
}

test.describe('personal pages: headers, no pixels, masked contact', () => {
  test('invoices, their verify pages, PDF and the sandbox gateway (klinik has a pixel)', async ({ page }) => {
    const invoice = await devPost<DevInvoice>(page, 'klinik', '/dev/invoices', {
      email: 'aminah.yusof@example.my',
      dueInMinutes: 30,
    });
    // The unpaid appointment invoice lost its headers: they were set after an await, mid-stream.
    for (const prefix of ['', '/ms', '/id']) {
      await expectPersonal(page, site('klinik', `${prefix}${invoice.path}`), { secretLink: true });
    }
    await expect(page.locator('[data-contact="email"]')).toHaveText('a•••@e•••.my');
    await expect(page.getByText('aminah.yusof@example.my')).toHaveCount(0);
    await expectPersonal(page, site('klinik', `/invoices/${invoice.publicId}/verify`), { secretLink: true });

    const pdf = await call('klinik.localhost', `/invoices/${invoice.publicId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.headers['referrer-policy']).toBe('no-referrer');

    const booking = await devPost<DevBooking>(page, 'klinik', '/dev/bookings', {
      service: 'general-consultation',
      email: 'siti@example.my',
      startCardPayment: true,
    });
    expect(booking.paymentUrl).toBeTruthy();
    await expectPersonal(page, new URL(booking.paymentUrl ?? '', site('klinik')).href, { secretLink: true });
    await expectPersonal(page, site('klinik', `/invoices/${booking.invoicePublicId}/appointment`), {
      secretLink: true,
    });
  });

  test('a donation invoice (yayasan has the short-video pixel)', async ({ page }) => {
    const invoice = await devPost<DevInvoice>(page, 'yayasan', '/dev/invoices', { kind: 'donation', amount: 5_000 });
    for (const path of [invoice.path, `/invoices/${invoice.publicId}/donation/verify`]) {
      await expectPersonal(page, site('yayasan', path), { secretLink: true });
      expect(await page.evaluate(() => typeof (window as unknown as { ttq?: unknown }).ttq)).toBe('undefined');
    }
  });

  test('booking checkout, request, reschedule and form pages', async ({ page }) => {
    const held = await devPost<DevBooking>(page, 'klinik', '/dev/bookings', {
      service: 'general-consultation',
      phone: '60123456789',
      email: 'siti.aminah@example.my',
    });
    await expectPersonal(page, site('klinik', `/appointment/general-consultation/checkout?booking=${held.publicId}`), {
      secretLink: true,
    });
    await expect(page.locator('[data-detail="contact"]')).toHaveText('+60•••••6789 · s•••@e•••.my');
    await expectPersonal(page, site('klinik', `/ms/appointment/general-consultation?reschedule=${held.publicId}`), {
      secretLink: true,
    });

    const requested = await devPost<DevBooking>(page, 'klinik', '/dev/bookings', { service: 'health-screening' });
    await expectPersonal(page, site('klinik', requested.requestPath), { secretLink: true });
    await expectPersonal(page, site('klinik', '/appointment/general-consultation/form'), { secretLink: false });
  });

  test('pages behind a login: account, invoice list, staff', async ({ page }) => {
    await expectPersonal(page, site('klinik', '/login'), { secretLink: false });
    const email = `privacy${Date.now()}@example.my`;
    await page.evaluate(async (address) => {
      await fetch('/api/auth/code', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ channel: 'email', email: address }),
      });
    }, email);
    const code = await deliveredCode(page, email);
    const verified = await page.evaluate(
      async ({ address, value }) =>
        (
          await fetch('/api/auth/verify', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ channel: 'email', destination: address, code: value }),
          })
        ).status,
      { address: email, value: code },
    );
    expect(verified).toBe(200);
    await expectPersonal(page, site('klinik', '/account'), { secretLink: false });
    await expectPersonal(page, site('klinik', '/invoices'), { secretLink: false });

    await staffLogin(page, DEMO_STAFF.klinikStaff, '/staff/appointments');
    await expect(page).toHaveURL(site('klinik', '/staff/appointments'));
    for (const path of ['/staff/appointments', '/staff/payments', '/ms/staff']) {
      await expectPersonal(page, site('klinik', path), { secretLink: false });
    }
    // A staff invitation's link is a secret too, valid or not.
    const invite = await call('klinik.localhost', '/staff/invite/not-a-real-token');
    expect(invite.headers['cache-control']).toBe('private, no-store');
    expect(invite.headers['referrer-policy']).toBe('no-referrer');
    expect(invite.body).not.toContain('data-pixel');
  });

  test('the pixel runs on the home page and is gone after a click into the booking form', async ({ page }) => {
    // The pixels' own scripts are out of reach offline: their snippets' queues stand in for them.
    await page.route(/connect\.facebook\.net|analytics\.tiktok\.com/, (route) => route.abort());
    const home = await page.goto(site('klinik', '/'));
    expect(home?.headers()['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(home?.headers()['x-robots-tag']).toBeUndefined();
    await expect(page.locator('script[data-pixel="facebook"]')).toHaveCount(1);
    expect(home?.headers()['content-security-policy']).toContain('https://connect.facebook.net');
    // Through view transitions (the shell's router): landing → service page keeps the pixel …
    await page.locator('[data-offer="appointments"]').click();
    await expect(page).toHaveURL(site('klinik', '/appointment'));
    expect(await page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe('function');
    // … a link to a page without tracking loads it anew: no pixel survives in the window.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/appointment/general-consultation/form';
      link.textContent = 'to the form';
      link.id = 'privacy-test-link';
      document.body.append(link);
    });
    await page.locator('#privacy-test-link').click();
    await expect(page).toHaveURL(site('klinik', '/appointment/general-consultation/form'));
    await expect.poll(() => page.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe('undefined');
    await expect(page.locator('script[data-pixel]')).toHaveCount(0);
  });

  test('the embed and 404 pages say how to cache them; HSTS only over https', async () => {
    const embed = await call('klinik.localhost', '/appointment/embed');
    expect(embed.status).toBe(200);
    expect(embed.headers['cache-control']).toBe('no-cache');
    const missing = await call('klinik.localhost', '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');
    expect(missing.headers['x-robots-tag']).toBe('noindex');
    expect(missing.body).not.toContain('data-pixel');

    const secure = await call('klinik.localhost', '/', { 'X-Forwarded-Proto': 'https' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await call('klinik.localhost', '/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

test.describe('404 pages in the language of their URL', () => {
  const cases: [string, string, string, string][] = [
    ['klinik', '/ms/invoices/no-such-invoice/appointment', 'ms', 'Halaman ini tidak dapat ditemui'],
    ['klinik', '/id/invoices/no-such-invoice/appointment', 'id', 'Halaman ini tidak dapat ditemukan'],
    ['klinik', '/id/appointment/embed/no-such-thing', 'id', 'Halaman ini tidak dapat ditemukan'],
    ['peduli', '/id/appointment/embed', 'id', 'Halaman ini tidak dapat ditemukan'],
    ['peduli', '/ms/invoices/no-such-invoice/verify', 'ms', 'Halaman ini tidak dapat ditemui'],
    ['peduli', '/id/pay/sandbox/no-such-payment', 'id', 'Halaman ini tidak dapat ditemukan'],
    ['klinik', '/invoices/no-such-invoice/donation', 'en', 'This page could not be found'],
  ];
  for (const [slug, path, lang, message] of cases) {
    test(`${slug} ${path}`, async () => {
      const response = await call(`${slug}.localhost`, path);
      expect(response.status).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain(`<html lang="${lang}"`);
      expect(response.body).toContain(message);
      expect(response.headers['cache-control']).toBe('private, no-store');
    });
  }
});

test.describe('the Indonesian-default tenant and an English visitor', () => {
  test('stays in English across clicks when the browser and the first page were English', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(site('peduli', '/'));
    await expect(page).toHaveURL(site('peduli', '/'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // A click to another page (Account → the login page): still English, no /id/ prefix.
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // A later visit to any page of the site, typed or from a link: the choice stuck.
    await page.goto(site('peduli', '/invoices/none/donation'));
    expect(new URL(page.url()).pathname).toBe('/invoices/none/donation');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The switcher still changes it.
    await page.goto(site('peduli', '/login'));
    await page.getByRole('link', { name: 'Bahasa Indonesia' }).click();
    await expect(page).toHaveURL(/\/id\/login/);
    await page.goto(site('peduli', '/login'));
    await expect(page).toHaveURL(/\/id\/login/);
    await context.close();
  });

  test('a visitor without a choice still gets the tenant default, and hreflang lists only what serves its language', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(site('peduli', '/login'));
    await expect(page).toHaveURL(site('peduli', '/id/login'));
    await page.goto(site('peduli', '/id/'));
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href') ?? '').pathname}`),
      );
    expect(alternates).toEqual(['ms /ms/', 'id /id/', 'x-default /']);
    await context.close();
  });
});
