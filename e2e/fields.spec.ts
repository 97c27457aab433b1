import { expect, type Page, test } from '@playwright/test';
import { hydrationMismatches } from './support';

// The field gallery (/dev/fields, SHOW_DEV_PAGES=1) in Chromium: phone and address rules of
// SPEC.md §5 in all three languages, the postcode lookup, the notification banner, pagination,
// and islands that hydrate to the server's markup.

test.use({ timezoneId: 'Asia/Kuala_Lumpur' });

const PHONE = {
  en: { label: 'Phone number', required: 'Phone number is required', invalid: 'Phone number must be valid' },
  ms: { label: 'Nombor telefon', required: 'Nombor telefon diperlukan', invalid: 'Nombor telefon mestilah sah' },
  id: { label: 'Nomor telepon', required: 'Nomor telepon wajib diisi', invalid: 'Nomor telepon harus valid' },
} as const;
const PREFIX = { en: '', ms: '/ms', id: '/id' } as const;

/** Opens the gallery, collecting console output, and waits until every island has hydrated. */
async function openGallery(page: Page, path = '/dev/fields'): Promise<string[]> {
  const logs: string[] = [];
  page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
  await page.goto(path);
  await page.waitForFunction(() => document.querySelectorAll('astro-island').length > 0);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  return logs;
}

const phoneInput = (page: Page, label: string) =>
  page.getByLabel(label, { exact: false }).and(page.locator('input[type=tel]'));
const hiddenPhone = (page: Page) => page.locator('input[type=hidden][name=phone]');

