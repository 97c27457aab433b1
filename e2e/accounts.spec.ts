import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  DEMO_STAFF,
  deliveredCode,
  expectAccessible,
  freshAddress,
  freshPhone,
  hydrated,
  LOGIN_LABELS,
  logInWithCode,
  PORT,
  sendLoginCode,
  site,
  staffLogin,
} from './support';

// The server runs with TRUST_PROXY=1, as behind one load balancer: each test comes from its own
// client address, so the per-IP code limit (10 per 15 minutes) counts per test, as per visitor.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': freshAddress() });
});

interface RawResponse {
  status: number;
  location: string | undefined;
  setCookies: string[];
  body: string;
}

/**
 * A raw request as a proxy or another site could send it: chosen Host, Origin, X-Forwarded-*
 * (Node cannot resolve *.localhost, and browsers set Origin themselves). Redirects are not followed.
 */
function raw(
  method: string,
  path: string,
  { headers = {}, form, json }: { headers?: Record<string, string>; form?: Record<string, string>; json?: unknown },
): Promise<RawResponse> {
  const body = form ? new URLSearchParams(form).toString() : json === undefined ? '' : JSON.stringify(json);
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        headers: {
          Host: `klinik.localhost:${PORT}`,
          'X-Forwarded-For': `192.0.2.${(Date.now() % 200) + 1}`,
          ...(body ? { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            setCookies: res.headers['set-cookie'] ?? [],
            body: text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const OWN_ORIGIN = `http://klinik.localhost:${PORT}`;

/** Opens `path` (which asks for a login) and logs in `national` there. */
async function logIn(page: Page, path: string, national = freshPhone()) {
  await page.goto(site('klinik', path));
  await logInWithCode(page, national);
  return national;
}

test.describe('customer login by one-time code', () => {
  test('a visitor opening /invoices logs in and comes back to /invoices', async ({ page }) => {
    await page.goto(site('klinik', '/invoices'));
    await expect(page).toHaveURL(site('klinik', '/login?next=%2Finvoices'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    await logInWithCode(page, freshPhone());
    await expect(page).toHaveURL(site('klinik', '/invoices'));
  });

  test('the account page is the customer’s hub: their invoices and appointments, in their language', async ({
    page,
  }) => {
    // The demo customer (README) owns the seeded invoices.
    await logIn(page, '/account', '123456789');
    await expect(page).toHaveURL(site('klinik', '/account'));
    await page.goto(site('klinik', '/ms/account'));
    const invoices = page.locator('[data-account-section="invoices"]');
    await expect(invoices.getByRole('heading', { level: 2 })).toHaveText('Invois anda');
    const first = invoices.getByRole('link').first();
    await expect(first).toContainText('INV-');
    await expect(page.locator('[data-account-section="appointments"]').getByRole('heading')).toHaveText(
      'Temu janji anda',
    );
    await expectAccessible(page);
    await first.click();
    await expect(page).toHaveURL(/\/ms\/invoices\/[A-Za-z0-9]+\/(appointment|donation)$/);
  });

  test('the account page renames directly and changes the email only with a code sent to it', async ({
    customer: { page, national },
  }) => {
    await expect(page).toHaveURL(site('klinik', '/account'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
    await page.getByLabel('Name').fill('Aisyah binti Omar');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText('Your details are saved.');
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Aisyah binti Omar');
    await expect(page.locator('[data-contact-value="phone"]')).toHaveText(`+60${national}`);

    await hydrated(page);
    const email = `aisyah${national}@example.my`;
    await page.getByRole('button', { name: 'Add email' }).click();
    const field = page.getByLabel('New email');
    await expect(field).toBeFocused();
    await field.fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('status')).toContainText(`We sent a 6-digit code to ${email}`);
    // Not changed until the code from the new email is entered.
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    const code = await deliveredCode(page, email, { template: 'contact-code' });
    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right. 2 tries left.');
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('[data-notice="success"]')).toHaveText(`Your email is now ${email}.`);
    await expect(page.locator('[data-contact-value="email"]')).toHaveText(email);
    await page.reload();
    await expect(page.locator('[data-contact-value="email"]')).toHaveText(email);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.goto(site('klinik', '/account'));
    await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  });

  test("another customer's phone cannot be attached to an account, and asking does not tell whose it is", async ({
    browser,
    customer: { page },
  }) => {
    const victim = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': freshAddress() } });
    const victimPage = await victim.newPage();
    const victimPhone = await logIn(victimPage, '/account');
    await expect(victimPage).toHaveURL(site('klinik', '/account'));
    await victim.close();

    await expect(page).toHaveURL(site('klinik', '/account'));
    await hydrated(page);
    await page.getByRole('button', { name: 'Change phone number' }).click();
    await page.locator('input[inputmode="numeric"]').first().fill(`0${victimPhone}`);
    await page.getByRole('button', { name: 'Send code' }).click();
    // The same answer as for a free number: a code goes to the phone, whoever has it.
    await expect(page.getByRole('status')).toContainText('We sent a 6-digit code to');
    // Only the code from that phone shows it is taken, and the phone stays with its holder.
    const code = await deliveredCode(page, `60${victimPhone}`, { template: 'contact-code' });
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('This phone number belongs to another account.');
    await expect(page.locator('[data-contact-value="phone"]')).not.toContainText(victimPhone.slice(-4));
    // An invalid Malaysian number is refused by the shared rule, in the browser and by the API.
    const api = await page.evaluate(async () => {
      const response = await fetch('/api/account/contact/code', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ channel: 'phone', phone: '60999999999' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(api.status).toBe(400);
    expect(api.body).toMatchObject({ fields: { phone: 'Phone number must be valid' } });
  });

  for (const [locale, texts] of [
    [
      'ms',
      { add: 'Tambah e-mel', label: 'E-mel baharu', send: 'Hantar kod', sent: 'Kami telah menghantar kod 6 digit' },
    ],
    ['id', { add: 'Tambah email', label: 'Email baru', send: 'Kirim kode', sent: 'Kami telah mengirim kode 6 digit' }],
  ] as const) {
    test(`the contact change speaks ${locale}`, async ({ customer: { page } }, testInfo) => {
      await expect(page).toHaveURL(site('klinik', '/account'));
      await page.goto(site('klinik', `/${locale}/account`));
      await hydrated(page);
      await page.getByRole('button', { name: texts.add }).click();
      await page.getByLabel(texts.label).fill(`${locale}${Date.now()}@example.my`);
      await page.getByRole('button', { name: texts.send }).click();
      await expect(page.getByRole('status')).toContainText(texts.sent);
      await expectAccessible(page);
      await page.screenshot({ path: testInfo.outputPath(`contact-change-${locale}.png`), fullPage: true });
    });
  }

  test('three wrong codes are refused, in Malay', async ({ page }) => {
    await page.goto(site('klinik', '/ms/login'));
    const code = await sendLoginCode(page, freshPhone(), LOGIN_LABELS.ms);
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
    await logInWithCode(page, freshPhone());
    await expect(page).toHaveURL(site('klinik', '/account'));
  });

  test('a dot-segment return path stays on the site after login', async ({ page }) => {
    await page.goto(site('klinik', '/login?next=/..//evil.example'));
    await logInWithCode(page, freshPhone());
    await expect(page).toHaveURL(site('klinik', '/evil.example'));
    // Logged in, the login page itself redirects at once: still to this site.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const next of ['/..//evil.example', '/.//evil.example', '/%2e%2e//evil.example', '/%2E%2E//evil.example']) {
      const response = await raw('GET', `/login?next=${encodeURIComponent(next)}`, { headers: { Cookie: cookie } });
      expect(response.status).toBe(303);
      expect(response.location).toBe('/evil.example');
    }
  });

  test('the login page is accessible', async ({ page }) => {
    await page.goto(site('yayasan', '/ms/login'));
    await expectAccessible(page);
  });
});

test.describe('staff', () => {
  test('staff log in to the staff area; a wrong password is refused', async ({ page }) => {
    await staffLogin(page, { ...DEMO_STAFF.klinikStaff, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('Email or password is not right.');
    await staffLogin(page, DEMO_STAFF.klinikStaff);
    await expect(page).toHaveURL(site('klinik', '/staff'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Siti Rahmah');
    await expectAccessible(page);
    // Staff but not owner: the team page is refused with a page in the visitor's language.
    const response = await page.goto(site('klinik', '/staff/team'));
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page.');
    expect(response?.headers()['content-type']).toContain('text/html');
    const malay = await page.goto(site('klinik', '/ms/staff/team'));
    expect(malay?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anda tiada akses ke halaman ini.');
    // Its API keeps answering JSON.
    const api = await page.evaluate(async () => {
      const response = await fetch('/api/staff/team');
      return { status: response.status, body: await response.json() };
    });
    expect(api).toEqual({ status: 403, body: { error: 'You do not have access to this page.' } });
  });

  test('a staff login with a dot-segment return path stays on the site', async () => {
    const response = await raw('POST', '/staff/login?next=/..//evil.example', {
      headers: { Origin: OWN_ORIGIN },
      form: { email: 'staff@kliniksihat.my', password: 'demo-staff-klinik' },
    });
    expect(response.status).toBe(303);
    expect(response.location).toBe('/evil.example');
  });

  test('behind an https proxy, form posts work and the session cookie is Secure, HttpOnly, SameSite=Lax', async () => {
    const form = { email: 'staff@kliniksihat.my', password: 'demo-staff-klinik' };
    // The browser talks https to the load balancer, which talks http to us (TRUST_PROXY=1).
    const proxied = await raw('POST', '/staff/login', {
      headers: { Origin: `https://klinik.localhost:${PORT}`, 'X-Forwarded-Proto': 'https' },
      form,
    });
    expect(proxied.status).toBe(303);
    const cookie = proxied.setCookies.find((c) => c.startsWith('serambi_staff='));
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    // Plain http without the proxy's word: no Secure flag.
    const plain = await raw('POST', '/staff/login', { headers: { Origin: OWN_ORIGIN }, form });
    const plainCookie = plain.setCookies.find((c) => c.startsWith('serambi_staff='));
    expect(plainCookie).toMatch(/; HttpOnly/i);
    expect(plainCookie).not.toMatch(/; Secure/i);
  });
});

test.describe('cross-site requests', () => {
  const form = { email: 'owner@kliniksihat.my', password: 'demo-owner-klinik' };

  test('a mutation from another site, or with no Origin at all, is refused', async () => {
    for (const headers of [{ Origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const login = await raw('POST', '/staff/login', { headers, form });
      expect(login.status).toBe(403);
      expect(login.setCookies).toEqual([]);
      const code = await raw('POST', '/api/auth/code', { headers, json: { channel: 'email', email: 'a@example.my' } });
      expect(code.status).toBe(403);
      expect(JSON.parse(code.body)).toEqual({ error: 'This request came from another site and was refused.' });
    }
  });

  test('the same site passes, and payment webhooks are exempt (they are checked by signature)', async () => {
    const same = await raw('POST', '/api/auth/code', {
      headers: { Origin: OWN_ORIGIN },
      json: { channel: 'email', email: 'not an email' },
    });
    expect(same.status).toBe(400);
    // Past the same-site check (no 403), the signature check refuses the forgery: 400, nothing done.
    const webhook = await raw('POST', '/api/webhooks/sandbox', { json: { forged: true } });
    expect(webhook.status).toBe(400);
    expect(JSON.parse(webhook.body)).toEqual({ error: 'missing sandbox signature header' });
    const forged = await raw('POST', '/api/webhooks/sandbox', {
      headers: { 'Serambi-Sandbox-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      json: { forged: true },
    });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toEqual({ error: 'sandbox signature does not match' });
  });
});

test.describe('staff, continued', () => {
  test('a logged-in customer is refused the staff area', async ({ customer: { page } }) => {
    await expect(page).toHaveURL(site('klinik', '/account'));
    await page.goto(site('klinik', '/staff'));
    await expect(page).toHaveURL(site('klinik', '/staff/login?next=%2Fstaff'));
    const api = await page.evaluate(async () => (await fetch('/api/staff/anything')).status);
    expect(api).toBe(401);
  });

  test('an owner invites a member, who sets a password and logs in; the owner disables them', async ({
    owner: page,
    browser,
  }) => {
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
