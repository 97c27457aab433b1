import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, liveCampaigns, site } from './support';

// Issue 12, the giving half: the donation form (with and without JavaScript), the cart across
// campaigns, one payment through the sandbox to paid, axe on the form and the checkout.

const PHONE_INVALID_MS = 'Nombor telefon mestilah sah';
const REQUIRED_MS = 'Ruangan ini wajib diisi';

let ipSeq = 0;
test.beforeEach(async ({ page }, testInfo) => {
  ipSeq += 1;
  await page.setExtraHTTPHeaders({
    'X-Forwarded-For': `198.18.${(testInfo.workerIndex * 31 + ipSeq) % 250}.${(Date.now() + ipSeq) % 250}`,
  });
});

/** The form hydrates on the first touch (client:interaction): touch it, then wait for the island. */
async function formReady(page: Page): Promise<void> {
  await page.locator('[data-donation-form] input[name=name]').focus();
  await expect(page.locator('[data-donation-form][data-hydrated]')).toBeVisible();
}

test('donate from a campaign form through the sandbox to paid (English)', async ({ page }) => {
  const [campaign] = await liveCampaigns('yayasan', 'monthly');
  expect(campaign).toBeTruthy();
  await page.goto(site('yayasan', `/donation/${campaign}/form`));
  await formReady(page);
  await page.getByLabel('Other amount (RM)').fill('25');
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await expect(page.locator('[data-schedule-preview]')).toContainText('monthly gifts of RM25.00, the last on');
  await page.getByLabel('Full name').fill('Siti Aminah');
  await page.getByLabel('Phone number').fill('012-3456789');
  await page.getByRole('button', { name: 'Donate now' }).click();
  await expect(page).toHaveURL(/\/checkout\?invoice=/);
  await expect(page.getByText(/Monthly donation: .* \(gift 1 of \d+\)/)).toBeVisible();
  await page.getByRole('button', { name: /^Pay RM25\.00/ }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: /^Pay RM25\.00/ }).click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+\/donation\/verify/);
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
});