for (const locale of ['en', 'ms', 'id'] as const) {
  test.describe(`phone (${locale})`, () => {
    const text = PHONE[locale];

    test('required, invalid and valid messages', async ({ page }) => {
      await openGallery(page, `${PREFIX[locale]}/dev/fields`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const input = phoneInput(page, text.label);

      await input.focus();
      await input.blur();
      await expect(page.getByText(text.required)).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      const describedBy = await input.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(text.required);

      await input.fill('0153456789');
      await input.blur();
      await expect(page.getByText(text.invalid)).toBeVisible();

      await input.fill('0123456789');
      await input.blur();
      await expect(page.getByText(text.invalid)).toHaveCount(0);
      await expect(page.getByText(text.required)).toHaveCount(0);
      await expect(input).not.toHaveAttribute('aria-invalid', 'true');
      await expect(hiddenPhone(page)).toHaveValue('60123456789');
    });
  });
}

test('phone: only digits can be typed, and the value carries the dial code', async ({ page }) => {
  await openGallery(page);
  const input = phoneInput(page, 'Phone number');
  await input.pressSequentially('01a2-3 b4(5)6+7.8x9');
  await expect(input).toHaveValue('0123456789');
  await expect(hiddenPhone(page)).toHaveValue('60123456789');
  await expect(page.getByRole('button', { name: /^Country: Malaysia \+60/ })).toBeVisible();
});

test('phone: letters typed into an empty field never show', async ({ page }) => {
  await openGallery(page);
  const input = phoneInput(page, 'Phone number');
  await input.pressSequentially('abc');
  await expect(input).toHaveValue('');
  await expect(hiddenPhone(page)).toHaveValue('');
  await input.pressSequentially('012x');
  await expect(input).toHaveValue('012');
});

test.describe('phone: Indonesian numbers', () => {
  test.use({ timezoneId: 'Asia/Jakarta' });
  test('0812-3456-7890 with +62 is emitted without the trunk 0', async ({ page }) => {
    await openGallery(page);
    const input = phoneInput(page, 'Phone number');
    await expect(page.getByRole('button', { name: /^Country:/ })).toHaveAttribute('data-country', 'ID');
    await input.pressSequentially('0812-3456-7890');
    await expect(hiddenPhone(page)).toHaveValue('6281234567890');
  });
});

test('phone: the country picker searches and picks with the keyboard', async ({ page }) => {
  await openGallery(page);
  const input = phoneInput(page, 'Phone number');
  await input.fill('81234567');
  const button = page.getByRole('button', { name: /^Country:/ });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const search = page.getByRole('combobox', { name: 'Search country' });
  await expect(search).toBeFocused();
  await page.keyboard.type('indon');
  await expect(page.getByRole('option').first()).toContainText('Indonesia');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(button).toHaveAttribute('data-country', 'ID');
  await expect(hiddenPhone(page)).toHaveValue('6281234567');
  await expect(input).toBeFocused();

  await button.click();
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(button).toBeFocused();
});

test.describe('phone country from the time zone', () => {
  test.use({ timezoneId: 'Asia/Jakarta' });
  test('an empty phone field takes Indonesia in Jakarta', async ({ page }) => {
    await openGallery(page);
    await expect(page.getByRole('button', { name: /^Country:/ })).toHaveAttribute('data-country', 'ID');
  });
});

test('address: filling only the postcode makes the other required parts error', async ({ page }) => {
  await openGallery(page);
  const address = page.locator('fieldset[data-address=address]');
  await expect(address.locator('legend')).toHaveText('Address (optional)');
  await address.getByLabel('Postcode').fill('4000');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const label of ['Address line 1', 'City', 'State', 'Country']) {
    await expect(address.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(address.getByLabel('Address line 2')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(address.getByLabel('Postcode')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(address.getByText('This field is required')).toHaveCount(4);
});

test('address: postcode 40000 fills Shah Alam, Selangor, Malaysia; 4 characters makes no request', async ({ page }) => {
  await openGallery(page);
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/shipping/postcodes')) lookups.push(request.url());
  });
  const address = page.locator('fieldset[data-address=address]');
  const postcode = address.getByLabel('Postcode');

  // A lookup starts on the keystroke, not after a pause: one for 4 characters would be seen before
  // the one for 5 below (requests are reported in the order they leave), so the length at the end proves it.
  await postcode.pressSequentially('4000');
  expect(lookups).toEqual([]);

  const response = page.waitForResponse((r) => r.url().includes('/api/shipping/postcodes?postcode=40000'));
  await postcode.pressSequentially('0');
  expect((await response).status()).toBe(200);
  await expect(address.getByLabel('City')).toHaveValue('Shah Alam');
  await expect(address.getByLabel('State')).toHaveValue('Selangor');
  await expect(address.getByLabel('Country')).toHaveValue('Malaysia');
  expect(lookups).toHaveLength(1);
});

test('address: an unknown postcode is silently ignored', async ({ page }) => {
  const logs = await openGallery(page);
  const address = page.locator('fieldset[data-address=mailing]');
  await address.getByLabel('City').fill('Ipoh');
  const response = page.waitForResponse((r) => r.url().includes('/api/shipping/postcodes?postcode=00000'));
  await address.getByLabel('Postcode').fill('00000');
  await response;
  await expect(address.getByLabel('City')).toHaveValue('Ipoh');
  await expect(page.locator('#notice')).toBeHidden();
  expect(logs.filter((line) => line.startsWith('pageerror'))).toEqual([]);
});

test('form: submit validates every field, then carries the emitted values', async ({ page }) => {
  await openGallery(page);
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Phone number is required')).toBeVisible();
  const mailing = page.locator('fieldset[data-address=mailing]');
  await expect(mailing.getByText('This field is required')).toHaveCount(5);
  // Focus moves to the first invalid field.
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expect(page.locator('#notice')).toHaveAttribute('data-type', 'error');

  await page.getByLabel('Full name').fill('Siti Aminah');
  await phoneInput(page, 'Phone number').fill('012-3456789');
  await mailing.getByLabel('Address line 1').fill('1 Jalan Ampang');
  await mailing.getByLabel('Postcode').fill('40000');
  await expect(mailing.getByLabel('City')).toHaveValue('Shah Alam');
  await page
    .locator('[data-date-picker=date]')
    .getByRole('button', { name: /June 12th, 2030/ })
    .click();
  await submit.click();

  await expect(page.locator('#notice')).toHaveAttribute('data-type', 'success');
  const submitted = JSON.parse((await page.locator('#submitted').textContent()) ?? '{}');
  expect(submitted).toMatchObject({
    name: 'Siti Aminah',
    phone: '60123456789',
    'mailing.address_1': '1 Jalan Ampang',
    'mailing.city': 'Shah Alam',
    'mailing.state': 'Selangor',
    'mailing.country': 'Malaysia',
    date: '2030-06-12',
  });
});

test('date picker: weeks start on Sunday, blocked and out-of-range dates are disabled', async ({ page }) => {
  await openGallery(page);
  const single = page.locator('[data-date-picker=date]');
  await expect(single.locator('.rdp-weekday').first()).toHaveAttribute('aria-label', 'Sunday');
  await expect(single.getByRole('button', { name: /June 10th, 2030/ })).toBeDisabled();
  await expect(single.getByRole('button', { name: /June 2nd, 2030/ })).toBeDisabled();
  await expect(single.getByRole('button', { name: /June 28th, 2030/ })).toBeDisabled();

  // Keyboard: focus a day, move with the arrows, pick with Enter.
  // Each key waits for the picker to have moved focus: on a busy machine a key pressed before the
  // picker took the focus went to the page instead (the one flaky run of 28 November).
  const june12 = single.getByRole('button', { name: /June 12th, 2030/ });
  await june12.focus();
  await expect(june12).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(single.getByRole('button', { name: /June 13th, 2030/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('input[type=hidden][name=date]')).toHaveValue('2030-06-13');
  await expect(single.locator('[data-date-summary]')).toHaveText('Selected: 13 Jun 2030');

  const range = page.locator('[data-date-picker=stay]');
  await range.getByRole('button', { name: /July 3rd, 2030/ }).click();
  await range.getByRole('button', { name: /July 6th, 2030/ }).click();
  await expect(page.locator('input[name="stay.from"]')).toHaveValue('2030-07-03');
  await expect(page.locator('input[name="stay.to"]')).toHaveValue('2030-07-06');

  const multiple = page.locator('[data-date-picker=days]');
  await multiple.getByRole('button', { name: /August 5th, 2030/ }).click();
  await multiple.getByRole('button', { name: /August 7th, 2030/ }).click();
  await expect(page.locator('input[type=hidden][name=days]')).toHaveCount(2);
});

test('date picker speaks Malay', async ({ page }) => {
  await openGallery(page, '/ms/dev/fields');
  const single = page.locator('[data-date-picker=date]');
  await expect(single.getByText('Jun 2030')).toBeVisible();
  await expect(single.locator('.rdp-weekday').first()).toHaveAttribute('aria-label', 'Ahad');
});

test('notifications: one banner at a time, of the right type', async ({ page }) => {
  await openGallery(page);
  const banner = page.locator('#notice');
  await expect(banner).toBeHidden();

  await page.locator('[data-notice=success]').click();
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-type', 'success');
  await expect(page.locator('#notice-text')).toHaveText('Saved successfully');

  await page.locator('[data-notice=error]').click();
  await expect(banner).toHaveAttribute('data-type', 'error');
  await expect(page.locator('#notice-text')).toHaveText('Unable to complete your request. Please try again later');
  await expect(page.locator('#notice')).toHaveCount(1);
  await expect(page.getByText('Saved successfully')).toHaveCount(0);

  for (const type of ['info', 'warning'] as const) {
    await page.locator(`[data-notice=${type}]`).click();
    await expect(banner).toHaveAttribute('data-type', type);
  }

  await page.locator('[data-notice=other]').click();
  await expect(banner).toHaveAttribute('data-type', 'other');
  await expect(banner).toHaveCSS('background-color', 'rgb(15, 118, 110)');

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
});

test('pagination: 12,345 items of 10 make 1,235 pages with comma separators', async ({ page }) => {
  await openGallery(page, '/dev/fields?tab=x');
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  await expect(nav).toHaveCount(1); // the single-page demo renders nothing
  await expect(nav.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  const last = nav.getByRole('link', { name: 'Page 1,235' });
  await expect(last).toHaveText('1,235');
  await expect(last).toHaveAttribute('href', '/dev/fields?tab=x&page=1235');

  await last.click();
  await expect(page).toHaveURL(/page=1235/);
  const current = page.getByRole('navigation', { name: 'Pagination' }).locator('[aria-current=page]');
  await expect(current).toHaveText('1,235');
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByText('1,231')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' }).locator('a[rel=next]')).toHaveCount(0);
});

test('pagination keeps the language prefix', async ({ page }) => {
  await openGallery(page, '/ms/dev/fields?page=3');
  const nav = page.getByRole('navigation', { name: 'Penomboran halaman' });
  await expect(nav.locator('[aria-current=page]')).toHaveText('3');
  await expect(nav.locator('a[rel=next]')).toHaveAttribute('href', '/ms/dev/fields?page=4');
  await expect(nav.locator('a[rel=prev]')).toHaveAttribute('href', '/ms/dev/fields?page=2');
});

for (const [locale, prefix] of Object.entries(PREFIX)) {
  test(`every island hydrates to exactly the server's markup (${locale})`, async ({ page }) => {
    const { compared, mismatches } = await hydrationMismatches(page, `${prefix}/dev/fields`);
    expect(compared.length).toBeGreaterThanOrEqual(8);
    expect(mismatches).toEqual([]);
  });
}

test('the gallery runs without script errors in any language', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logs.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
  for (const prefix of Object.values(PREFIX)) {
    await page.goto(`${prefix}/dev/fields`);
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
    // The date pickers and the phone country settle after mount; give them a moment.
    await expect(page.locator('.rdp-root')).toHaveCount(3);
  }
  // Nothing goes wrong (the tenant's ad pixels cannot load offline: not ours).
  expect(logs.filter((line) => !line.includes('Failed to load resource'))).toEqual([]);
});
