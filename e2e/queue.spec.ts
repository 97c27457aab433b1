import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { call, expectAccessible, hydrated, site } from './support';

// The waiting room (issue 16): staff call a number at /staff/queue and a board (/qtv) in another
// browser context shows it live; the board says when it is cut off and catches up by itself.

const BOARD = '/qtv?display=KLINIKTV26';

// Two browsers and a staff login per test, on a machine that may be busy.
test.describe.configure({ timeout: 120_000 });

/** The staff member's queue console. */
async function queueConsole(staff: Page): Promise<Page> {
  await staff.goto(site('klinik', '/staff/queue'));
  await expect(staff).toHaveURL(site('klinik', '/staff/queue'));
  return staff;
}

/** Issues `count` A tickets from the console, so that many people wait for the calls that follow. */
async function issueTickets(staff: Page, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const issued = staff.locator('[data-issued]');
    const before = (await issued.count()) ? await issued.getAttribute('data-issued') : null;
    await staff.getByRole('button', { name: 'New A ticket' }).click();
    await expect(issued).toHaveAttribute('data-issued', /^A\d{3}$/);
    await expect(issued).not.toHaveAttribute('data-issued', before ?? '');
  }
}

/** Presses "Call next" at Counter 2 and answers the number the console says it called. */
async function callAtCounter2(staff: Page): Promise<string> {
  const notice = staff.locator('[data-notice]');
  const before = (await notice.count()) ? await notice.textContent() : '';
  const point = staff.locator('section[data-point]', { has: staff.getByRole('heading', { name: /^Counter 2/ }) });
  await point.getByRole('button', { name: 'Call next' }).click();
  // The page after the post (the console swaps pages in place): a new notice naming the call.
  await expect(notice).not.toHaveText(before ?? '');
  await expect(notice).toContainText('called');
  return (await notice.textContent())?.match(/[A-Z]\d{3}/)?.[0] ?? '';
}

/** The board on a TV-sized screen in a browser of its own, hydrated and listening live. */
async function openBoard(browser: Browser, path = BOARD): Promise<{ board: Page; boardContext: BrowserContext }> {
  const boardContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const board = await boardContext.newPage();
  await board.goto(site('klinik', path));
  await hydrated(board);
  await expect(board.locator('[data-qtv]')).toHaveAttribute('data-realtime', 'open', { timeout: 10_000 });
  return { board, boardContext };
}

