import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { holdRequests, hydrated, renderedFrames, site } from './support';

/** Every axe violation, best practices included ("region": all content inside landmarks). */
async function axeWithBestPractices(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('login page and the shell, as checkers read them', () => {
  test('the login page passes axe with best practices, the loading bar inside a landmark', async ({ page }) => {
    await page.goto(site('klinik', '/login'));
    await hydrated(page);
    expect(await axeWithBestPractices(page)).toEqual([]);
    // The bar sits in the banner, fixed at the top.
    expect(
      await page.locator('#loading-bar').evaluate((bar) => bar.closest('header, main, nav, footer')?.tagName),
    ).toBe('HEADER');
  });

  test('the loading bar, while a navigation loads, is inside a landmark for axe', async ({ page }) => {
    await page.goto(site('klinik', '/'));
    await hydrated(page);
    // Hold the next page until the check is done, so the bar shows its loading state meanwhile.
    const next = holdRequests();
    await page.route('**/appointment', async (route) => {
      await next.held;
      await route.continue();
    });
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/appointment';
      link.textContent = 'go';
      document.querySelector('main')?.append(link);
      link.click();
    });
    await expect(page.locator('#loading-bar')).toHaveAttribute('data-state', 'loading');
    const violations = await axeWithBestPractices(page);
    next.release();
    expect(violations).toEqual([]);
  });

  test('an empty phone on /login gives one error, "required", and the field asks for autofill validly', async ({
    page,
  }) => {
    await page.goto(site('klinik', '/login'));
    await hydrated(page);
    const phone = page.locator('input[type="tel"]');
    await expect(phone).toHaveAttribute('autocomplete', 'tel');
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/code')) sent += 1;
    });
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    // Whatever the click set going has been drawn: a second message would be on the page now.
    await renderedFrames(page);
    await expect(page.getByText('Phone number must be valid')).toHaveCount(0);
    expect(sent).toBe(0);
  });
});
