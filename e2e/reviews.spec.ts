import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { call, DEMO_STAFF, enterStaffLogin, expectAccessible, freshAddress, outboxFor, site } from './support';

// Reviews (issue 15): no gating — every rating gets the public link and private feedback side
// by side; feedback reaches staff and their reply the outbox; the redirect goes only to the link
// the clinic configured (the demo seed's).
const DEMO_REVIEW_URL = 'https://search.google.com/local/writereview?placeid=ChIJDemoKlinikSihat0001';

const LANGUAGES = [
  { prefix: '', submit: 'Send review', public: 'Write a public review', feedback: 'Send private feedback' },
  { prefix: '/ms', submit: 'Hantar ulasan', public: 'Tulis ulasan awam', feedback: 'Hantar maklum balas peribadi' },
  { prefix: '/id', submit: 'Kirim ulasan', public: 'Tulis ulasan publik', feedback: 'Kirim masukan pribadi' },
];

async function rate(page: Page, path: string, stars: 1 | 5, submit: string) {
  await page.goto(site('klinik', path));
  // The star is a radio group: focus the first star, then move with the arrow keys.
  await page.getByTestId('star-1').focus();
  await page.keyboard.press('Space');
  for (let i = 1; i < stars; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId(`star-${stars}`)).toBeChecked();
  await page
    .getByLabel(/review|ulasan/i)
    .first()
    .fill(`Rated ${stars} in ${path}`);
  await page.getByRole('button', { name: submit }).click();
  await expect(page).toHaveURL(new RegExp(`/review/thankyou\\?r=${stars}&s=dr-aina$`));
}

test('1 star and 5 stars get the same two choices, in English, Malay and Indonesian', async ({ page }) => {
  for (const language of LANGUAGES) {
    for (const stars of [1, 5] as const) {
      await rate(page, `${language.prefix}/review/dr-aina`, stars, language.submit);
      const choices = page.getByTestId('review-choices');
      await expect(choices.getByRole('link', { name: language.public })).toHaveAttribute(
        'href',
        `${language.prefix}/review/dr-aina/redirect`,
      );
      await expect(choices.getByRole('link', { name: language.feedback })).toHaveAttribute(
        'href',
        `${language.prefix}/review/dr-aina/feedback`,
      );
    }
  }
  await expectAccessible(page);
  await page.goto(site('klinik', '/ms/review/dr-aina'));
  await expectAccessible(page);
  await page.goto(site('klinik', '/id/review/clinic'));
  await expectAccessible(page);
});

test('private feedback reaches staff, the reply reaches the outbox; the redirect goes only to the configured link', async ({
  page,
}) => {
  const email = `e2e-${Date.now()}@example.my`;
  const comment = `The queue screen was broken (${email})`;
  await page.goto(site('klinik', '/review/feedback'));
  await expectAccessible(page);
  await page.getByLabel('Your feedback').fill(comment);
  await page.getByLabel('You may contact me about this feedback').check();
  await page.getByLabel('E-mail (optional)').fill(email);
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page).toHaveURL(/\/review\/thankyou\?sent=feedback$/);
  await expect(page.getByTestId('review-choices').getByRole('link')).toHaveCount(2);

  // The redirect: only the configured link, whatever the query says; none configured → a page.
  const redirect = await call('klinik.localhost', '/review/redirect?to=https://evil.example&url=https://evil.example');
  expect(redirect.status).toBe(302);
  expect(redirect.headers.location).toBe(DEMO_REVIEW_URL);
  const none = await call('yayasan.localhost', '/review/redirect');
  expect(none.status).toBe(200);
  expect(none.body).toContain('data-testid="no-public-link"');
  expect((await call('yayasan.localhost', '/review/dr-aina')).status).toBe(404);

  // Staff open the list, log in, and land back on it.
  await page.goto(site('klinik', '/staff/reviews?kind=feedback&status=new'));
  await enterStaffLogin(page, DEMO_STAFF.klinikStaff);
  await expect(page).toHaveURL(/\/staff\/reviews\?kind=feedback&status=new$/);
  const card = page.getByTestId('staff-review').filter({ hasText: comment });
  await expect(card).toBeVisible();
  await expectAccessible(page);
  const csv = await page.evaluate(
    async (url) => (await fetch(url)).text(),
    site('klinik', '/staff/reviews/export.csv?kind=feedback'),
  );
  expect(csv).toContain(comment);
  await card.getByTestId('reply-text').fill('Thank you, it is fixed now.');
  await card.getByTestId('reply-send').click();
  await expect(page.locator('[data-notice="success"]')).toHaveText('Reply sent.');
  await expect.poll(async () => (await outboxFor(page, email)).map((m) => m.template)).toContain('review-reply');
});

test('a review reaches the home page only once staff approve it; staff dates in SPEC §9 format (issue 23)', async ({
  browser,
  staff,
}) => {
  const visitor = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': freshAddress() } });
  const page = await visitor.newPage();
  const comment = `Friendly nurses, short wait (${Date.now()})`;
  await page.goto(site('klinik', '/review/dr-aina'));
  await page.getByTestId('star-5').check({ force: true });
  await page.locator('#review-comment').fill(comment);
  await page.locator('input[name=publish]').check();
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page).toHaveURL(/\/review\/thankyou\?r=5&s=dr-aina$/);

  await staff.goto(site('klinik', '/staff/reviews?moderation=pending'));
  await expect(staff).toHaveURL(/\/staff\/reviews\?moderation=pending$/);
  // Home display on (restored below).
  await staff.getByLabel('Show agreed reviews on the home page').check();
  await staff.getByRole('button', { name: 'Save settings' }).click();
  await expect(staff.locator('[data-notice="success"]')).toBeVisible();
  const home = async () => (await call('klinik.localhost', '/')).body;
  try {
    expect(await home()).not.toContain(comment);
    await staff.goto(site('klinik', '/staff/reviews?moderation=pending'));
    const card = staff.getByTestId('staff-review').filter({ hasText: comment });
    await expect(card.getByTestId('moderation')).toHaveText('Awaiting approval');
    // SPEC §9: "dd/MM/yyyy at hh:mma".
    await expect(card.locator('.ml-auto')).toHaveText(/^\d{2}\/\d{2}\/\d{4} at \d{2}:\d{2}(AM|PM)$/);
    await expectAccessible(staff);
    await card.getByTestId('review-approve').click();
    await expect(staff.locator('[data-notice="success"]')).toHaveText(
      'Review approved: it may appear on the home page.',
    );
    await expect.poll(home, { timeout: 10_000 }).toContain(comment);
    await staff.goto(site('klinik', '/staff/reviews?moderation=approved'));
    await staff.getByTestId('staff-review').filter({ hasText: comment }).getByTestId('review-reject').click();
    await expect(staff.locator('[data-notice="success"]')).toBeVisible();
    await expect.poll(home, { timeout: 10_000 }).not.toContain(comment);
  } finally {
    await staff.goto(site('klinik', '/staff/reviews'));
    await staff.getByLabel('Show agreed reviews on the home page').uncheck();
    await staff.getByRole('button', { name: 'Save settings' }).click();
    await visitor.close();
  }
});
