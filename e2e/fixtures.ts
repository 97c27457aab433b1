import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { DEMO_STAFF, freshAddress, freshPhone, logInWithCode, type StaffLogin, site, staffPage } from './support';

export { expect };

/** A customer logged in on the test's `page`: a fresh phone, through the real login (the code from the outbox). */
export interface Customer {
  page: Page;
  /** The phone without its 0, as typed after +60: `12…`. */
  national: string;
  /** The phone as the outbox names it: `6012…`. */
  phone: string;
}

/** A staff page of its own (its own browser context), logged in and on the staff home. */
async function loggedIn(browser: Browser, login: StaffLogin, use: (page: Page) => Promise<void>) {
  const page = await staffPage(browser, login);
  await expect(page).toHaveURL(site(login.slug, '/staff'));
  await use(page);
  await page.context().close();
}

/**
 * `customer`: the test's `page`, logged in as a customer nobody else is (from an address of its
 * own, so the per-address code limit counts this test only), on the account page.
 * `staff` and `owner`: the demo clinic's staff member and owner, each in a browser of their own.
 */
export const test = base.extend<{ customer: Customer; staff: Page; owner: Page }>({
  customer: async ({ page }, use) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': freshAddress() });
    const national = freshPhone();
    await page.goto(site('klinik', '/login'));
    await logInWithCode(page, national);
    await expect(page).toHaveURL(site('klinik', '/account'));
    await use({ page, national, phone: `60${national}` });
  },
  staff: async ({ browser }, use) => loggedIn(browser, DEMO_STAFF.klinikStaff, use),
  owner: async ({ browser }, use) => loggedIn(browser, DEMO_STAFF.klinikOwner, use),
});
