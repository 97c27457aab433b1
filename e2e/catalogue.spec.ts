import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectAccessible, firstFreeDay, serviceDays, site } from './support';

// Issue 26: the demo clinic's owner keeps the catalogue through /staff/catalogue — a service, a
// practitioner and weekly hours typed into the screens (plain forms) — and a visitor sees the
// service on /appointment with free times at once. Bad hours get an error in the staff member's
// language and change nothing; staff without the manager role are refused.

test.describe.configure({ timeout: 120_000 });

test('the owner sets up a service, a practitioner and hours; a visitor sees the service with free times', async ({
  owner,
  browser,
}) => {
  const tag = randomBytes(3).toString('hex');
  const serviceName = `Scaling ${tag}`;
  await owner.goto(site('klinik', '/staff/catalogue'));
  await expect(owner.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expectAccessible(owner);

  // A service: a duration of 0 and a negative price are refused, then fixed.
  await owner.locator('[data-new-service]').click();
  await owner.locator('#name_en').fill(serviceName);
  await owner.locator('#name_ms').fill(`Penskaleran ${tag}`);
  await owner.locator('#duration').fill('0');
  await owner.locator('#price').fill('-5');
  await owner.locator('[data-save-service]').click();
  await expect(owner.locator('[data-notice="error"]')).toBeVisible();
  await expect(owner.getByText('The duration must be 1 to 720 minutes.')).toBeVisible();
  await expect(owner.getByText('The price cannot be below zero.')).toBeVisible();
  await expectAccessible(owner);
  await owner.locator('#duration').fill('45');
  await owner.locator('#price').fill('120');
  await owner.locator('input[name="popular"]').check();
  await owner.locator('input[name="active"]').check();
  await owner.locator('[data-save-service]').click();
  await expect(owner).toHaveURL(/\/staff\/catalogue\?saved=service$/);
  await expect(owner.locator(`[data-staff-service="scaling-${tag}"]`)).toContainText('RM120.00');

  // A practitioner who delivers it, then their hours (a break outside the hours first).
  await owner.locator('[data-new-practitioner]').click();
  await owner.locator('#name').fill(`Dr Lim ${tag}`);
  await owner.locator('#title_en').fill('Dental surgeon');
  await owner.getByLabel('Chinese').check();
  await owner.getByLabel(serviceName).check();
  await expectAccessible(owner);
  await owner.locator('[data-save-practitioner]').click();
  await expect(owner).toHaveURL(/\/staff\/catalogue\/practitioners\/[0-9a-f-]+\/hours$/);
  const hoursPath = new URL(owner.url()).pathname;
  for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
    await owner.locator(`#open_${weekday}`).fill('09:00');
    await owner.locator(`#close_${weekday}`).fill('17:00');
    await owner.locator(`#breaks_${weekday}`).fill('13:00-14:00');
  }
  await owner.locator('#breaks_3').fill('17:30-18:00');
  await owner.locator('[data-save-hours]').click();
  await expect(owner.getByText('The break 17:30-18:00 is outside the hours 09:00-17:00.')).toBeVisible();
  await expectAccessible(owner);
  await owner.locator('#breaks_3').fill('13:00-14:00');
  await owner.locator('[data-save-hours]').click();
  await expect(owner.locator('[data-notice="success"]')).toHaveText('Hours saved. No booking was cancelled.');
  await expect(owner.locator('#open_1')).toHaveValue('09:00');
  await expect(owner.locator('#breaks_1')).toHaveValue('13:00-14:00');

  // 30 February, in Malay.
  await owner.goto(site('klinik', `/ms${hoursPath}`));
  await owner.locator('#override-from').evaluate((input: HTMLInputElement) => {
    input.type = 'text';
    input.value = '2027-02-30';
  });
  await owner.locator('[data-save-override]').click();
  await expect(owner.getByText('2027-02-30 bukan tarikh dalam kalendar.')).toBeVisible();

  // The visitor, not logged in, finds it at once on /appointment and its page offers times.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(site('klinik', '/appointment'));
  await visitor
    .getByRole('link', { name: new RegExp(serviceName) })
    .first()
    .click();
  await expect(visitor.getByRole('heading', { level: 1 })).toContainText(serviceName);
  const day = firstFreeDay(await serviceDays(visitor));
  expect(day.slots.length).toBeGreaterThan(0);
  await visitor.context().close();

  // Someone books it; hours that no longer cover the booking list it, cancel nothing, and staff keep it.
  const booked = await owner.evaluate(async (service) => {
    const answer = await fetch('/dev/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ service, name: 'Siti Rahmah' }),
    });
    return (await answer.json()) as { publicId: string; status: string };
  }, `scaling-${tag}`);
  await owner.goto(site('klinik', hoursPath));
  for (const weekday of [0, 1, 2, 3, 4, 5, 6]) {
    for (const field of ['open', 'close', 'breaks']) await owner.locator(`#${field}_${weekday}`).fill('');
  }
  await owner.locator('#open_1').fill('07:00');
  await owner.locator('#close_1').fill('08:00');
  await owner.locator('[data-save-hours]').click();
  await expect(owner.locator('[data-notice="success"]')).toHaveText('Hours saved. No booking was cancelled.');
  await expect(owner.locator(`[data-outside-booking="${booked.publicId}"]`)).toContainText('Siti Rahmah');
  await expectAccessible(owner);
  await owner.locator(`[data-keep-booking="${booked.publicId}"]`).click();
  await expect(owner.locator('[data-notice="success"]')).toHaveText('The booking stays as it is.');
  await expect(owner.locator('[data-outside]')).toHaveCount(0);
  await expect(owner.locator(`[data-kept-booking="${booked.publicId}"]`)).toBeVisible();
});

