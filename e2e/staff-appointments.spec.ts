import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO_STAFF, expectAccessible, freshPhone, outboxFor, postJson, site, staffPage } from './support';

interface DevBooking {
  publicId: string;
  status: string;
  startsAt: string;
  requestPath: string;
  serviceId: string;
  resourceId: string;
  invoicePublicId: string | null;
  /** The card gateway page, when the dev booking started a payment. */
  paymentUrl: string | null;
}

/** A phone number no other test uses, as the outbox names it, so /dev/outbox?to= finds only this test's messages. */
const uniquePhone = () => `60${freshPhone()}`;

/**
 * A customer's booking request for the health screening (which needs approval), made through the
 * developer endpoint — the real booking code, without the customer screens.
 */
async function requestScreening(
  page: Page,
  customer: {
    name: string;
    phone: string;
    email?: string;
    locale?: 'en' | 'ms' | 'id';
    answers?: Record<string, string>;
    address?: Record<string, string>;
    notes?: string;
  },
): Promise<DevBooking> {
  return devBooking(page, { service: 'health-screening', ...customer }, 'requested');
}

/** A booking through the developer endpoint (the real booking code), optionally as if made minutes ago. */
async function devBooking(page: Page, body: Record<string, unknown>, status: string): Promise<DevBooking> {
  await page.goto(site('klinik', '/'));
  const booking = await postJson<DevBooking>(page, '/dev/bookings', { email: null, ...body });
  expect(booking.status).toBe(200);
  expect(booking.body.status).toBe(status);
  return booking.body;
}

/** The logged-in staff member's appointments screen, in English or Malay, as it is now. */
async function appointmentsScreen(staff: Page, locale: '' | '/ms' = ''): Promise<Page> {
  await staff.goto(site('klinik', `${locale}/staff/appointments`));
  await expect(staff).toHaveURL(site('klinik', `${locale}/staff/appointments`));
  return staff;
}

/** The texts /dev/outbox shows for one destination (of one template when given), once delivered. */
async function messagesTo(
  page: Page,
  destination: string,
  template?: string,
): Promise<{ template: string; text: string }[]> {
  const all = await outboxFor(page, destination);
  return template ? all.filter((m) => m.template === template) : all;
}

/** Listens to a realtime channel from inside the page, as the request page's client does. */
async function listen(page: Page, channel: string): Promise<void> {
  await page.evaluate(async (name) => {
    const events: { event: string; data: unknown }[] = [];
    (window as unknown as { realtimeEvents: typeof events }).realtimeEvents = events;
    const response = await fetch(`/api/realtime?channels=${encodeURIComponent(name)}`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) events.push({ event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message', data: JSON.parse(data) });
        }
      }
    })();
  }, channel);
  await expect.poll(() => heard(page)).toContainEqual({ event: 'realtime.ready', data: { channels: [channel] } });
}

function heard(page: Page): Promise<{ event: string; data: unknown }[]> {
  return page.evaluate(
    () => (window as unknown as { realtimeEvents: { event: string; data: unknown }[] }).realtimeEvents,
  );
}

