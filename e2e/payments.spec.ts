import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hydrated, site } from './support';

/** Creates an invoice on this tenant through the developer endpoint (same-origin fetch). */
async function newInvoice(
  page: Page,
  slug: string,
  body: Record<string, unknown> = {},
): Promise<{ path: string; number: string }> {
  await page.goto(site(slug, '/'));
  return page.evaluate(async (payload) => {
    const response = await fetch('/dev/invoices', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return (await response.json()) as { path: string; number: string };
  }, body);
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
    await expect(page.getByRole('link', { name: 'Semak semula' })).toBeVisible();
    await page.getByRole('link', { name: 'Cuba lagi' }).click();
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

test.describe('the Indonesian foundation', () => {
  // These two change or depend on the tenant's payment settings: one after the other.
  test.describe.configure({ mode: 'serial' });

  test('a closed tab before the redirect still ends paid (Indonesian)', async ({ page, browser }) => {
    const invoice = await newInvoice(page, 'peduli', { kind: 'donation', amount: 250_000 });
    await page.goto(site('peduli', `/id${invoice.path}`));
    await hydrated(page);
    await page.getByRole('button', { name: 'Bayar Rp250,000' }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    // The payer pays, but the tab closes before the redirect back arrives.
    await page.route('**/verify?payment=*', (route) => route.abort());
    await page.getByRole('button', { name: /^Bayar Rp250,000/ }).click();
    await page.waitForTimeout(300);
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
  test('pay at counter: staff mark it paid and the waiting page turns paid by itself', async ({ page, browser }) => {
    const invoice = await newInvoice(page, 'klinik', { amount: 8_450, name: 'Counter Payer' });
    await page.goto(site('klinik', invoice.path));
    await hydrated(page);
    await page.getByLabel('Pay at counter').check();
    await page.getByRole('button', { name: 'Pay RM84.50' }).click();
    await expect(page.getByText(`Please pay at the counter and show invoice ${invoice.number}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Payment status' }).click();
    await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'pending');
    await expect(page.locator('[data-realtime="open"]')).toBeVisible();

    const staff = await (await browser.newContext()).newPage();
    await staff.goto(site('klinik', '/staff/login?next=/staff/payments'));
    await staff.getByLabel('Email').fill('staff@kliniksihat.my');
    await staff.getByLabel('Password').fill('demo-staff-klinik');
    await staff.getByRole('button', { name: 'Log in' }).click();
    await expect(staff).toHaveURL(site('klinik', '/staff/payments'));
    await staff
      .locator(`tr[data-open-invoice="${invoice.number}"]`)
      .getByRole('button', { name: /Mark paid/ })
      .click();
    await expect(staff.getByRole('status')).toHaveText(`${invoice.number} is marked paid.`);
    await expect(staff.locator('[data-counter-payment="paid"]').first()).toContainText('Siti Rahmah');

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
    await hydrated(page);
    await page.locator('input[inputmode="numeric"]').first().fill('0123456789');
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = (await page.locator('[data-dev-code]').getAttribute('data-dev-code')) as string;
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(site('klinik', '/invoices'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your invoices');
    await expect(page.locator('[data-invoice]')).toHaveCount(2);
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
  });
});