test('staff without the manager role are refused the catalogue; the staff home offers it to the owner', async ({
  staff,
  owner,
}) => {
  const answer = await staff.goto(site('klinik', '/staff/catalogue'));
  expect(answer?.status()).toBe(403);
  await expect(staff.locator('a[href="/staff/catalogue"]')).toHaveCount(0);
  await owner.goto(site('klinik', '/staff'));
  await expect(owner.getByRole('link', { name: 'Catalogue: services, practitioners and hours' })).toBeVisible();
});

test('the catalogue screens in Malay and Indonesian pass axe', async ({ owner }) => {
  for (const prefix of ['/ms', '/id']) {
    await owner.goto(site('klinik', `${prefix}/staff/catalogue`));
    await expect(owner.getByRole('heading', { level: 1, name: 'Katalog' })).toBeVisible();
    await expectAccessible(owner);
    await owner.locator('[data-hours-link]').first().click();
    await expect(owner.locator('[data-weekly-form]')).toBeVisible();
    await expectAccessible(owner);
  }
});

test('the owner invites a manager, who keeps the catalogue but not the team', async ({ owner, browser }) => {
  await owner.goto(site('klinik', '/staff/team'));
  const email = `manager${Date.now()}@kliniksihat.my`;
  await owner.getByLabel('Name').fill('Aisyah Manager');
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Role').selectOption('manager');
  await owner.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.locator(`tr[data-member="${email}"]`)).toContainText('Manager');
  let link = '';
  await expect
    .poll(async () => {
      link = await owner.evaluate(async (to) => {
        const response = await fetch(`/dev/outbox?to=${encodeURIComponent(to)}`);
        return ((await response.json()) as { link?: string }[]).at(-1)?.link ?? '';
      }, email);
      return link;
    })
    .toContain('/staff/invite/');

  const manager = await (await browser.newContext()).newPage();
  await manager.goto(link);
  await manager.getByLabel('Password').fill('a long enough password');
  await manager.getByRole('button', { name: 'Save password' }).click();
  await manager.getByLabel('Email').fill(email);
  await manager.getByLabel('Password').fill('a long enough password');
  await manager.getByRole('button', { name: 'Log in' }).click();
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Hello, Aisyah Manager');
  await manager.getByRole('link', { name: 'Catalogue: services, practitioners and hours' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  expect((await manager.goto(site('klinik', '/staff/team')))?.status()).toBe(403);
  await manager.context().close();
});
