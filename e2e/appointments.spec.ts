import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type AvailabilityFeed, decodeAvailability } from '#features/booking/availability-feed.ts';
import { expect, test } from './fixtures';
import {
  type AvailableDay,
  calendarDay,
  call,
  expectAccessible,
  firstFreeDay,
  hydrated,
  serviceDays,
  site,
  watchConsole,
} from './support';

// The customer booking journey (SPEC.md §2): landing → category → service (date, time) → form →
// checkout (10-minute hold, payment) or request. Tests run on any day: dates come from the
// availability API, never from the calendar of the day the suite was written.

type Day = AvailableDay;

/** No React hydration complaints (mismatch warnings or the minified errors #418/#423/#425). */
function expectNoHydrationWarnings(messages: string[]) {
  expect(messages.filter((m) => /hydrat|#418|#423|#425|did not match/i.test(m))).toEqual([]);
}

/**
 * expectAccessible for English pages with the shared calendar: react-day-picker's English day
 * labels ("Sunday, November 1st, 2026") do not contain the visible "1" as a word, which axe
 * reports as label-content-name-mismatch. That belongs to src/components/fields/DatePicker (its
 * Malay and Indonesian labels pass, and those pages run the full check); everything else is checked.
 */
async function expectAccessibleWithEnglishCalendar(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .disableRules(['label-content-name-mismatch'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The service page's slot picker has loaded its first month. */
async function waitForTimes(page: Page) {
  // The server renders the picker "ready" already: a choice made before hydration is lost (a
  // doctor checked, then reset to "any" by hydration, once sent a booking for another doctor).
  await hydrated(page);
  await expect(page.locator('[data-availability="ready"]')).toBeVisible({ timeout: 15_000 });
}

/**
 * The first day with at least `minSlots` free times, at least `daysAhead` days after the first
 * bookable date (late in the clinic's day, today may have a single time left).
 */
async function firstAvailableDay(page: Page, resource = 'any', daysAhead = 0, minSlots = 1): Promise<Day> {
  return firstFreeDay(await serviceDays(page, resource), { daysAhead, minSlots });
}

/** Clicks a date in the calendar, moving to the following months as needed. */
async function pickDay(page: Page, date: string) {
  const cell = await calendarDay(page, date);
  await expect(cell).toBeEnabled();
  await cell.click();
  await expect(page.locator(`[data-slots="${date}"]`)).toBeVisible();
}

/** Picks a time and continues to the form; returns the slot's start (ISO). */
async function pickTime(page: Page, start: string, continueLabel: string) {
  const radio = page.locator(`[role="radio"][data-slot="${start}"]`);
  await radio.click();
  await expect(radio).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: continueLabel, exact: true }).click();
}

/** The form step of a service: its path, carrying the chosen slot in the query (date, slot, resource). */
function formStep(path: string) {
  return (url: URL) =>
    url.origin === new URL(site('klinik')).origin && url.pathname === path && url.searchParams.has('slot');
}

/** "20261123T013000Z" for an ISO instant: the UTC form in an iCalendar file. */
function icsTime(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

test.describe('booking an appointment', () => {
  // Whole journeys with several axe scans each: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('books and pays through the sandbox in Malay, adds it to a calendar, moves it and cancels it', async ({
    page,
  }) => {
    const messages = watchConsole(page);
    await page.goto(site('klinik', '/ms/appointment'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tempah temujanji');
    await expect(page.locator('[data-service="dental-scaling"] [data-deposit]')).toHaveText(
      'Tempah dengan deposit RM50.00',
    );
    await expectAccessible(page);

    await page.locator('a[data-category="dental"]').click();
    await expect(page).toHaveURL(site('klinik', '/ms/appointment/category/dental'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pergigian');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Tempah Cuci gigi (scaling dan polishing)' }).click();
    await expect(page).toHaveURL(site('klinik', '/ms/appointment/dental-scaling'));
    await waitForTimes(page);
    await expect(page.locator('[data-due]')).toHaveText('RM50.00');
    await expectAccessible(page);

    // Far enough ahead that the appointment can still be cancelled online (24 hours' notice).
    const day = await firstAvailableDay(page, 'any', 2);
    await pickDay(page, day.date);
    const start = day.slots[0]?.start as string;
    await pickTime(page, start, 'Teruskan');

    await expect(page).toHaveURL(formStep('/ms/appointment/dental-scaling/form'));
    await expect(page.locator('[data-chosen-slot]')).toHaveAttribute('data-chosen-slot', start);
    await expectAccessible(page);
    await page.getByLabel('Nama penuh').fill('Aisyah binti Ahmad');
    await page.locator('[data-booking-form] input[type="tel"]').fill('0123456789');
    await page.getByLabel('E-mel').fill('aisyah@example.my');
    await expect(page.getByText('(pilihan)').first()).toBeVisible();
    // Typed details are kept in the appointment cart as the visitor types.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('appointment_cart') ?? '{}').customer?.name))
      .toBe('Aisyah binti Ahmad');
    await page.getByRole('button', { name: 'Teruskan ke pembayaran' }).click();

    await expect(page).toHaveURL(/\/ms\/appointment\/dental-scaling\/checkout\?booking=\w+$/);
    const checkout = page.url();
    // The booking is made: the customer's details leave this device's cart at once (a payer who
    // never comes back to this page must not leave them for the next person).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('appointment_cart'))).toBeNull();
    await expect(page.locator('[data-payment-reminder]')).toHaveText(
      'Sila buat pembayaran dalam masa 10 minit atau tempahan ini akan dibatalkan.',
    );
    await expect(page.locator('[data-countdown]')).toHaveText(/^(10:00|09:[0-5]\d)$/);
    await expect(page.locator('[data-detail="when"]')).not.toBeEmpty();
    // A deposit: the summary says so, and what is left to pay at the visit.
    await expect(page.locator('[data-detail="balance"]')).toHaveText('RM100.00');
    await expectAccessible(page);

    await page.getByLabel('Kad kredit/debit').check();
    await page.getByRole('button', { name: 'Bayar RM50.00' }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    await page.getByRole('button', { name: /^Bayar RM50\.00/ }).click();
    await expect(page).toHaveURL(/\/ms\/invoices\/\w+\/verify\?payment=/);
    await expect(page.locator('[data-verify-status]')).toHaveAttribute('data-verify-status', 'paid');
    // The payment result says what became of the booking, with a way back to it.
    await expect(page.locator('[data-deposit-balance]')).toHaveText(
      'Invois ini ialah deposit untuk Cuci gigi (scaling dan polishing). Baki RM100.00 perlu dibayar semasa lawatan anda.',
    );
    const outcome = page.locator('[data-booking-outcome="confirmed"]');
    await expect(outcome).toContainText('Temujanji anda telah disahkan');
    await expect(outcome.getByRole('link', { name: 'Lihat tempahan anda' })).toHaveAttribute(
      'href',
      new URL(checkout).pathname + new URL(checkout).search,
    );
    // And the customer is texted and e-mailed the confirmation, in Malay.
    await expect
      .poll(async () =>
        page.evaluate(async () => {
          const response = await fetch(`/dev/outbox?to=${encodeURIComponent('aisyah@example.my')}`);
          return ((await response.json()) as { template: string }[]).map((m) => m.template);
        }),
      )
      .toContain('booking-confirmed');

    await page.goto(checkout);
    await expect(page.locator('[data-booking-status="confirmed"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Temujanji anda telah disahkan');
    await expectAccessible(page);
    // The cart is emptied once the booking is confirmed.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('appointment_cart'))).toBeNull();

    const href = (await page.locator('[data-calendar-link]').getAttribute('href')) as string;
    const calendar = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { type: response.headers.get('content-type'), body: await response.text() };
    }, href);
    expect(calendar.type).toMatch(/^text\/calendar/);
    expect(calendar.body).toContain('BEGIN:VCALENDAR');
    expect(calendar.body).toContain(`DTSTART:${icsTime(start)}`);
    expect(calendar.body).toContain('SUMMARY:Cuci gigi (scaling dan polishing) – Klinik Sihat Bersama');
    expect(calendar.body).toMatch(/LOCATION:No\. 12\\?, Jalan Plumbum/);

    // Moving it keeps the booking and its payment: a new time, the same booking.
    await page.getByRole('link', { name: 'Tukar masa' }).click();
    await expect(page.locator('[data-rescheduling]')).toContainText('Pilih masa baharu untuk temujanji anda pada');
    await waitForTimes(page);
    await expectAccessible(page);
    const later = await firstAvailableDay(page, 'any', 3);
    await pickDay(page, later.date);
    const newStart = later.slots.find((s) => s.start !== start)?.start as string;
    await pickTime(page, newStart, 'Pindahkan temujanji saya');
    await expect(page).toHaveURL(`${checkout}&moved=1`);
    await expect(page.locator('[data-moved]')).toHaveText('Temujanji anda telah dipindahkan ke masa baharu.');
    await expect(page.locator('[data-booking-status="confirmed"]')).toBeVisible();
    const movedCalendar = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    expect(movedCalendar).toContain(`DTSTART:${icsTime(newStart)}`);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Batalkan temujanji' }).click();
    // Paid: cancelling says what happens to the money, before and after.
    await expect(page.locator('[data-cancel-booking]')).toContainText(
      'Anda telah membayar RM50.00: klinik akan dimaklumkan untuk memulangkannya',
    );
    await page.getByRole('button', { name: 'Ya, batalkan' }).click();
    await expect(page.locator('[data-booking-status="cancelled"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Temujanji ini telah dibatalkan');
    await expect(page.locator('[data-booking-status="cancelled"]')).toContainText(
      'Anda telah membayar RM50.00: klinik telah dimaklumkan untuk memulangkannya',
    );
    // The time is free again.
    await page.goto(site('klinik', '/ms/appointment/dental-scaling'));
    await waitForTimes(page);
    const again = await firstAvailableDay(page, 'any', 2);
    if (again.date === day.date) expect(again.slots.map((s) => s.start)).toContain(start);
    expectNoHydrationWarnings(messages);
  });

  test('a time taken between choosing and booking sends the visitor back with fresh times', async ({
    page,
    browser,
  }) => {
    const messages = watchConsole(page);
    await page.goto(site('klinik', '/appointment/general-consultation'));
    await waitForTimes(page);
    await page.getByLabel('Dr. Nurul Aina').check();
    const resourceId = (await page.getByLabel('Dr. Nurul Aina').getAttribute('value')) as string;
    await waitForTimes(page);
    // Not today: late in the clinic's day its last times go to the journeys running alongside.
    const day = await firstAvailableDay(page, resourceId, 1);
    await pickDay(page, day.date);
    const start = day.slots[0]?.start as string;
    await pickTime(page, start, 'Continue');
    await expect(page).toHaveURL(formStep('/appointment/general-consultation/form'));
    await page.getByLabel('Full name').fill('Tan Ah Kow');
    await page.locator('[data-booking-form] input[type="tel"]').fill('0198765432');

    // Meanwhile someone else books the same doctor at the same time.
    const other = await (await browser.newContext()).newPage();
    await other.goto(site('klinik', '/appointment/general-consultation'));
    const serviceId = await other.locator('[data-service-id]').getAttribute('data-service-id');
    const competing = await other.evaluate(
      async (body) => {
        const response = await fetch('/api/bookings', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      },
      { serviceId, resourceId, start, name: 'Quick Booker', phone: '60123334444' },
    );
    expect(competing.status).toBe(201);
    expect(competing.body.checkoutPath).toMatch(/^\/appointment\/general-consultation\/checkout\?booking=/);

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(site('klinik', '/appointment/general-consultation?taken=1'));
    await expect(page.locator('[data-slot-taken]')).toHaveText('This time was just taken. Please choose another.');
    // Back on the same doctor and day, with times fetched afresh: the taken one is gone.
    await expect(page.getByLabel('Dr. Nurul Aina')).toBeChecked();
    await expect(page.locator(`[data-slots="${day.date}"]`)).toBeVisible();
    await expect(page.locator(`[data-slot="${start}"]`)).toHaveCount(0);
    await expect(page.locator('[role="radio"][data-slot]').first()).toBeVisible();
    expectNoHydrationWarnings(messages);
  });

  test('a health screening is a request: required questions, then "submitted", live (Indonesian)', async ({ page }) => {
    const messages = watchConsole(page);
    await page.goto(site('klinik', '/id/appointment/health-screening'));
    await waitForTimes(page);
    await expectAccessible(page);
    const day = await firstAvailableDay(page, 'any', 2);
    await pickDay(page, day.date);
    await pickTime(page, day.slots[0]?.start as string, 'Lanjutkan');

    await expect(page).toHaveURL(formStep('/id/appointment/health-screening/form'));
    await page.getByLabel('Nama lengkap').fill('Budi Santoso');
    await page.locator('[data-booking-form] input[type="tel"]').fill('0134567890');
    await page.getByLabel('Obat yang Anda konsumsi (opsional)').fill('Metformin');
    // The fasting question is required.
    await page.getByRole('button', { name: 'Kirim permintaan' }).click();
    await expect(page.locator('[data-question="fasting"] [data-field-error]')).toHaveText('Kolom ini wajib diisi');
    await expect(page).toHaveURL(formStep('/id/appointment/health-screening/form'));
    await expectAccessible(page);
    await page.locator('[data-question="fasting"]').getByLabel('Ya').check();
    await page.getByRole('button', { name: 'Kirim permintaan' }).click();

    await expect(page).toHaveURL(/\/id\/appointment\/health-screening\/request\?booking=\w+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permintaan terkirim');
    await expect(page.locator('[data-booking-status="requested"]')).toBeVisible();
    await expect(page.locator('[data-realtime="open"]')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('appointment_cart'))).toBeNull();
    await expectAccessible(page);

    // A pending request can be withdrawn while the notice period allows.
    await page.getByRole('button', { name: 'Batalkan permintaan' }).click();
    await page.getByRole('button', { name: 'Ya, batalkan' }).click();
    await expect(page.locator('[data-booking-status="cancelled"]')).toBeVisible();
    expectNoHydrationWarnings(messages);
  });

  test('every step passes axe in English, with the hold countdown on checkout', async ({ page }) => {
    const messages = watchConsole(page);
    await page.goto(site('klinik', '/appointment'));
    await expectAccessible(page);
    await page.goto(site('klinik', '/appointment/category'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('All services');
    await expect(page.locator('[data-services] > li')).toHaveCount(6);
    await expectAccessible(page);
    await page.goto(site('klinik', '/appointment/tooth-extraction'));
    await waitForTimes(page);
    await expectAccessibleWithEnglishCalendar(page);
    const day = await firstAvailableDay(page, 'any', 5, 2);
    await pickDay(page, day.date);
    // Times are a radio group: arrow keys move the choice.
    const first = page.locator('[role="radio"][data-slot]').first();
    await first.click();
    await page.keyboard.press('ArrowRight');
    const second = page.locator('[role="radio"][data-slot]').nth(1);
    await expect(second).toHaveAttribute('aria-checked', 'true');
    await expect(second).toBeFocused();
    await expectAccessibleWithEnglishCalendar(page);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    await expect(page).toHaveURL(formStep('/appointment/tooth-extraction/form'));
    // Required fields are enforced before anything is sent.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Full name').fill('Siti Rahmah');
    await page.locator('[data-booking-form] input[type="tel"]').fill('0112223333');
    // An optional photo goes up once the booking exists; staff alone can open it.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByLabel('Photo upload (optional)')
      .setInputFiles({ name: 'rash.png', mimeType: 'image/png', buffer: png });
    // The preview really shows (a blob: image the CSP must allow), not just its alt text.
    const preview = page.getByRole('img', { name: 'Selected photo' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/photo') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    expect((await uploaded).status()).toBe(204);

    await expect(page).toHaveURL(/\/appointment\/tooth-extraction\/checkout\?booking=\w+$/);
    await expect(page.locator('[data-payment-reminder]')).toHaveText(
      'Please make payment within 10 minutes or this booking will be cancelled.',
    );
    await expect(page.getByRole('button', { name: 'Pay RM120.00' })).toBeVisible();
    await expect(page.locator('[data-photo-failed]')).toHaveCount(0);
    const reference = new URL(page.url()).searchParams.get('booking') as string;
    const photoForVisitor = await call('klinik.localhost', `/api/staff/bookings/${reference}/photo`);
    expect([401, 302, 303]).toContain(photoForVisitor.status);
    await expectAccessible(page);
    // A booking that is not confirmed has no calendar file.
    const ics = await page.evaluate(
      async (url) => (await fetch(url)).status,
      new URL(page.url()).pathname.replace('checkout', 'calendar.ics') + new URL(page.url()).search,
    );
    expect(ics).toBe(404);

    // At zero the hold is over: the payment options go and a new time is offered.
    await page.clock.install();
    await page.reload();
    await expect(page.locator('[data-hold="live"]')).toBeVisible();
    await page.clock.fastForward('10:30');
    await expect(page.locator('[data-hold="expired"] [role="alert"]')).toHaveText(
      'Time is up: this booking was cancelled and the time released.',
    );
    await expect(page.locator('[data-booking-payment]')).toBeHidden();
    // The heading no longer asks to pay.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This booking has expired');
    await expect(page.getByRole('link', { name: 'Choose another time' })).toHaveAttribute(
      'href',
      '/appointment/tooth-extraction',
    );
    expectNoHydrationWarnings(messages);
  });
});

test.describe('appointment routes and API', () => {
  test('paying at the counter confirms the booking at once, to pay on the day (Malay)', async ({ page, staff }) => {
    test.setTimeout(120_000);
    await page.goto(site('klinik', '/ms/appointment/dental-scaling'));
    await waitForTimes(page);
    const day = await firstAvailableDay(page, 'any', 4);
    await pickDay(page, day.date);
    const start = day.slots.at(-1)?.start as string;
    await pickTime(page, start, 'Teruskan');
    await expect(page).toHaveURL(formStep('/ms/appointment/dental-scaling/form'));
    await page.getByLabel('Nama penuh').fill('Hafiz Kaunter');
    await page.locator('[data-booking-form] input[type="tel"]').fill('0129876543');
    await page.getByRole('button', { name: 'Teruskan ke pembayaran' }).click();
    await expect(page).toHaveURL(/\/ms\/appointment\/dental-scaling\/checkout\?booking=\w+$/);
    await expect(page.locator('[data-countdown]')).toBeVisible();
    await expect(page.locator('[data-realtime="open"]')).toBeAttached();

    await page.getByLabel('Bayar di kaunter').check();
    // Nothing is paid now: the button says so instead of "Bayar RM50.00".
    await expect(page.getByRole('button', { name: 'Bayar RM50.00' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sahkan — bayar di kaunter' }).click();
    // The booking is confirmed: the page turns into the confirmation, the countdown is gone.
    await expect(page.locator('[data-booking-status="confirmed"]')).toBeVisible();
    await expect(page.locator('[data-countdown]')).toHaveCount(0);
    await expect(page.locator('[data-pay-at-counter]')).toHaveText(
      'Sila bayar RM50.00 di kaunter hadapan kami semasa anda tiba.',
    );
    // Nothing was paid: no word of a payment that "carries over".
    await expect(page.locator('[data-booking-status="confirmed"]')).toContainText(
      'Perlukan masa lain? Anda boleh memindahkan temujanji ini.',
    );
    await expect(page.locator('[data-booking-status="confirmed"]')).not.toContainText('bayaran anda dibawa bersama');
    await expectAccessible(page);
    await page.locator('[data-booking-status="confirmed"]').screenshot({
      path: 'test-results/screenshots/counter-confirmation-ms.png',
    });

    // Staff see it on the agenda as confirmed, to pay at the counter.
    const publicId = new URL(page.url()).searchParams.get('booking') as string;
    // A short reference a person can read over the phone, instead of the 22-character id.
    const reference = (await page.locator('[data-detail="reference"]').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{7}$/);
    await staff.goto(site('klinik', '/ms/staff/appointments'));
    const row = staff.locator(`[data-appointment="${publicId}"]`);
    await expect(row).toHaveAttribute('data-status', 'confirmed');
    await expect(row.locator('[data-pay-at-counter]')).toHaveText('Bayar di kaunter');
    await expect(row.locator('[data-reference]')).toHaveText(reference);
    // Staff find it by the reference as the customer reads it out.
    await staff
      .getByLabel('Cari tempahan melalui rujukannya')
      .fill(`${reference.slice(0, 3).toLowerCase()} ${reference.slice(3)}`);
    await staff.getByRole('button', { name: 'Cari', exact: true }).click();
    await expect(staff.locator('[data-reference-result="found"]')).toContainText('Hafiz Kaunter');
    await expect(staff.locator('[data-reference-result="found"]')).toContainText(reference);
  });

  test('times say they are the clinic’s when the visitor’s clock is elsewhere', async ({ browser }) => {
    for (const [timezoneId, shown] of [
      ['Asia/Jakarta', true],
      ['Asia/Kuala_Lumpur', false],
    ] as const) {
      const context = await browser.newContext({ timezoneId });
      const page = await context.newPage();
      const messages = watchConsole(page);
      for (const [path, text] of [
        ['/appointment/general-consultation', 'Times are in Malaysia Time (GMT+8).'],
        ['/ms/appointment/general-consultation', 'Masa dipaparkan dalam Waktu Malaysia (GMT+8).'],
        ['/id/appointment/general-consultation', 'Waktu ditampilkan dalam Waktu Malaysia (GMT+8).'],
      ] as const) {
        await page.goto(site('klinik', path));
        await waitForTimes(page);
        if (shown) await expect(page.locator('[data-time-zone-note]')).toHaveText(text);
        else await expect(page.locator('[data-time-zone-note]')).toHaveCount(0);
      }
      expectNoHydrationWarnings(messages);
      await context.close();
    }
  });

  test('the booking API says what is wrong: not offered, phone required, bad practitioner', async ({ page }) => {
    await page.goto(site('klinik', '/appointment/general-consultation'));
    await waitForTimes(page);
    const serviceId = (await page.locator('[data-service-id]').getAttribute('data-service-id')) as string;
    const day = await firstAvailableDay(page, 'any', 1);
    const onGrid = new Date(day.slots[0]?.start as string);
    const post = (body: Record<string, unknown>) =>
      page.evaluate(async (payload) => {
        const response = await fetch('/api/bookings', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(payload),
        });
        return { status: response.status, body: await response.json() };
      }, body);
    const base = { serviceId, resourceId: 'any', name: 'Tepat', phone: '60123450001' };
    const offGrid = await post({ ...base, start: new Date(onGrid.getTime() + 7 * 60_000).toISOString() });
    expect(offGrid).toEqual({
      status: 422,
      body: {
        error: 'This time is not available, please choose another.',
        reason: 'not_offered',
        fields: { start: 'This time is not available, please choose another.' },
      },
    });
    const farAway = await post({ ...base, start: '2031-01-07T02:00:00.000Z' });
    expect(farAway.status).toBe(422);
    const noPhone = await post({ ...base, phone: '', start: onGrid.toISOString() });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.fields.phone).toBe('Phone number is required');
    const longResource = await call(
      'klinik.localhost',
      `/api/appointments/${serviceId}/availability?from=${day.date}&to=${day.date}&resource=${'x'.repeat(41)}`,
      { 'Accept-Language': 'ms' },
    );
    expect(longResource.status).toBe(400);
    expect(JSON.parse(longResource.body).fields.resource).toBe('Sila pilih pengamal yang sah.');
  });

  test('unknown services, categories and bookings are 404; other tenants have no appointments', async ({ page }) => {
    expect((await page.goto(site('klinik', '/appointment/no-such-service')))?.status()).toBe(404);
    expect((await page.goto(site('klinik', '/ms/appointment/category/no-such-category')))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Tidak Ditemui');
    expect(
      (await page.goto(site('klinik', '/appointment/dental-scaling/checkout?booking=NoSuchBooking123')))?.status(),
    ).toBe(404);
    expect((await page.goto(site('yayasan', '/appointment')))?.status()).toBe(404);
  });

  test('the landing is cacheable; availability is revalidated every time, and refuses a bad query in the visitor’s language', async ({
    page,
  }) => {
    const landing = await call('klinik.localhost', '/appointment');
    expect(landing.status).toBe(200);
    expect(landing.headers['cache-control']).toBe('public, max-age=60');

    await page.goto(site('klinik', '/appointment/general-consultation'));
    const serviceId = (await page.locator('[data-service-id]').getAttribute('data-service-id')) as string;
    const bad = await call('klinik.localhost', `/api/appointments/${serviceId}/availability?from=2026-02-31&to=x`, {
      'Accept-Language': 'ms',
    });
    expect(bad.status).toBe(400);
    expect(bad.headers['cache-control']).toBe('private, no-store');
    // A good answer may be stored but is revalidated every time; its validator makes that a 304.
    const section = page.locator('[data-service-id]');
    const [min, max] = await Promise.all([section.getAttribute('data-min'), section.getAttribute('data-max')]);
    const feedPath = `/api/appointments/${serviceId}/availability?from=${min}&to=${max}&resource=any`;
    const good = await call('klinik.localhost', feedPath);
    expect(good.status).toBe(200);
    expect(good.headers['cache-control']).toBe('no-cache');
    const etag = good.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(decodeAvailability(JSON.parse(good.body) as AvailabilityFeed).length).toBeGreaterThan(0);
    const again = await call('klinik.localhost', feedPath, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(bad.body).error).toBe('Sila pilih tarikh yang sah.');
    const unknown = await call(
      'klinik.localhost',
      '/api/appointments/00000000-0000-4000-8000-000000000000/availability?from=2030-01-01&to=2030-01-02',
    );
    expect(unknown.status).toBe(404);

    const invalid = await page.evaluate(async () => {
      const response = await fetch('/api/bookings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
        body: JSON.stringify({ name: '', phone: '12' }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields.name).toBe('This field is required');
  });
});
