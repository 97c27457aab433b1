import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { pdfText } from '../scripts/pdf-text.mjs';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, logInWithCode, postJson, site } from './support';

/**
 * Creates an invoice on this tenant through the developer endpoint (same-origin fetch); `prefix`
 * ('/ms', '/id') creates it in that language.
 */
async function newInvoice(
  page: Page,
  slug: string,
  body: Record<string, unknown> = {},
  prefix = '',
): Promise<{ path: string; number: string; publicId: string }> {
  await page.goto(site(slug, `${prefix}/`));
  return (await postJson<{ path: string; number: string; publicId: string }>(page, `${prefix}/dev/invoices`, body))
    .body;
}

/** Clicks the invoice's PDF link and returns the downloaded file's text. */
async function downloadPdfText(page: Page, linkName: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: linkName }).click(),
  ]);
  const file = await download.path();
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(bytes);
}

test.describe('paying an invoice', () => {
  test('pays through the sandbox gateway (English)', async ({ page }) => {
    const invoice = await newInvoice(page, 'klinik', { amount: 10_000, email: 'payer@example.my' });
    await page.goto(site('klinik', invoice.path));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Invoice ${invoice.number}`);
    await expect(page.locator('[data-invoice-status]')).toHaveText('Unpaid');
    await expectAccessible(page);
    await page.getByLabel('Credit/debit card').check();
    await page.getByLabel(/Cover the transaction fee \(RM2\.35\)/).check();
    await page.getByRole('button', { name: 'Pay RM102.35' }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    await page.getByRole('button', { name: /^Pay RM102\.35/ }).click();
    await expect(page).toHaveURL(/\/verify\?payment=/);
    await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Payment received. Thank you!');
    // The receipt is one click away from the paid page.
    await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/invoices/${invoice.publicId}/pdf`,
    );
    await expectAccessible(page);
    await page.goto(site('klinik', invoice.path));
    await expect(page.locator('[data-invoice-status]')).toHaveText('Paid');
    await expect(page.locator('[data-invoice-total]')).toHaveText('RM102.35');
  });

  test('fails, then Try again, then succeeds (Malay, online banking)', async ({ page }) => {
    const invoice = await newInvoice(page, 'yayasan', { kind: 'donation', amount: 5_000 });
    await page.goto(site('yayasan', `/ms${invoice.path}`));
    await hydrated(page);
    await page.getByLabel('Perbankan dalam talian (FPX)').check();
    await page.getByRole('button', { name: 'Bayar RM50.00' }).click();
    await page.getByRole('button', { name: 'Simulasi pembayaran gagal' }).click();
    await expect(page).toHaveURL(/\/ms\/invoices\/.+\/donation\/verify\?payment=/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Maaf, derma anda tidak berjaya');
    // Verify again asks once more and stays in Malay (the link keeps the /ms prefix).
    const failedUrl = page.url();
    await page.getByRole('link', { name: 'Semak semula' }).click();
    await page.waitForLoadState('load');
    expect(page.url()).toBe(failedUrl);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Maaf, derma anda tidak berjaya');
    await page.getByRole('link', { name: 'Cuba lagi' }).click();
    await expect(page).toHaveURL(/\/ms\/invoices\/[A-Za-z0-9]+\/donation$/);
    await expect(page.locator('[data-invoice-status]')).toHaveText('Pembayaran gagal');
    await hydrated(page);
    await page.getByLabel('Perbankan dalam talian (FPX)').check();
    await page.getByRole('button', { name: 'Bayar RM50.00' }).click();
    await page.locator('select[name="bank"]').selectOption({ index: 1 });
    await page.getByRole('button', { name: /^Bayar RM50\.00/ }).click();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(
      'Terima kasih! Derma anda telah diterima.',
    );
  });
});

