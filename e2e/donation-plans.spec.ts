import { expect, type Page, test } from '@playwright/test';
import { call, expectAccessible, site } from './support';

// A donor's recurring gift, managed from the signed link its receipts carry (issue 12, H7).

/** A monthly gift with its first payment made (the dev aid goes through the real checkout); the manage page's path. */
async function recurringGift(page: Page, locale: 'en' | 'ms' | 'id'): Promise<string> {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  await page.goto(site('yayasan', `${prefix}/`));
  const created = await page.evaluate(
    async ({ url, locale }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ locale, method: 'card' }),
      });
      return (await response.json()) as { manageUrl?: string; error?: string };
    },
    { url: `${prefix}/dev/donation-plans`, locale },
  );
  expect(created.error).toBeUndefined();
  return created.manageUrl ?? '';
}

const TEXT = {
  en: {
    active: 'Active',
    cancel: 'Cancel the remaining gifts',
    cancelled: 'Your recurring gift is cancelled',
    receipt: /Receipt 20\d\d-\d{6}/,
  },
  ms: {
    active: 'Aktif',
    cancel: 'Batalkan sumbangan yang tinggal',
    cancelled: 'Sumbangan berulang anda telah dibatalkan',
    receipt: /Resit 20\d\d-\d{6}/,
  },
  id: {
    active: 'Aktif',
    cancel: 'Batalkan donasi berikutnya',
    cancelled: 'Donasi rutin Anda dibatalkan',
    receipt: /Tanda terima 20\d\d-\d{6}/,
  },
} as const;

for (const locale of ['en', 'ms', 'id'] as const) {
  test(`a donor cancels a monthly gift from the receipt link (${locale})`, async ({ page }) => {
    const manage = await recurringGift(page, locale);
    const response = await page.goto(site('yayasan', manage));
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByTestId('plan-status')).toHaveText(TEXT[locale].active);
    // The first gift is paid and has its receipt.
    const receipt = page.getByRole('link', { name: TEXT[locale].receipt });
    await expect(receipt).toHaveCount(1);
    const pdf = await call('yayasan.localhost', (await receipt.getAttribute('href')) ?? '');
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    await expectAccessible(page);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screenshots/plan-manage-${locale}-${width}.png`, fullPage: true });
    }

    await page.getByLabel(/cancel|membatalkan|membatalkan/i).selectOption('afford');
    await page.getByRole('button', { name: TEXT[locale].cancel }).click();
    await expect(page.getByTestId('plan-notice')).toContainText(TEXT[locale].cancelled);
    await expect(page.getByTestId('plan-status')).not.toHaveText(TEXT[locale].active);
    await expect(page.getByRole('button', { name: TEXT[locale].cancel })).toHaveCount(0);
  });
}

test('a changed manage or receipt link opens nothing', async ({ page }) => {
  const manage = await recurringGift(page, 'en');
  const token = manage.split('/').pop() ?? '';
  const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  expect((await call('yayasan.localhost', `/donation/plans/${tampered}`)).status).toBe(404);
  expect((await call('yayasan.localhost', `/donation/plans/${token}`)).status).toBe(200);
  // Another tenant's site does not know the plan.
  expect((await call('klinik.localhost', `/donation/plans/${token}`)).status).toBe(404);
  expect((await call('yayasan.localhost', `/donation/receipts/r${token.slice(1)}.pdf`)).status).toBe(404);
});