test.describe('staff appointments', () => {
  test('approving a request updates the customer’s page live and texts them', async ({ page, staff }) => {
    const phone = uniquePhone();
    const booking = await requestScreening(page, { name: 'Nur Approve', phone, email: `${phone}@example.my` });
    await listen(page, `booking:${booking.publicId}`);
    // The request page belongs to the customer screens; when it exists, it must reload by itself.
    const exists = await page.evaluate(async (path) => (await fetch(path)).status === 200, booking.requestPath);
    const requestPage = exists ? await page.context().newPage() : null;
    if (requestPage) {
      await requestPage.goto(site('klinik', booking.requestPath));
      await requestPage.evaluate(() => {
        (window as unknown as { beforeDecision: boolean }).beforeDecision = true;
      });
    }

    await appointmentsScreen(staff);
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Appointments');
    const request = staff.locator(`[data-request="${booking.publicId}"]`);
    await expect(request).toContainText('Full health screening');
    await expect(request).toContainText('Nur Approve');
    await expect(request).toContainText('Waiting for approval');
    await expectAccessible(staff);
    await request.getByRole('button', { name: 'Approve Nur Approve' }).click();
    await expect(staff.getByRole('status')).toHaveText("Nur Approve's request is approved.");
    await expect(staff.locator(`[data-request="${booking.publicId}"]`)).toHaveCount(0);
    await expect(staff.locator(`[data-appointment="${booking.publicId}"]`)).toHaveAttribute('data-status', 'confirmed');
    await expectAccessible(staff);

    // The customer's page hears the decision without reloading.
    await expect
      .poll(() => heard(page))
      .toContainEqual(
        expect.objectContaining({
          event: 'status',
          data: expect.objectContaining({ channel: `booking:${booking.publicId}`, data: { status: 'confirmed' } }),
        }),
      );
    if (requestPage) {
      await expect
        .poll(() => requestPage.evaluate(() => (window as unknown as { beforeDecision?: boolean }).beforeDecision))
        .toBeUndefined();
    }

    // The SMS and the e-mail say so, with the time and the request page on the clinic's domain.
    await expect.poll(async () => (await messagesTo(page, phone, 'booking-approved')).length).toBe(1);
    const [sms] = await messagesTo(page, phone, 'booking-approved');
    expect(sms?.text).toContain('Klinik Sihat Bersama has approved your request for Full health screening.');
    expect(sms?.text).toMatch(/Your appointment: \d{2}\/\d{2}\/\d{4} at \d{2}:\d{2}(AM|PM)\./);
    expect(sms?.text).toContain(
      `https://kliniksihat.my/appointment/health-screening/request?booking=${booking.publicId}`,
    );
    await expect.poll(async () => (await messagesTo(page, `${phone}@example.my`, 'booking-approved')).length).toBe(1);
    // The request itself was acknowledged when it was made.
    expect((await messagesTo(page, phone, 'booking-requested')).length).toBe(1);
  });

  test('declining with a reason (Malay) tells the customer why, in their language', async ({ page, staff }) => {
    const phone = uniquePhone();
    const booking = await requestScreening(page, { name: 'Ahmad Tolak', phone, locale: 'ms' });
    await appointmentsScreen(staff, '/ms');
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Temu janji');
    const request = staff.locator(`[data-request="${booking.publicId}"]`);
    await expect(request).toContainText('Saringan kesihatan penuh');
    await expect(request).toContainText('Menunggu kelulusan');
    await expectAccessible(staff);
    await request.getByLabel(/^Sebab/).fill('Doktor bercuti pada hari itu');
    await request.getByRole('button', { name: 'Tolak Ahmad Tolak' }).click();
    await expect(staff.getByRole('status')).toHaveText('Permintaan Ahmad Tolak telah ditolak.');
    await expect(staff.locator(`[data-request="${booking.publicId}"]`)).toHaveCount(0);
    await expect(staff.locator(`[data-appointment="${booking.publicId}"]`)).toHaveCount(0);

    await expect.poll(async () => (await messagesTo(page, phone, 'booking-declined')).length).toBe(1);
    const [sms] = await messagesTo(page, phone, 'booking-declined');
    expect(sms?.text).toContain('Harap maaf, Klinik Sihat Bersama tidak dapat menerima permintaan anda');
    expect(sms?.text).toContain('Sebab: Doktor bercuti pada hari itu');
    expect(sms?.text).toContain('https://kliniksihat.my/ms/appointment/health-screening');
  });

  test('appointments still to come cannot be closed as completed or no-show', async ({ page, staff }) => {
    // Closing after the start is covered by the integration tests (the server's clock cannot be moved here).
    const booking = await requestScreening(page, { name: 'Siti Hadir', phone: uniquePhone() });
    await appointmentsScreen(staff);
    await staff
      .locator(`[data-request="${booking.publicId}"]`)
      .getByRole('button', { name: 'Approve Siti Hadir' })
      .click();
    const row = staff.locator(`[data-appointment="${booking.publicId}"]`);
    await expect(row).toHaveAttribute('data-status', 'confirmed');
    await expect(row.getByRole('button', { name: /Completed|No-show/ })).toHaveCount(0);
    // A crafted (or stale) post is refused with a clear notice, and changes nothing.
    const status = await staff.evaluate(async (publicId) => {
      const response = await fetch('/staff/appointments', {
        method: 'POST',
        body: new URLSearchParams({ action: 'completed', booking: publicId }),
      });
      return response.status;
    }, booking.publicId);
    expect(status).toBe(409);
    await staff.reload();
    await expect(row).toHaveAttribute('data-status', 'confirmed');
    const [response] = await Promise.all([
      staff.waitForResponse((r) => r.request().method() === 'POST'),
      staff.evaluate((publicId) => {
        const form = document.createElement('form');
        form.method = 'post';
        for (const [name, value] of [
          ['booking', publicId],
          ['action', 'no_show'],
        ]) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name as string;
          input.value = value as string;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }, booking.publicId),
    ]);
    expect(response.status()).toBe(409);
    await expect(staff.getByRole('alert')).toHaveText(
      'This appointment has not started yet. Mark it once it has begun.',
    );
  });

  test('staff read the intake answers, address and notes (Malay), customers never do', async ({ page, staff }) => {
    const booking = await requestScreening(page, {
      name: 'Farid Soal',
      phone: uniquePhone(),
      locale: 'id',
      answers: { fasting: 'yes', medications: 'Metformin 500mg' },
      address: {
        address_1: '12 Jalan Mawar',
        postcode: '40000',
        city: 'Shah Alam',
        state: 'Selangor',
        country: 'Malaysia',
      },
      notes: 'Takut jarum',
    });
    await appointmentsScreen(staff, '/ms');
    const request = staff.locator(`[data-request="${booking.publicId}"]`);
    await expect(request.locator('[data-answers]')).toContainText('Adakah anda akan berpuasa selama 8 jam?');
    await expect(request.locator('[data-answer="fasting"]')).toHaveText('Ya');
    await expect(request.locator('[data-answers]')).toContainText('Ubat yang anda ambil');
    await expect(request.locator('[data-answer="medications"]')).toHaveText('Metformin 500mg');
    await expect(request.locator('[data-address]')).toHaveText('12 Jalan Mawar, 40000 Shah Alam, Selangor, Malaysia');
    await expect(request).toContainText('Takut jarum');
    await expectAccessible(staff);
    await request.screenshot({ path: 'test-results/screenshots/staff-intake-answers-ms.png' });

    // Approved, it keeps its details on the agenda, folded.
    await request.getByRole('button', { name: 'Luluskan Farid Soal' }).click();
    const row = staff.locator(`[data-appointment="${booking.publicId}"]`);
    await row.locator('[data-booking-details] summary').click();
    await expect(row.locator('[data-answer="medications"]')).toHaveText('Metformin 500mg');
    await expect(row.locator('[data-address]')).toBeVisible();
    await expectAccessible(staff);

    // The customer's own page shows none of it.
    const customer = await page.evaluate(async (path) => (await fetch(path)).text(), booking.requestPath);
    expect(customer).not.toContain('Metformin');
    expect(customer).not.toContain('Jalan Mawar');
  });

  test('a late payment that lost its time: the customer is told where they land, staff record the refund', async ({
    page,
    staff,
  }) => {
    test.setTimeout(180_000); // a payment through the sandbox, then a staff login
    const phone = uniquePhone();
    // A hold made 11 minutes ago, whose payer opened the card gateway in time, has lapsed;
    // someone else then takes the same time.
    const late = await devBooking(
      page,
      { service: 'dental-scaling', name: 'Wati Lambat', phone, locale: 'id', minutesAgo: 11, startCardPayment: true },
      'held',
    );
    const thief = await page.evaluate(
      async ({ late, phone }) => {
        const response = await fetch('/api/bookings', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            serviceId: late.serviceId,
            resourceId: late.resourceId,
            start: late.startsAt,
            name: 'Orang Lain',
            phone: `${phone.slice(0, -1)}9`,
          }),
        });
        return response.status;
      },
      { late, phone },
    );
    expect(thief).toBe(201);

    // The invoice itself can no longer be paid: it was due when the hold ended.
    await page.goto(site('klinik', `/id/invoices/${late.invoicePublicId}/appointment`));
    await expect(page.locator('[data-invoice-expired]')).toBeVisible();
    await expect(page.locator('[data-invoice-status]')).toHaveText('Kedaluwarsa');
    await expect(page.getByRole('button', { name: /^Bayar/ })).toHaveCount(0);
    // …and says why, with the way on: choose another time for the same service.
    const lapsed = page.locator('[data-booking-outcome="expired"]');
    await expect(lapsed).toContainText('10 menit');
    await expect(lapsed.locator('a[href="/id/appointment/dental-scaling"]')).toBeVisible();
    await expectAccessible(page);

    // The payer finishes on the gateway page opened in time: the money arrives after all.
    await page.goto(late.paymentUrl as string);
    await page.getByRole('button', { name: /^Bayar/ }).click();
    await expect(page).toHaveURL(/\/id\/invoices\/\w+\/verify\?payment=/);
    const outcome = page.locator('[data-booking-outcome="refund_due"]');
    await expect(outcome).toContainText('Waktu Anda telah diambil');
    await expect(outcome.locator('a[href^="tel:"]')).toBeVisible();
    await expectAccessible(page);
    await page
      .locator('[data-verify-status]')
      .screenshot({ path: 'test-results/screenshots/refund-due-verify-id.png' });
    await expect.poll(async () => (await messagesTo(page, phone, 'booking-refund-due')).length).toBe(1);
    const [sms] = await messagesTo(page, phone, 'booking-refund-due');
    expect(sms?.text).toContain('Kami akan mengembalikan pembayaran Anda.');

    await appointmentsScreen(staff, '/ms');
    const refund = staff.locator(`[data-refund="${late.publicId}"]`);
    await expect(refund).toContainText('Wati Lambat');
    await expect(refund).toContainText('Dibayar: RM50.00');
    await expectAccessible(staff);
    // Paid through the gateway: staff may give it back there, or by hand and record it.
    await expect(
      refund.getByRole('button', { name: 'Pulangkan melalui gerbang pembayaran Wati Lambat' }),
    ).toBeVisible();
    await refund.getByRole('button', { name: 'Tandakan telah dipulangkan Wati Lambat' }).click();
    await expect(staff.getByRole('status')).toHaveText('Bayaran balik kepada Wati Lambat telah direkodkan.');
    await expect(refund).toHaveAttribute('data-refunded', 'yes');
    await expect(refund.locator('[data-refunded-by]')).toContainText('oleh');
    await expect(refund.getByRole('button')).toHaveCount(0);
  });

  test('a decision from a stale screen is a notice, never a 500', async ({ page, browser, staff }) => {
    const booking = await requestScreening(page, { name: 'Lee Dua Kali', phone: uniquePhone() });
    const one = await appointmentsScreen(staff);
    const other = await staffPage(browser, DEMO_STAFF.klinikStaff, '/staff/appointments');
    await expect(other).toHaveURL(site('klinik', '/staff/appointments'));
    await one
      .locator(`[data-request="${booking.publicId}"]`)
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(one.getByRole('status')).toHaveText("Lee Dua Kali's request is approved.");
    const [response] = await Promise.all([
      other.waitForResponse((r) => r.request().method() === 'POST'),
      other
        .locator(`[data-request="${booking.publicId}"]`)
        .getByRole('button', { name: /^Decline/ })
        .click(),
    ]);
    expect(response.status()).toBe(409);
    await expect(other.getByRole('alert')).toHaveText('This request has already been decided.');
  });

  test('the staff home links to the appointments; customers are sent to the staff login', async ({ page, staff }) => {
    await page.goto(site('klinik', '/staff/appointments'));
    await expect(page).toHaveURL(site('klinik', '/staff/login?next=%2Fstaff%2Fappointments'));
    await staff.goto(site('klinik', '/staff'));
    await staff.getByRole('link', { name: 'Appointments and booking requests' }).click();
    await expect(staff).toHaveURL(site('klinik', '/staff/appointments'));
  });
  test('the customer’s photo shows with their request, for staff only', async ({ page, staff }) => {
    const request = await requestScreening(page, { name: 'Photo Patient', phone: uniquePhone() });
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const upload = async (publicId: string, base64: string) =>
      page.evaluate(
        async ({ publicId, base64 }) => {
          const body = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const response = await fetch(`/api/bookings/${publicId}/photo`, { method: 'POST', body });
          return { status: response.status, body: await response.text() };
        },
        { publicId, base64 },
      );
    // Not an image: refused in the visitor's language, nothing stored.
    const text = await upload(request.publicId, btoa('just some text'));
    expect(text.status).toBe(415);
    expect(JSON.parse(text.body).error).toBe('Please choose a photo (JPEG, PNG, WebP or HEIC).');
    expect((await upload(request.publicId, png)).status).toBe(204);

    await appointmentsScreen(staff);
    const link = staff.locator(`[data-request="${request.publicId}"] [data-photo-link]`);
    await expect(link).toHaveText('View photo · Photo Patient');
    const photo = await staff.evaluate(
      async (href) => {
        const response = await fetch(href);
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          size: (await response.arrayBuffer()).byteLength,
        };
      },
      (await link.getAttribute('href')) as string,
    );
    expect(photo).toEqual({ status: 200, type: 'image/png', size: 70 });
    await expectAccessible(staff);
  });
});
