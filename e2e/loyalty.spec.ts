import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  calendarDay,
  DEMO_STAFF,
  expectAccessible,
  firstFreeDay,
  freshAddress,
  freshPhone,
  hydrated,
  logInWithCode,
  outboxFor,
  serviceDays,
  site,
  staffPage,
} from './support';

// Loyalty (issue 14), lean: one journey — join, pay an appointment, see the points arrive, use them
// as a discount on the next booking, redeem a counter voucher that staff take — and the loyalty
// pages in three languages with axe.

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': freshAddress() });
});

async function outboxTemplates(page: Page, destination: string): Promise<string[]> {
  return (await outboxFor(page, destination)).map((m) => m.template);
}

/** Books the first free dental scaling (RM50 deposit) as the logged-in customer; ends on its checkout. */
async function bookScaling(page: Page, daysAhead: number): Promise<string> {
  await page.goto(site('klinik', '/appointment/dental-scaling'));
  await expect(page.locator('[data-availability="ready"]')).toBeVisible({ timeout: 15_000 });
  const day = firstFreeDay(await serviceDays(page, 'any'), { daysAhead });
  await (await calendarDay(page, day.date)).click();
  const radio = page.locator(`[role="radio"][data-slot="${day.slots.at(-1)?.start}"]`);
  await radio.click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(/\/form\?/);
  await hydrated(page);
  await page.getByLabel('Full name').fill('Aisyah binti Ahmad');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?booking=\w+$/);
  return page.url();
}

async function payInSandbox(page: Page, amount: string) {
  await hydrated(page);
  await page.getByLabel('Credit/debit card').check();
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  await page.getByRole('button', { name: new RegExp(`^Pay ${amount.replace('.', '\\.')}`) }).click();
  await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
}