test('a cancelled payment says so, not "failed", and offers to try again (English and Indonesian)', async ({
  page,
}) => {
  const invoice = await newInvoice(page, 'klinik', { amount: 4_000 });
  await page.goto(site('klinik', invoice.path));
  await hydrated(page);
  await page.getByLabel('Credit/debit card').check();
  await page.getByRole('button', { name: 'Pay RM40.00' }).click();
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(/\/verify\?payment=/);
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'cancelled');
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Payment cancelled');
  await expect(page.getByText('Payment failed')).toHaveCount(0);
  await expectAccessible(page);
  await page.goto(site('klinik', `/id${new URL(page.url()).pathname}${new URL(page.url()).search}`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText('Pembayaran dibatalkan');
  await page.getByRole('link', { name: 'Coba lagi' }).click();
  await expect(page).toHaveURL(site('klinik', `/id${invoice.path}`));
});

test.describe('Pay retried safely (issue 25)', () => {
  test('a reset connection loses no donor: the panel asks again with the same key and gets the same payment', async ({
    page,
  }) => {
    const invoice = await newInvoice(page, 'klinik', { amount: 10_000 });
    await page.goto(site('klinik', invoice.path));
    await hydrated(page);
    const keys: unknown[] = [];
    let started: string | null = null;
    await page.route('**/api/invoices/*/payments', async (route) => {
      keys.push((route.request().postDataJSON() as { idempotencyKey?: unknown }).idempotencyKey);
      if (started === null) {
        // The server starts the payment, and its answer never reaches the browser. (Sent from the
        // runner, which cannot resolve *.localhost: to the loopback, naming the tenant's host.)
        const url = new URL(route.request().url());
        const host = url.host;
        url.hostname = '127.0.0.1';
        const answer = await route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
        started = ((await answer.json()) as { paymentId: string }).paymentId;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await page.getByLabel('Credit/debit card').check();
    await page.getByRole('button', { name: 'Pay RM100.00' }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    expect(started).not.toBeNull();
    expect(page.url()).toContain(String(started));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  test('the same key twice is one payment; another key is another', async ({ page }) => {
    const invoice = await newInvoice(page, 'klinik', { amount: 10_000 });
    const path = `/api/invoices/${invoice.publicId}/payments`;
    const pay = (idempotencyKey: string) =>
      postJson<{ paymentId: string }>(page, path, { method: 'card', coverFees: false, idempotencyKey });
    const first = await pay('e2e-key-0123456789-a');
    const again = await pay('e2e-key-0123456789-a');
    const other = await pay('e2e-key-0123456789-b');
    expect([first.status, again.status, other.status]).toEqual([200, 200, 200]);
    expect(again.body.paymentId).toBe(first.body.paymentId);
    expect(other.body.paymentId).not.toBe(first.body.paymentId);
    const bad = await postJson<{ error: string }>(page, path, { method: 'card', idempotencyKey: 'short' });
    expect(bad.status).toBe(400);
  });
});

test.describe('due time and bad input', () => {
  test('shows the due time, and an overdue invoice cannot be paid (Indonesian)', async ({ page }) => {
    const due = await newInvoice(page, 'peduli', { kind: 'donation', amount: 150_000, dueInMinutes: 90 });
    await page.goto(site('peduli', `/id${due.path}`));
    await expect(page.locator('[data-invoice-due]')).toContainText('Jatuh tempo');
    await expect(page.getByRole('button', { name: 'Bayar Rp150.000' })).toBeVisible();
    await expectAccessible(page);

    const overdue = await newInvoice(page, 'peduli', { kind: 'donation', amount: 150_000, dueInMinutes: -5 });
    await page.goto(site('peduli', `/id${overdue.path}`));
    await expect(page.locator('[data-invoice-expired]')).toHaveText(
      'Tagihan ini telah melewati jatuh tempo tanpa dibayar dan tidak dapat lagi dibayar secara online.',
    );
    await expect(page.getByRole('button', { name: /Bayar/ })).toHaveCount(0);
  });

  test('answers bad links and bad requests with 400 or 404 in the visitor language (Malay)', async ({ page }) => {
    const invoice = await newInvoice(page, 'yayasan', { kind: 'donation', amount: 5_000 }, '/ms');
    const verify = `/ms/invoices/${invoice.publicId}/donation/verify`;
    const bad = await page.goto(site('yayasan', `${verify}?payment=notauuid`));
    expect(bad?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pautan pembayaran ini tidak sah.');
    const unknown = await page.goto(site('yayasan', `${verify}?payment=00000000-0000-4000-8000-000000000000`));
    expect(unknown?.status()).toBe(404);

    await page.goto(site('yayasan', `/ms${invoice.path}`));
    const answers = await page.evaluate(async (publicId) => {
      const post = async (url: string, body: unknown) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': 'ms' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as { error?: string } };
      };
      return {
        method: await post(`/api/invoices/${publicId}/payments`, { method: 'bitcoin' }),
        cover: await post(`/api/invoices/${publicId}/payments`, { method: 'card', coverFees: 'yes' }),
        unknown: await post('/api/invoices/NoSuchInvoice1234/payments', { method: 'card' }),
        big: await post('/ms/dev/invoices', { amount: 2_147_483_648 }),
        tooBig: await post('/ms/dev/invoices', { amount: 1e20 }),
        kind: await post('/ms/dev/invoices', { kind: 'refund' }),
      };
    }, invoice.publicId);
    expect(answers.method).toEqual({
      status: 400,
      body: expect.objectContaining({
        error: 'Pilih kad kredit/debit, perbankan dalam talian atau bayar di kaunter',
      }),
    });
    expect(answers.cover).toMatchObject({ status: 400, body: { error: 'Nilai ini tidak sah' } });
    expect(answers.unknown.status).toBe(404);
    // Past the old 32-bit limit (about Rp2.1 billion) is a normal invoice now…
    expect(answers.big.status).toBe(200);
    // …and an absurd amount is refused with its reason.
    expect(answers.tooBig).toMatchObject({ status: 400, body: { error: 'Jumlah terlalu besar' } });
    expect(answers.kind).toMatchObject({ status: 400, body: { error: 'Pilih temu janji atau derma' } });
  });
});

test.describe('the invoice PDF', () => {
  test('downloads from a Malay page, in Malay', async ({ page }) => {
    const invoice = await newInvoice(
      page,
      'yayasan',
      { kind: 'donation', amount: 5_000, name: 'Pembayar Ujian' },
      '/ms',
    );
    await page.goto(site('yayasan', `/ms${invoice.path}`));
    const text = await downloadPdfText(page, 'Muat turun PDF');
    expect(text).toContain('INVOIS');
    expect(text).toContain('Tarikh dikeluarkan');
    expect(text).toContain(invoice.number);
    expect(text).not.toContain('Issue date');
  });

  test("is in the invoice's language whatever the URL's (Indonesian foundation)", async ({ page }) => {
    // Made from the Indonesian page: an English browser on `/` would save English as its choice.
    const invoice = await newInvoice(page, 'peduli', { kind: 'donation', amount: 100_000 }, '/id');
    // Indonesian by default: the unprefixed page moves to /id/…
    await page.goto(site('peduli', invoice.path));
    await expect(page).toHaveURL(new RegExp(`/id/invoices/${invoice.publicId}/donation$`));
    const text = await downloadPdfText(page, 'Unduh PDF');
    expect(text).toContain('FAKTUR');
    expect(text).toContain('Tanggal terbit');
    // The same invoice fetched under the Malay or English URL is still the Indonesian document.
    for (const path of [`/ms/invoices/${invoice.publicId}/pdf`, `/invoices/${invoice.publicId}/pdf`]) {
      const response = await page.evaluate(async (url) => {
        const got = await fetch(url);
        return {
          status: got.status,
          type: got.headers.get('content-type'),
          bytes: Array.from(new Uint8Array(await got.arrayBuffer())),
        };
      }, path);
      expect(response.status).toBe(200);
      expect(response.type).toBe('application/pdf');
      expect(await pdfText(Uint8Array.from(response.bytes))).toContain('Tanggal terbit');
    }
  });
});

test.describe('the Indonesian foundation', () => {
  // These two change or depend on the tenant's payment settings: one after the other.
  test.describe.configure({ mode: 'serial' });

  test('a closed tab before the redirect still ends paid (Indonesian)', async ({ page, browser }) => {
    const invoice = await newInvoice(page, 'peduli', { kind: 'donation', amount: 250_000 });
    await page.goto(site('peduli', `/id${invoice.path}`));
    await hydrated(page);
    await page.getByRole('button', { name: 'Bayar Rp250.000' }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    // The payer pays, but the tab closes before the redirect back arrives.
    await page.route('**/verify?payment=*', (route) => route.abort());
    // Closed once the gateway has answered the payment and sent the browser back (to nowhere).
    const redirected = page.waitForRequest('**/verify?payment=*');
    await page.getByRole('button', { name: /^Bayar Rp250.000/ }).click();
    await redirected;
    await page.close();
    const later = await (await browser.newContext()).newPage();
    await expect(async () => {
      await later.goto(site('peduli', `/id${invoice.path}`));
      await expect(later.locator('[data-invoice-status]')).toHaveText('Lunas', { timeout: 500 });
    }).toPass({ timeout: 15_000 });
  });

  test('with no payment method enabled, the visitor is told to contact the counter', async ({ page }) => {
    const invoice = await newInvoice(page, 'peduli', { kind: 'donation', amount: 100_000 });
    const toggle = (enabled: boolean) =>
      page.evaluate(async (on) => {
        await fetch('/dev/payment-methods', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ enabled: on }),
        });
      }, enabled);
    await toggle(false);
    try {
      await page.goto(site('peduli', `/id${invoice.path}`));
      await expect(page.getByRole('alert')).toHaveText(
        'Tidak ada metode pembayaran yang tersedia. Silakan hubungi kasir untuk bantuan.',
      );
      await page.goto(site('peduli', `/ms${invoice.path}`));
      await expect(page.getByRole('alert')).toHaveText(
        'Tiada kaedah pembayaran tersedia. Sila hubungi kaunter untuk bantuan.',
      );
      await expect(page.getByRole('button', { name: /Bayar/ })).toHaveCount(0);
    } finally {
      await page.goto(site('peduli', '/'));
      await toggle(true);
    }
  });
});

test.describe('staff and customers', () => {
  test('pay at counter: staff mark it paid and the waiting page turns paid by itself', async ({ page, staff }) => {
    const invoice = await newInvoice(page, 'klinik', {
      amount: 8_450,
      name: 'Counter Payer',
      email: 'counter@example.my',
    });
    await page.goto(site('klinik', invoice.path));
    await hydrated(page);
    await page.getByLabel('Pay at counter').check();
    await page.getByRole('button', { name: 'Confirm — pay at counter' }).click();
    await expect(page.getByText(`Please pay at the counter and show invoice ${invoice.number}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Payment status' }).click();
    await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'pending');
    await expect(page.locator('[data-realtime="open"]')).toBeVisible();

    await staff.goto(site('klinik', '/staff/payments'));
    await expect(staff).toHaveURL(site('klinik', '/staff/payments'));
    await staff
      .locator(`tr[data-open-invoice="${invoice.number}"]`)
      .getByRole('button', { name: /Mark paid/ })
      .click();
    await expect(staff.getByRole('status')).toHaveText(`${invoice.number} is marked paid.`);
    await expect(staff.locator('[data-counter-payment="paid"]').first()).toContainText('Siti Rahmah');
    // A second click (another tab, a stale form) records nothing more and says so.
    const again = await staff.evaluate(async (publicId) => {
      const response = await fetch('/staff/payments', {
        method: 'POST',
        body: new URLSearchParams({ invoice: publicId }),
      });
      return { status: response.status, text: await response.text() };
    }, invoice.publicId);
    expect(again.status).toBe(409);
    expect(again.text).toContain(`${invoice.number} was already marked paid.`);

    // Which invoice, and whose: the number and the payer, the contact masked.
    const row = staff.locator(`[data-counter-payment="paid"][data-invoice-number="${invoice.number}"]`);
    await expect(row).toContainText('Counter Payer');
    await expect(row).toContainText('c***@example.my');
    await expect(row).not.toContainText('counter@example.my');
    // A forged or stale form: a malformed invoice id is a 400, an unknown one a 404; nothing is marked.
    const refused = await staff.evaluate(async () => {
      const post = async (invoice: string) =>
        (await fetch('/staff/payments', { method: 'POST', body: new URLSearchParams({ invoice }) })).status;
      return [await post("x' OR 1=1"), await post('NoSuchInvoice1234')];
    });
    expect(refused).toEqual([400, 404]);

    // The customer's page updates without anyone reloading it.
    await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid', {
      timeout: 10_000,
    });
  });

  test('an unknown invoice id, or another kind, is a clean 404', async ({ page }) => {
    expect((await page.goto(site('klinik', '/invoices/NoSuchInvoice1234/appointment')))?.status()).toBe(404);
    const invoice = await newInvoice(page, 'klinik');
    expect((await page.goto(site('klinik', invoice.path.replace('appointment', 'donation'))))?.status()).toBe(404);
    // Another tenant's invoice does not exist here.
    expect((await page.goto(site('yayasan', invoice.path)))?.status()).toBe(404);
  });

  test('the invoice list shows the logged-in customer their invoices', async ({ page }) => {
    await page.goto(site('klinik', '/invoices'));
    // The demo customer (README), who owns the seeded invoices.
    await logInWithCode(page, '123456789');
    await expect(page).toHaveURL(site('klinik', '/invoices'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your invoices');
    // The customer's two seeded invoices, and any a guest made earlier with this phone (other
    // journeys book with it): logging in gives those to the customer too.
    expect(await page.locator('[data-invoice]').count()).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
    const href = (await page.locator('[data-invoice]').first().getAttribute('href')) as string;
    const pdf = await page.evaluate(
      async (url) => {
        const response = await fetch(url);
        const bytes = new Uint8Array(await response.arrayBuffer());
        return { type: response.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)) };
      },
      href.replace(/appointment$/, 'pdf'),
    );
    expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-' });
    // Page numbers that are not page numbers are a 400, pages past the end a 404 — never a 500.
    expect((await page.goto(site('klinik', '/invoices?page=1e20')))?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('That page number is not valid.');
    expect((await page.goto(site('klinik', '/invoices?page=-1')))?.status()).toBe(400);
    expect((await page.goto(site('klinik', '/invoices?page=999')))?.status()).toBe(404);
  });
});
