import { expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, liveCampaigns, site } from './support';

// Issue 23 (5): the page after a paid donation is not a dead end — the receipt, a recurring
// gift's schedule and manage link, the campaign's share links and the way back to it.

let ipSeq = 0;
test.beforeEach(async ({ page }, testInfo) => {
  ipSeq += 1;
  await page.setExtraHTTPHeaders({
    'X-Forwarded-For': `198.20.${(testInfo.workerIndex * 31 + ipSeq) % 250}.${(Date.now() + ipSeq) % 250}`,
  });
});

/** A live campaign of Yayasan whose form offers a type of gift. */
async function campaignOffering(type: 'monthly' | 'one-time'): Promise<string> {
  const [id] = await liveCampaigns('yayasan', type);
  if (!id) throw new Error(`no ${type} campaign`);
  return id;
}

async function giveByPhone(page: Page, campaign: string, type: 'Monthly' | 'One-time'): Promise<void> {
  await page.goto(site('yayasan', `/donation/${campaign}/form`));
  await page.locator('[data-donation-form] input[name=name]').focus();
  await expect(page.locator('[data-donation-form][data-hydrated]')).toBeVisible();
  await page.getByLabel('Other amount (RM)').fill('25');
  await page.getByRole('radio', { name: type }).check();
  await page.getByLabel('Full name').fill('Nur Hidayah');
  // A phone and no e-mail address.
  await page.getByLabel('Phone number').fill(`013-${String(Date.now() % 10_000_000).padStart(7, '0')}`);
  await page.getByRole('button', { name: 'Donate now' }).click();
  await expect(page).toHaveURL(/\/checkout\?invoice=/);
  await page.getByRole('button', { name: /^Pay RM25\.00/ }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: /^Pay RM25\.00/ }).click();
  await expect(page).toHaveURL(/\/invoices\/[^/]+\/donation\/verify/);
}

test('after paying a monthly gift: receipt, schedule, manage link, share links and the way back', async ({ page }) => {
  const campaign = await campaignOffering('monthly');
  await giveByPhone(page, campaign, 'Monthly');
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
  const thanks = page.locator('[data-donation-thanks]');
  await expect(thanks).toBeVisible();
  await expect(thanks.locator('[data-thanks-gift]')).toHaveCount(1);
  await expect(thanks.locator('[data-thanks-plan]')).toContainText(/RM25\.00 every month to .+, \d+ gifts in all/);
  await expect(thanks.locator('[data-thanks-plan]')).toContainText('Next gift:');

  // The receipt: a signed PDF link that opens.
  const receipt = thanks.locator('[data-thanks-receipt]');
  await expect(receipt).toHaveText(/^Receipt \d{4}-\d{6} \(PDF\)$/);
  const receiptHref = (await receipt.getAttribute('href')) ?? '';
  expect(receiptHref).toMatch(/^\/donation\/receipts\/r\.[^/]+\.pdf$/);
  const pdf = await call('yayasan.localhost', receiptHref);
  expect(pdf.status).toBe(200);
  expect(String(pdf.headers['content-type'])).toContain('application/pdf');

  // Share links of the campaign page (the same component), and the way back to it.
  const whatsapp = thanks.locator('[data-share-network="whatsapp"]');
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`donation%2F${campaign}`));
  await expect(thanks.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(thanks.locator('[data-thanks-back]')).toHaveAttribute('href', `/donation/${campaign}`);
  await expectAccessible(page);

  // The invoice page, opened again later, says the same.
  const invoicePath = new URL(page.url()).pathname.replace(/\/verify$/, '');
  await page.goto(site('yayasan', invoicePath));
  await expect(page.locator('[data-donation-thanks] [data-thanks-receipt]')).toHaveAttribute('href', receiptHref);

  // The manage link opens the plan without logging in.
  await page.locator('[data-thanks-manage]').click();
  await expect(page).toHaveURL(/\/donation\/plans\/p\./);
  await expect(page.getByTestId('plan-summary')).toContainText('RM25.00 every month');
  await expect(page.getByTestId('plan-status')).toHaveText('Active');
});

test('after paying a one-time gift: the receipt and the campaign, no manage link', async ({ page }) => {
  const campaign = await campaignOffering('one-time');
  await giveByPhone(page, campaign, 'One-time');
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
  const thanks = page.locator('[data-donation-thanks]');
  await expect(thanks.locator('[data-thanks-receipt]')).toHaveAttribute('href', /^\/donation\/receipts\/r\./);
  await expect(thanks.locator('[data-thanks-plan]')).toHaveCount(0);
  await expect(thanks.locator('[data-thanks-manage]')).toHaveCount(0);
  await expect(thanks.locator('[data-share]')).toBeVisible();
  await expect(thanks.locator('[data-thanks-back]')).toHaveAttribute('href', `/donation/${campaign}`);
});