/** Posts a form from the page (same origin, its cookies), as the browser would; the answer's status. */
async function postForm(page: Page, path: string, form: Record<string, string>): Promise<number> {
  return page.evaluate(
    async ({ path, form }) =>
      (await fetch(path, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' })).status,
    { path, form },
  );
}

async function balanceOnProgrammePage(page: Page): Promise<string> {
  await page.goto(site('klinik', '/loyalty/sihat-points'));
  await expect(page.locator('[data-member-panel="member"]')).toBeVisible();
  return (await page.locator('[data-balance]').textContent()) ?? '';
}

test.describe('loyalty', () => {
  test.describe.configure({ timeout: 300_000 });

  test('join, earn on a paid appointment, a discount on the next booking, a counter voucher staff take', async ({
    page,
    browser,
    staff,
  }) => {
    // Join: the one-time code login first, then name and consent.
    const national = freshPhone();
    await page.goto(site('klinik', '/loyalty/register'));
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Log in with your phone' }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await logInWithCode(page, national);
    await expect(page).toHaveURL(/\/loyalty\/register\?programme=sihat-points$/);
    await page.getByLabel('Your name').fill('Aisyah binti Ahmad');
    // No birthday is asked: nothing would use it (PDPA purpose limitation, issue 23).
    await expect(page.locator('input[name="birthday"]')).toHaveCount(0);
    // Consent is required: without it nothing is written.
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(page.locator('#consent-error')).toHaveText('Please agree to the terms to join.');
    await expectAccessible(page);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(page).toHaveURL(site('klinik', '/loyalty/sihat-points'));
    await expect(page.locator('[data-balance]')).toHaveText('50 points');
    await expect(page.locator('[data-history]')).toContainText('Welcome bonus');
    await expectAccessible(page);
    // Joining again is harmless.
    await page.goto(site('klinik', '/loyalty/register'));
    await expect(page.locator('[data-already-member]')).toBeVisible();

    // A paid appointment (RM50 deposit) earns 50 points without staff doing anything.
    await bookScaling(page, 2);
    await payInSandbox(page, 'RM50.00');
    await expect.poll(() => balanceOnProgrammePage(page)).toBe('100 points');
    await expect(page.locator('[data-history]')).toContainText('Paid appointment');
    await expect.poll(() => outboxTemplates(page, `60${national}`)).toContain('loyalty-points-earned');
    // The member panel speaks the page's language, whatever the browser's (issue 23): balance,
    // every history line, and SPEC.md §9 dates.
    for (const p of [
      { prefix: '/ms', balance: '100 mata', paid: 'Temu janji dibayar', welcome: 'Bonus sambutan' },
      { prefix: '/id', balance: '100 poin', paid: 'Janji temu dibayar', welcome: 'Bonus selamat datang' },
    ]) {
      await page.goto(site('klinik', `${p.prefix}/loyalty/sihat-points`));
      await expect(page.locator('[data-member-panel="member"]')).toBeVisible();
      await expect(page.locator('[data-balance]')).toHaveText(p.balance);
      await expect(page.locator('[data-history]')).toContainText(p.paid);
      await expect(page.locator('[data-history]')).toContainText(p.welcome);
      await expect(page.locator('[data-history] tbody tr td').first()).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    }
    // A post to the rewards of a programme that does not exist is a 404, not a 500 (issue 23).
    expect(
      await postForm(page, '/loyalty/no-such-programme/rewards', { reward: crypto.randomUUID(), use: 'voucher' }),
    ).toBe(404);

    // The next booking: RM10 off for 100 points, held while the booking is held, spent when paid.
    const checkout = await bookScaling(page, 3);
    await page.getByRole('link', { name: 'Use your loyalty points for a discount' }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Apply to my booking RM10 off your next appointment' }).click();
    await expect(page).toHaveURL(checkout);
    await payInSandbox(page, 'RM40.00');
    // 100 − 100 spent + 40 earned on the RM40 paid.
    await expect.poll(() => balanceOnProgrammePage(page)).toBe('40 points');
    await expect(page.locator('[data-history]')).toContainText('Discount used on a paid booking');

    // Staff find the member by phone and add points with a reason.
    await staff.goto(site('klinik', `/staff/loyalty?phone=0${national}`));
    await expect(staff.locator('[data-found] a')).toHaveText('Aisyah binti Ahmad');
    const memberPath = new URL((await staff.locator('[data-found] a').getAttribute('href')) ?? '', site('klinik'))
      .pathname;
    // Another organisation's staff posting to this member's page get a 404, not a 500, and nothing is written.
    const other = await staffPage(browser, DEMO_STAFF.peduliOwner);
    await expect(other).toHaveURL(/\/staff$/);
    expect(
      await postForm(other, `/id${memberPath.replace(/^\/(ms|id)\//, '/')}`, { points: '5000', reason: 'not yours' }),
    ).toBe(404);
    await other.context().close();
    await staff.locator('[data-found] a').click();
    await staff.getByLabel('Points (+ or −)').fill('200');
    await staff.getByLabel('What happened').fill('Welcome gift from the clinic');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(staff.locator('[data-staff-balance]')).toHaveText('240 points');
    await expectAccessible(staff);

    // A long history comes in pages of 20 (issue 25): the button adds the older entries, by
    // keyboard, and focus moves to the first one added.
    // Each saved adjustment answers a redirect, which a manual fetch sees as status 0.
    for (let i = 1; i <= 20; i++) {
      expect(await postForm(staff, memberPath, { points: '1', reason: `Thank-you point ${i}` })).toBe(0);
    }
    await page.goto(site('klinik', '/ms/loyalty/sihat-points'));
    await expect(page.locator('[data-balance]')).toHaveText('260 mata');
    await expect(page.locator('[data-history] tbody tr')).toHaveCount(20);
    const more = page.getByRole('button', { name: 'Tunjukkan catatan lebih lama' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-history] tbody tr').nth(20)).toBeVisible();
    await expect(page.locator('[data-history] tbody tr').nth(20).locator('td').first()).toBeFocused();
    await expect(page.locator('[data-history]')).toContainText('Bonus sambutan');
    await expect(more).toBeHidden();
    await expectAccessible(page);

    // The member redeems a counter voucher; staff take it once.
    await page.goto(site('klinik', '/loyalty/sihat-points/rewards'));
    await page.getByRole('button', { name: 'Redeem for a voucher Vitamin C pack' }).click();
    const code = (await page.locator('[data-voucher-code]').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    await expectAccessible(page);
    await staff.goto(site('klinik', '/staff/loyalty'));
    await staff.getByLabel('Voucher code (type or scan)').fill(code.toLowerCase().replace('-', ' '));
    await staff.getByRole('button', { name: 'Use voucher' }).click();
    await expect(staff.locator('[data-notice="success"]')).toContainText('Vitamin C pack');
    await staff.getByLabel('Voucher code (type or scan)').fill(code);
    await staff.getByRole('button', { name: 'Use voucher' }).click();
    await expect(staff.locator('[data-notice="error"]')).toHaveText('This voucher was used already.');
    await expectAccessible(staff);
  });

  test('staff make a discount for one service, and it is described by that service', async ({ staff }) => {
    await staff.goto(site('klinik', '/staff/loyalty'));
    await staff.getByRole('link', { name: 'New reward Sihat Points' }).click();
    await staff.getByLabel('Kind', { exact: true }).selectOption({ label: 'Fixed discount' });
    await staff.getByLabel('Service', { exact: true }).selectOption({ label: 'Dental scaling and polishing' });
    await staff.getByLabel('English *').first().fill('Scaling treat');
    await staff.getByLabel('Points cost').fill('120');
    await staff.getByLabel('Amount off, or cap (RM)').fill('15');
    await expectAccessible(staff);
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(staff.locator('[data-notice="success"]')).toBeVisible();
    await expect(staff.getByRole('cell', { name: 'RM15.00 off Dental scaling and polishing' })).toBeVisible();
  });

  test('the programme and rewards pages in English, Malay and Indonesian', async ({ page }) => {
    const pages = [
      { prefix: '', title: 'Sihat Points', how: 'How it works', rewards: 'Rewards', join: 'Join the programme' },
      { prefix: '/ms', title: 'Mata Sihat', how: 'Cara ia berfungsi', rewards: 'Ganjaran', join: 'Sertai program' },
      { prefix: '/id', title: 'Poin Sihat', how: 'Cara kerjanya', rewards: 'Hadiah', join: 'Gabung program' },
    ];
    for (const p of pages) {
      await page.goto(site('klinik', `${p.prefix}/loyalty/sihat-points`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
      await expect(page.getByRole('heading', { name: p.how })).toBeVisible();
      await expect(page.locator('[data-member-panel="visitor"]')).toBeVisible();
      await expect(page.locator('[data-join]')).toHaveText(p.join);
      await expectAccessible(page);
      await page.goto(site('klinik', `${p.prefix}/loyalty/rewards`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.rewards);
      await expectAccessible(page);
    }
    // Peduli's programme speaks Indonesian first; a tenant without loyalty has no such pages.
    await page.goto(site('peduli', '/loyalty/sahabat-peduli'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sahabat Peduli');
    // It promises only what the foundation offers: points for gifts, no appointments (issue 23).
    await expect(page.locator('[data-how]')).toContainText('1 poin untuk setiap Rp10.000 yang Anda donasikan.');
    await expect(page.locator('[data-how]')).not.toContainText('janji temu');
    // The clinic's screening reward is described by its service, not as any appointment.
    await page.goto(site('klinik', '/loyalty/sihat-points'));
    await expect(page.getByText('15% off Full health screening, up to RM50.00')).toBeVisible();
    const response = await page.goto(site('yayasan', '/loyalty'));
    expect(response?.status()).toBe(404);
  });
});
