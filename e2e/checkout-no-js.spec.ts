import { request as httpRequest } from 'node:http';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { liveCampaigns, PORT, site } from './support';

// Issue 23 (3): every step from the campaign page to the gateway and back works as plain HTML
// forms and links, with JavaScript off, on both foundations (yayasan in ringgit, English/Malay;
// peduli in rupiah, Indonesian by default); the failure path shows the failure and a way to retry;
// the appointment invoice uses the same panel.

let ipSeq = 0;

/** A browser without JavaScript, at a phone's width, with its own client address (rate limits). */
async function noScript(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  ipSeq += 1;
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': `198.20.${(Date.now() + ipSeq) % 250}.${ipSeq % 250}` },
  });
  return { context, page: await context.newPage() };
}

/**
 * A raw POST from this site's own origin (Node's resolver does not know *.localhost): JSON for the
 * developer aid, a form for the panel's endpoint. Redirects are not followed.
 */
function post(
  slug: string,
  path: string,
  body: { json: unknown } | { form: Record<string, string> },
): Promise<{ status: number; location: string | undefined; body: string }> {
  const payload = 'json' in body ? JSON.stringify(body.json) : new URLSearchParams(body.form).toString();
  const type = 'json' in body ? 'application/json' : 'application/x-www-form-urlencoded';
  const host = `${slug}.localhost:${PORT}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        method: 'POST',
        headers: { Host: host, Origin: `http://${host}`, 'Content-Type': type, 'X-Forwarded-For': '198.21.0.7' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const location = res.headers.location;
          resolve({
            status: res.statusCode ?? 0,
            location: typeof location === 'string' ? location : undefined,
            body: text,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A new appointment invoice of klinik's (the developer aid), by its public id. */
async function appointmentInvoice(json: Record<string, unknown>): Promise<string> {
  const created = await post('klinik', '/dev/invoices', { json });
  expect(created.status).toBe(200);
  return (JSON.parse(created.body) as { publicId: string }).publicId;
}

/** The first live campaign a tenant's landing page links that offers one-time gifts. */
async function oneTimeCampaign(slug: string): Promise<string> {
  const [id] = await liveCampaigns(slug, 'one-time');
  if (!id) throw new Error(`no one-time campaign on ${slug}`);
  return id;
}

/** Campaign page → "Donate now" → the form, filled and posted: lands on the checkout's payment step. */
async function giveFromCampaignPage(
  page: Page,
  slug: string,
  prefix: string,
  labels: { donate: string; other: RegExp; name: string; phone: string },
  donor: { amount: string; name: string; phone: string },
): Promise<void> {
  const campaign = await oneTimeCampaign(slug);
  await page.goto(site(slug, `${prefix}/donation/${campaign}`));
  await page.getByRole('link', { name: labels.donate }).first().click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/donation/${campaign}/form$`));
  await page.getByLabel(labels.other).fill(donor.amount);
  await page.getByLabel(labels.name).fill(donor.name);
  await page.getByLabel(labels.phone).fill(donor.phone);
  await page.getByRole('button', { name: labels.donate }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/donation/${campaign}/checkout\\?invoice=`));
  // The panel is a form of its own: a real submit button inside it, fields with names.
  await expect(page.locator('form[data-pay-form] button[type=submit]')).toBeVisible();
}

test('no JavaScript, yayasan (RM, English): campaign page → form → checkout → FPX → sandbox Pay → paid', async ({
  browser,
}) => {
  const { context, page } = await noScript(browser);
  await giveFromCampaignPage(
    page,
    'yayasan',
    '',
    { donate: 'Donate now', other: /^Other amount/, name: 'Full name', phone: 'Phone number' },
    { amount: '30', name: 'Aisyah Rahman', phone: '012-3456789' },
  );
  await page.getByRole('radio', { name: 'Online banking (FPX)' }).check();
  await page.locator('form[data-pay-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await expect(page.locator('[data-amount]')).toHaveText('RM30.00');
  await page.getByLabel('Your bank').selectOption('Maybank2u');
  await page.getByRole('button', { name: 'Pay RM30.00' }).click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+\/donation\/verify\?payment=/);
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
  await expect(page.locator('[data-verify-status] h1')).toHaveText('Thank you! Your donation has been received.');
  await context.close();
});

test('no JavaScript, peduli (Rp, Indonesian): campaign page → form → checkout → card → sandbox Bayar → paid', async ({
  browser,
}) => {
  const { context, page } = await noScript(browser);
  await giveFromCampaignPage(
    page,
    'peduli',
    '/id',
    { donate: 'Donasi sekarang', other: /^Nominal lain/, name: 'Nama lengkap', phone: 'Nomor telepon' },
    { amount: '75000', name: 'Budi Santoso', phone: '+62 812-3456-7890' },
  );
  // FPX is ringgit only: not offered for rupiah.
  await expect(page.getByRole('radio', { name: 'Perbankan online (FPX)' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Kartu kredit/debit' }).check();
  await page.locator('form[data-pay-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/id\/pay\/sandbox\//);
  await expect(page.locator('[data-amount]')).toHaveText(/^Rp\s?75\.000$/);
  await page.getByRole('button', { name: /^Bayar Rp\s?75\.000$/ }).click();
  await expect(page).toHaveURL(/\/id\/invoices\/[^/]+\/donation\/verify\?payment=/);
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
  await expect(page.locator('[data-verify-status] h1')).toHaveText('Terima kasih! Donasi Anda telah diterima.');
  await context.close();
});

test('no JavaScript, the failure path (Malay): sandbox Fail → the failure shown → Cuba lagi → paid', async ({
  browser,
}) => {
  const { context, page } = await noScript(browser);
  await giveFromCampaignPage(
    page,
    'yayasan',
    '/ms',
    { donate: 'Derma sekarang', other: /^Jumlah lain/, name: 'Nama penuh', phone: 'Nombor telefon' },
    { amount: '20', name: 'Ahmad Faiz', phone: '013-2345678' },
  );
  await page.getByRole('radio', { name: 'Kad kredit/debit' }).check();
  await page.locator('form[data-pay-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/ms\/pay\/sandbox\//);
  await page.getByRole('button', { name: 'Simulasi pembayaran gagal' }).click();
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'failed');
  await expect(page.locator('[data-verify-status] h1')).toHaveText('Maaf, derma anda tidak berjaya');
  // The way to retry is a plain link to the invoice, whose panel is the same plain form.
  await page.getByRole('link', { name: 'Cuba lagi' }).click();
  await expect(page).toHaveURL(/\/ms\/invoices\/[^/]+\/donation$/);
  await page.getByRole('radio', { name: 'Perbankan dalam talian (FPX)' }).check();
  await page.locator('form[data-pay-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/ms\/pay\/sandbox\//);
  await page.getByLabel('Bank anda').selectOption('CIMB Clicks');
  await page.getByRole('button', { name: 'Bayar RM20.00' }).click();
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
  await context.close();
});

test('no JavaScript, an appointment invoice: covered fee and counter are form fields; a refusal comes back to the panel', async ({
  browser,
}) => {
  const { context, page } = await noScript(browser);
  const publicId = await appointmentInvoice({ amount: 5000 });
  await page.goto(site('klinik', `/invoices/${publicId}/appointment`));
  // Card with the fee covered: the gateway charges the amount plus the fee.
  await page.getByRole('radio', { name: 'Credit/debit card' }).check();
  const cover = page.locator('form[data-pay-form] input[name=coverFees]');
  await cover.check();
  await page.locator('form[data-pay-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const charged = (await page.locator('[data-amount]').textContent()) ?? '';
  expect(Number(charged.replace(/[^0-9.]/g, ''))).toBeGreaterThan(50);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+\/verify\?payment=/);
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'cancelled');

  // A tampered method: a clear 400 in the visitor's language, nothing started.
  const tampered = await post('klinik', `/invoices/${publicId}/pay`, { form: { method: 'bitcoin' } });
  expect(tampered.status).toBe(400);
  expect(tampered.body).toContain('Choose credit/debit card, online banking or pay at counter');
  // A refusal goes back to the panel's page (never to another site, whatever `back` says) with
  // `?payError=`, which the panel shows in the visitor's language.
  const expired = await appointmentInvoice({ dueInMinutes: -5 });
  const refused = await post('klinik', `/ms/invoices/${expired}/pay`, {
    form: { method: 'card', back: '//evil.example/phish' },
  });
  expect(refused.status).toBe(303);
  expect(refused.location).toBe(`/ms/invoices/${expired}/appointment?payError=not_payable`);
  await page.goto(site('klinik', `/ms/invoices/${publicId}/appointment?payError=method_unavailable`));
  await expect(page.locator('form[data-pay-form] [role=alert]')).toHaveText(
    'Kaedah pembayaran ini tidak tersedia. Sila pilih yang lain.',
  );
  // Counter: straight to the verify page, pending, with a plain link to check again.
  await page.goto(site('klinik', `/invoices/${publicId}/appointment`));
  await page.getByRole('radio', { name: 'Pay at counter' }).check();
  await page.locator('form[data-pay-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+\/verify\?payment=/);
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'pending');
  // While pending, a plain link checks again.
  await expect(page.getByRole('link', { name: 'Verify again' })).toBeVisible();
  await expect(page.locator('[data-no-script-refresh]')).toHaveText(
    'This browser runs no JavaScript, so the page cannot update by itself: choose “Verify again” to see the latest state.',
  );
  await page.getByRole('link', { name: 'Verify again' }).click();
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'pending');
  await context.close();
});

test('no JavaScript, the appointment checkout (Malay): the held booking’s panel → card → sandbox Bayar → paid', async ({
  browser,
}) => {
  const { context, page } = await noScript(browser);
  const held = await post('klinik', '/dev/bookings', { json: { service: 'general-consultation', locale: 'ms' } });
  expect(held.status, held.body).toBe(200);
  const { publicId, invoicePublicId } = JSON.parse(held.body) as { publicId: string; invoicePublicId: string };
  await page.goto(site('klinik', `/ms/appointment/general-consultation/checkout?booking=${publicId}`));
  await page.getByRole('radio', { name: 'Kad kredit/debit' }).check();
  await page.locator('form[data-pay-form] button[type=submit]').click();
  await expect(page).toHaveURL(/\/ms\/pay\/sandbox\//);
  await page.getByRole('button', { name: /^Bayar RM/ }).click();
  await expect(page).toHaveURL(new RegExp(`/ms/invoices/${invoicePublicId}/verify\\?payment=`));
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
  await context.close();
});
