import { expect, test } from '@playwright/test';
import { enterStaffLogin, expectAccessible, PORT, postJson, site } from './support';

// Issue 26: a new organisation, made by the use case of `npm run tenant -- create` (through the
// developer aid: the server holds the embedded database, so the command cannot open it now),
// starts empty but working: visitors read "coming soon" in their language, the owner follows the
// invitation, logs in and sees what is set up and what is not yet. Screenshots at 390 and 1280 px.

const slug = `onboard-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const host = `${slug}.localhost`;
const owner = { slug, email: `owner@${slug}.example.my`, password: 'a long owner password' };

const COMING_SOON = { en: 'Coming soon', ms: 'Akan datang', id: 'Segera hadir' } as const;

test.describe.configure({ mode: 'serial' });

test('a new organisation starts empty but working, and its owner gets in by the invitation', async ({ page }, info) => {
  await page.goto(site('klinik', '/staff/login'));
  const wrong = await postJson<{ problems: string[] }>(page, '/dev/tenants', {
    name: 'Klinik Onboard',
    kind: 'clinic',
    hosts: ['http://nope'],
    currency: 'USD',
  });
  expect(wrong.status).toBe(400);
  expect(wrong.body.problems).toContain('The currency must be MYR or IDR.');

  const created = await postJson<{ ownerLink: string; host: string }>(page, '/dev/tenants', {
    name: 'Klinik Onboard',
    slug,
    kind: 'clinic',
    hosts: [host],
    currency: 'MYR',
    language: 'en',
    timeZone: 'Asia/Kuala_Lumpur',
    owner: owner.email,
    ownerName: 'Dr. Onboard',
    port: PORT,
  });
  expect(created.status).toBe(200);
  expect(created.body.ownerLink).toMatch(new RegExp(`^http://${host}:${PORT}/staff/invite/[\\w-]{40,}$`));

  for (const locale of ['en', 'ms', 'id'] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const response = await page.goto(site(slug, locale === 'en' ? '/' : `/${locale}/`));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: COMING_SOON[locale] })).toBeVisible();
      await expect(page.locator('[data-offer]')).toHaveCount(0);
      await page.screenshot({ path: info.outputPath(`home-${locale}-${width}.png`), fullPage: true });
    }
    await expectAccessible(page);
  }

  // The owner's invitation: a password, then the login, then the checklist.
  await page.goto(created.body.ownerLink);
  await page.locator('#new-password').fill(owner.password);
  await page.locator('form:has(#new-password) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/staff\/login\?welcome=1/);
  await enterStaffLogin(page, owner);
  await expect(page.locator('[data-setup="not-ready"]')).toBeVisible();
  await expect(page.locator('[data-setup-item="services"]')).toHaveAttribute('data-done', 'false');
  await expect(page.locator('[data-setup-item="paymentMethods"]')).toHaveAttribute('data-done', 'true');
  await expect(page.locator('[data-setup-item="team"] a')).toHaveAttribute('href', '/staff/team');
  await expectAccessible(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`staff-home-${width}.png`), fullPage: true });
  }
});