test('the form works with JavaScript disabled: errors in the visitor’s language, then the invoice (Malay)', async ({
  browser,
}) => {
  const [campaign] = await liveCampaigns('yayasan', 'one-time');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    // A phone's width: the invoice summary in Malay must fit it (four-figure amounts included).
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': `198.19.${Date.now() % 250}.9` },
  });
  const page = await context.newPage();
  await page.goto(site('yayasan', `/ms/donation/${campaign}/form`));
  // No "Add to cart" without JavaScript: the cart lives in the browser's storage.
  await expect(page.getByRole('button', { name: 'Tambah ke troli' })).toHaveCount(0);
  // A number the phone rule refuses and no name (nor anonymous): the server answers in Malay.
  await page.getByLabel('Nombor telefon').fill('012');
  // Half an address: the shared address rule wants the rest (country too).
  await page.getByText('Alamat (pilihan)').click();
  await page.getByLabel('Poskod').fill('15000');
  await page.getByRole('button', { name: 'Derma sekarang' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('Sila betulkan ruangan yang ditanda di bawah.');
  await expect(page.locator('#phone-error')).toHaveText(PHONE_INVALID_MS);
  await expect(page.locator('#name-error')).toHaveText(REQUIRED_MS);
  await expect(page.locator('#country-error')).toHaveText(REQUIRED_MS);
  await expect(page.locator('#address_1-error')).toHaveText(REQUIRED_MS);
  await page.getByLabel('Poskod').fill('');
  await page.getByLabel('Nama penuh').fill('Ahmad');
  await page.getByLabel('Nombor telefon').fill('012-3456789');
  await page.getByLabel(/^Jumlah lain/).fill('1250');
  await page.locator('input[name=coverFees]').check();
  await page.getByRole('button', { name: 'Derma sekarang' }).click();
  await expect(page).toHaveURL(/\/ms\/donation\/[^/]+\/checkout\?invoice=/);
  await expect(page.getByText(/Derma: /)).toBeVisible();
  await expect(page.locator('[data-invoice-total]')).toHaveText(/^RM1,2\d\d\.\d\d$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('a cart across two campaigns becomes one invoice of two lines (Indonesian)', async ({ page }) => {
  const campaigns = await liveCampaigns('peduli');
  expect(campaigns.length).toBeGreaterThanOrEqual(2);
  for (const campaign of campaigns.slice(0, 2)) {
    await page.goto(site('peduli', `/id/donation/${campaign}/form`));
    await formReady(page);
    await page.getByLabel('Nama lengkap').fill('Budi Santoso');
    await page.getByLabel('Nomor telepon').fill('+62 812-3456-7890');
    await page.getByRole('button', { name: 'Tambah ke keranjang' }).click();
    await expect(page).toHaveURL(/\/id\/donation\/[^/]+\/checkout$/);
  }
  await expect(page.locator('[data-cart-line]')).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Lanjut ke pembayaran' }).click();
  await expect(page).toHaveURL(/checkout\?invoice=.*from=cart/);
  await expect(page.getByRole('cell', { name: /^Donasi/ })).toHaveCount(2);
  // The cart became the invoice: the browser forgets it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('donation_cart'))).toBeNull();
});

test('axe finds nothing serious on the donation form (English and Malay)', async ({ page }) => {
  const [campaign] = await liveCampaigns('yayasan');
  for (const prefix of ['', '/ms']) {
    await page.goto(site('yayasan', `${prefix}/donation/${campaign}/form`));
    await formReady(page);
    await expectAccessible(page);
  }
});

test('the form ships ≤ 15 KB gzip of JavaScript before it is touched, and hydrates on the first touch', async ({
  page,
}) => {
  const [campaign] = await liveCampaigns('yayasan', 'monthly');
  const origin = new URL(site('yayasan')).origin;
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().startsWith(origin)) return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto(site('yayasan', `/donation/${campaign}/form`));
  await page.waitForLoadState('networkidle');
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) =>
      scripts
        .filter((s) => (s.getAttribute('type') ?? 'module').match(/module|javascript/))
        .map((s) => s.textContent ?? ''),
    );
  const total =
    [...sizes.values()].reduce((a, b) => a + b, 0) +
    inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
  console.log(`[budget] donation form before interaction: ${(total / 1024).toFixed(1)} KB gzip`);
  expect(total).toBeLessThanOrEqual(15 * 1024);
  expect([...sizes.keys()].some((url) => url.includes('DonationForm'))).toBe(false);
  // A choice made before the script arrived survives hydration.
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await expect(page.locator('[data-donation-form][data-hydrated]')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(page.locator('[data-schedule-preview]')).toContainText('monthly gifts of');
});

test('the header shows the cart while it holds lines, on every page; "Remove all" empties it from the keyboard, announced (Malay)', async ({
  page,
}) => {
  const campaigns = (await liveCampaigns('yayasan')).slice(0, 2);
  expect(campaigns).toHaveLength(2);
  const indicator = page.locator('header [data-cart-indicator]');
  await page.goto(site('yayasan', '/ms/'));
  // The header is the cached page's: hidden until the browser finds a cart.
  await expect(indicator).toBeHidden();
  for (const campaign of campaigns) {
    await page.goto(site('yayasan', `/ms/donation/${campaign}/form`));
    await formReady(page);
    await page.getByLabel('Nama penuh').fill('Siti Aminah');
    await page.getByLabel('Nombor telefon').fill('012-3456789');
    await page.getByRole('button', { name: 'Tambah ke troli' }).click();
    await expect(page).toHaveURL(/\/ms\/donation\/[^/]+\/checkout$/);
  }
  // On any page of the foundation, cached or not: the count of lines, a link to the checkout.
  for (const path of ['/ms/', '/ms/donation', `/ms/donation/${campaigns[0]}`]) {
    await page.goto(site('yayasan', path));
    await expect(indicator).toBeVisible();
    await expect(indicator).toHaveAccessibleName('Troli derma, bilangan derma: 2');
    await expect(indicator).toHaveAttribute('href', `/ms/donation/${campaigns[1]}/checkout`);
  }
  await indicator.click();
  await expect(page).toHaveURL(new RegExp(`/ms/donation/${campaigns[1]}/checkout$`));
  await expect(page.locator('[data-cart-line]')).toHaveCount(2);

  // SPEC.md §4's remove-all, by keyboard: focus it, press Enter.
  const removeAll = page.getByRole('button', { name: 'Buang semua derma daripada troli' });
  await expect(removeAll).toHaveText('Buang semua');
  await removeAll.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-cart-line]')).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Semua derma telah dibuang daripada troli anda.' }),
  ).toHaveCount(1);
  await expect(page.locator('[data-cart-empty]')).toBeFocused();
  await expect(page.locator('[data-cart-empty]')).toHaveText('Troli derma anda kosong.');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('donation_cart'))).toBeNull();
  // The header follows at once, in this tab.
  await expect(indicator).toBeHidden();
  await page.goto(site('yayasan', '/ms/'));
  await expect(indicator).toBeHidden();
});