// These calls all go to Counter 2 and each reads the board's latest call: one after another, in one worker.
test.describe('calls at Counter 2', () => {
  test.describe.configure({ mode: 'default' });

  test('a call reaches the board live, spoken with the recorded clips; console and board pass axe', async ({
    browser,
    staff,
  }) => {
    await queueConsole(staff);
    await expectAccessible(staff);
    await issueTickets(staff, 3);
    const { board, boardContext } = await openBoard(browser);
    await expectAccessible(board);

    // Sound: one tap; with no browser voice for the language (headless Chromium has none), each call
    // is spoken with the recorded clips.
    const clips: string[] = [];
    board.on('request', (request) => {
      if (request.url().includes('/queue-audio/')) clips.push(new URL(request.url()).pathname);
    });
    await board.getByRole('button', { name: 'Enable sound' }).click();
    await expect(board.getByText('Sound on')).toBeVisible();

    // Call to screen: from pressing the button to the number on the board.
    const delays: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = Date.now();
      const called = callAtCounter2(staff);
      const number = await called;
      await expect(board.locator('[data-latest-call]')).toContainText(number, { timeout: 3_000 });
      delays.push(Date.now() - started);
      await expect(board.locator('[data-point] [data-serving]').filter({ hasText: number })).toHaveCount(1);
    }
    await expect.poll(() => clips).toContain('/queue-audio/en/go-to.ogg');
    expect(clips).toContain('/queue-audio/en/counter.ogg');
    console.log(`queue: call-to-screen (incl. the console's form post) ${delays.map((d) => `${d} ms`).join(', ')}`);
    await boardContext.close();
  });

  test('a board cut off says so within 30 s, keeps the last state, and catches up when back', async ({
    browser,
    staff,
  }) => {
    await queueConsole(staff);
    await issueTickets(staff, 2);
    const { board, boardContext } = await openBoard(browser);
    const shown = await callAtCounter2(staff);
    await expect(board.locator('[data-latest-call]')).toContainText(shown);

    const before = await board.locator('[data-latest-call]').textContent();
    await boardContext.setOffline(true);
    await expect(board.locator('[data-stale-banner]')).toContainText('Connection lost', { timeout: 30_000 });
    await expect(board.locator('[data-latest-call]')).toHaveText(before ?? '');
    const missedWhileOff = await callAtCounter2(staff);
    await boardContext.setOffline(false);
    await expect(board.locator('[data-latest-call]')).toContainText(missedWhileOff, { timeout: 20_000 });
    await expect(board.locator('[data-stale-banner]')).toHaveCount(0, { timeout: 10_000 });
    await expect(board.locator('[data-qtv]')).toHaveAttribute('data-realtime', 'open');
    await boardContext.close();
  });

  test('the board in Malay and Indonesian: headings, the call line, the point names', async ({ page, staff }) => {
    await queueConsole(staff);
    await issueTickets(staff, 1);
    const called = await callAtCounter2(staff);
    for (const [prefix, serving, line] of [
      ['/ms', 'Sedang dilayan', `Nombor ${called}, sila ke Kaunter 2`],
      ['/id', 'Sedang dilayani', `Nomor ${called}, silakan ke Loket 2`],
    ] as const) {
      await page.goto(site('klinik', `${prefix}${BOARD}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(serving);
      await expect(page.locator('[data-latest-call]')).toHaveText(line);
    }
  });
});

test('the kiosk: a visitor takes a number (with a phone for the SMS) and follows it on the ticket page', async ({
  page,
}) => {
  await page.goto(site('klinik', '/queue/kiosk?display=KLINIKTV26'));
  await page.getByLabel('Mobile number (optional)').fill('60123459876');
  await page.getByRole('button', { name: 'Pharmacy' }).click();
  const taken = page.locator('[data-kiosk-ticket]');
  await expect(taken).toHaveAttribute('data-kiosk-ticket', /^P\d{3}$/);
  const ticketNumber = await taken.getAttribute('data-kiosk-ticket');
  await page.getByRole('link', { name: 'Open the ticket page' }).click();
  await expect(page.locator('[data-ticket-number]')).toHaveText(ticketNumber ?? '');
  await expect(page.locator('[data-ahead]')).toBeVisible();
  await expectAccessible(page);
});

test('a wrong or revoked display code opens nothing; the state endpoint refuses it too', async ({ page }) => {
  await page.goto(site('klinik', '/qtv?display=WRONGCODE2'));
  await expect(page.getByRole('alert')).toContainText('not valid');
  expect((await call('klinik.localhost', '/api/qtv/state?display=WRONGCODE2')).status).toBe(403);
});

test('setting up: a duplicate prefix is refused; a new queue and a room calling from it appear on the console and on an open board', async ({
  browser,
  staff,
}) => {
  await queueConsole(staff);
  const { board, boardContext } = await openBoard(browser);
  await staff.getByRole('link', { name: 'Set up queues and service points' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Set up queues');
  const newQueue = staff.locator('[data-setup-queue="new"]');
  await newQueue.getByLabel('Prefix').fill('a');
  await newQueue.getByLabel('Name in English').fill('X-ray');
  await newQueue.getByRole('button', { name: 'Add the queue' }).click();
  await expect(staff.locator('[data-notice="error"]')).toContainText('Another queue already uses this prefix');
  await expect(staff.locator('[data-setup-queue="new"]').getByLabel('Name in English')).toHaveValue('X-ray');
  await staff.locator('[data-setup-queue="new"]').getByLabel('Prefix').fill('X');
  await staff.locator('[data-setup-queue="new"]').getByRole('button', { name: 'Add the queue' }).click();
  await expect(staff.locator('[data-notice="success"]')).toHaveText('Queue saved.');
  const newPoint = staff.locator('[data-setup-point="new"]');
  await newPoint.getByLabel('Kind').selectOption('room');
  await newPoint.getByLabel('Number').fill('9');
  await newPoint.getByLabel('Calls from the queue').selectOption({ label: 'X · X-ray' });
  await newPoint.getByRole('button', { name: 'Add the service point' }).click();
  await expect(staff.locator('[data-setup-point="Room 9"]')).toContainText('X · X-ray');
  await expectAccessible(staff);
  await expect(board.locator('[data-point]').filter({ hasText: 'Room 9' })).toHaveCount(1, { timeout: 5_000 });
  await staff.goto(site('klinik', '/staff/queue'));
  await expect(staff.getByRole('heading', { name: /^Room 9 · X-ray/ })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'New X ticket' })).toBeVisible();
  await boardContext.close();
});

test('the kiosk reads 017… like every phone field, refuses a foreign number for the SMS, and display-code guesses end in 429', async ({
  browser,
}) => {
  // Its own address (TRUST_PROXY=1), so the per-address limits count this test only.
  const address = `198.51.100.${(Date.now() % 200) + 20}`;
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
  const kiosk = await context.newPage();
  await kiosk.goto(site('klinik', '/queue/kiosk?display=KLINIKTV26'));
  await kiosk.getByLabel('Mobile number (optional)').fill('017-234 5678');
  await kiosk.getByRole('button', { name: 'Pharmacy' }).click();
  await expect(kiosk.locator('[data-kiosk-ticket]')).toHaveAttribute('data-kiosk-ticket', /^P\d{3}$/);

  await kiosk.getByRole('link', { name: 'Done', exact: true }).click();
  await kiosk.getByLabel('Mobile number (optional)').fill('+1 202 555 0143');
  const [refused] = await Promise.all([
    kiosk.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/queue/kiosk')),
    kiosk.getByRole('button', { name: 'Pharmacy' }).click(),
  ]);
  expect(refused.status()).toBe(400);
  await expect(kiosk.getByRole('alert')).toContainText('only send SMS to numbers in Malaysia');
  await expect(kiosk.getByLabel('Mobile number (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(kiosk.locator('[data-kiosk-ticket]')).toHaveCount(0);
  await expectAccessible(kiosk);

  // Ten wrong codes from one address, then every code from it is refused for a while.
  const from = { 'X-Forwarded-For': address };
  for (let n = 0; n < 10; n += 1) {
    expect((await call('klinik.localhost', `/api/qtv/state?display=WRONGCODE${n + 2}`, from)).status).toBe(403);
  }
  const limited = await call('klinik.localhost', '/api/qtv/state?display=KLINIKTV26', from);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  const board = await kiosk.goto(site('klinik', BOARD));
  expect(board?.status()).toBe(429);
  await expect(kiosk.getByRole('alert')).toContainText('Too many wrong display codes');
  // Another address with the right code still opens the board.
  expect((await call('klinik.localhost', '/api/qtv/state?display=KLINIKTV26')).status).toBe(200);
  await context.close();
});
