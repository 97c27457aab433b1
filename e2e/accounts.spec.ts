import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hydrated, site } from './support';

let phoneSeq = 0;
/** A fresh Malaysian mobile number per test, so rate limits and customers never collide. */
function freshPhone(): string {
  phoneSeq += 1;
  return `12${String((Date.now() * 10 + phoneSeq) % 10_000_000).padStart(7, '0')}`;
}

async function requestCode(page: Page, nationalNumber: string, sendLabel: string) {
  await hydrated(page);
  await page.locator('input[inputmode="numeric"]').first().fill(`0${nationalNumber}`);
  await page.getByRole('button', { name: sendLabel }).click();
  const devCode = page.locator('[data-dev-code]');
  await expect(devCode).toBeVisible();
  return (await devCode.getAttribute('data-dev-code')) as string;
}

test.describe('customer login by one-time code', () => {
  test('a visitor opening /invoices logs in and comes back to /invoices', async ({ page }) => {
    await page.goto(site('klinik', '/invoices'));
    await expect(page).toHaveURL(site('klinik', '/login?next=%2Finvoices'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    const code = await requestCode(page, freshPhone(), 'Send code');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(site('klinik', '/invoices'));
  });

  test('the account page shows and edits the customer details', async ({ page }) => {
    await page.goto(site('klinik', '/account'));
    const national = freshPhone();
    const code = await requestCode(page, national, 'Send code');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(site('klinik', '/account'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
    await page.getByLabel('Name').fill('Aisyah binti Omar');
    await page.getByLabel('Email').fill(`aisyah${national}@example.my`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText('Your details are saved.');
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Aisyah binti Omar');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.goto(site('klinik', '/account'));
    await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  });

  test('three wrong codes are refused, in Malay', async ({ page }) => {
    await page.goto(site('klinik', '/ms/login'));
    const code = await requestCode(page, freshPhone(), 'Hantar kod');
    const wrong = code === '000000' ? '111111' : '000000';
    const field = page.getByLabel('Kod 6 digit');
    const submit = page.getByRole('button', { name: 'Log masuk' });
    await field.fill(wrong);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Kod itu tidak betul. Tinggal 2 cubaan lagi.');
    await field.fill(wrong);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Kod itu tidak betul. Tinggal 1 cubaan lagi.');
    await field.fill(wrong);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Terlalu banyak cubaan salah. Minta kod baharu.');
    // Even the right code no longer works.
    await field.fill(code);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Terlalu banyak cubaan salah. Minta kod baharu.');
    await expect(page).toHaveURL(/\/ms\/login/);
  });

  test('an invalid Malaysian number is refused before any code is sent, in Indonesian', async ({ page }) => {
    await page.goto(site('klinik', '/id/login'));
    await hydrated(page);
    await page.locator('input[inputmode="numeric"]').first().fill('0151234567');
    await page.getByRole('button', { name: 'Kirim kode' }).click();
    await expect(page.getByText('Nomor telepon harus valid')).toBeVisible();
    await expect(page.locator('[data-dev-code]')).toHaveCount(0);
  });

  test('an open-redirect attempt is ignored', async ({ page }) => {
    await page.goto(site('klinik', '/login?next=https://evil.example/steal'));
    const code = await requestCode(page, freshPhone(), 'Send code');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(site('klinik', '/account'));
  });

  test('the login page is accessible', async ({ page }) => {
    await page.goto(site('yayasan', '/ms/login'));
    await expectAccessible(page);
  });
});

test.describe('staff', () => {
  async function staffLogin(page: Page, email: string, password: string) {
    await page.goto(site('klinik', '/staff/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
  }

  test('staff log in to the staff area; a wrong password is refused', async ({ page }) => {
    await staffLogin(page, 'staff@kliniksihat.my', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Email or password is not right.');
    await staffLogin(page, 'staff@kliniksihat.my', 'demo-staff-klinik');
    await expect(page).toHaveURL(site('klinik', '/staff'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Siti Rahmah');
    await expectAccessible(page);
    // Staff but not owner: the team page is refused.
    const response = await page.goto(site('klinik', '/staff/team'));
    expect(response?.status()).toBe(403);
  });

  test('a logged-in customer is refused the staff area', async ({ page }) => {
    await page.goto(site('klinik', '/login'));
    const code = await requestCode(page, freshPhone(), 'Send code');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(site('klinik', '/account'));
    await page.goto(site('klinik', '/staff'));
    await expect(page).toHaveURL(site('klinik', '/staff/login?next=%2Fstaff'));
    const api = await page.evaluate(async () => (await fetch('/api/staff/anything')).status);
    expect(api).toBe(401);
  });

  test('an owner invites a member, who sets a password and logs in; the owner disables them', async ({
    page,
    browser,
  }) => {
    await staffLogin(page, 'owner@kliniksihat.my', 'demo-owner-klinik');
    await page.getByRole('link', { name: 'Team' }).first().click();
    const email = `new${Date.now()}@kliniksihat.my`;
    await page.getByLabel('Name').fill('Lim Wei Ling');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(`Invitation sent to ${email}.`);
    await expect(page.locator(`tr[data-member="${email}"]`)).toContainText('Invited');

    // The invitation link goes out through the outbox; development shows it via the dev outbox page.
    let link = '';
    await expect
      .poll(async () => {
        link = await page.evaluate(async (to) => {
          const response = await fetch(`/dev/outbox?to=${encodeURIComponent(to)}`);
          return ((await response.json()) as { link?: string }[]).at(-1)?.link ?? '';
        }, email);
        return link;
      })
      .toContain('/staff/invite/');

    const member = await (await browser.newContext()).newPage();
    await member.goto(link);
    await member.getByLabel('Password').fill('a long enough password');
    await member.getByRole('button', { name: 'Save password' }).click();
    await expect(member.getByRole('status')).toHaveText('Password saved. You can log in now.');
    await member.getByLabel('Email').fill(email);
    await member.getByLabel('Password').fill('a long enough password');
    await member.getByRole('button', { name: 'Log in' }).click();
    await expect(member.getByRole('heading', { level: 1 })).toHaveText('Hello, Lim Wei Ling');

    await page.reload();
    await page
      .locator(`tr[data-member="${email}"]`)
      .getByRole('button', { name: /Disable/ })
      .click();
    await expect(page.locator(`tr[data-member="${email}"]`)).toContainText('Disabled');
    await member.reload();
    await expect(member).toHaveURL(/\/staff\/login/);
  });
});
