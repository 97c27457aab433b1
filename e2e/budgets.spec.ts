import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { site } from './support';

/**
 * DESIGN.md §8 budgets, deterministic for a given build: the gzip bytes of every script the page
 * runs from our own origin (files and inline), third-party scripts (pixels, Stripe.js) excluded.
 * Home and landing pages, where visitors from ads arrive, carry no island and get the shell only:
 * ≤ 6 KB (issue 11; the view-transition router loads when the visitor reaches for a link,
 * docs/decisions/0018-page-cache.md). Donation pages ≤ 15 KB before the donor touches the form
 * (issue 12); review pages ≤ 20 KB when they land.
 */
const KB = 1024;
/** A campaign page once its totals are live. */
const LIVE = '[data-campaign-page][data-live-ready]';
/**
 * `ready`: a page that keeps a realtime stream open never reaches "network idle"; it says when it
 * is live by this selector instead (its scripts have all loaded by then).
 */
const budgets: { name: string; slug: string; path: string; limit: number; ready?: string }[] = [
  { name: 'home (clinic)', slug: 'klinik', path: '/', limit: 6 * KB },
  { name: 'home (foundation, Malay)', slug: 'yayasan', path: '/ms/', limit: 6 * KB },
  { name: 'home (Indonesian)', slug: 'peduli', path: '/id/', limit: 6 * KB },
  { name: 'appointment landing', slug: 'klinik', path: '/appointment', limit: 6 * KB },
  { name: 'appointment category', slug: 'klinik', path: '/appointment/category', limit: 6 * KB },
  { name: 'date picker (service page)', slug: 'klinik', path: '/appointment/dental-scaling', limit: 60 * KB },
  {
    name: 'date picker (service page, Malay)',
    slug: 'klinik',
    path: '/ms/appointment/general-consultation',
    limit: 60 * KB,
  },
  { name: 'booking embed list', slug: 'klinik', path: '/appointment/embed', limit: 20 * KB },
  // Donations (issue 12): mostly static pages; the campaign page's only script keeps totals live.
  { name: 'donation landing', slug: 'yayasan', path: '/donation', limit: 15 * KB },
  { name: 'campaign page', slug: 'yayasan', path: '/donation/banjir-kelantan', limit: 15 * KB, ready: LIVE },
  {
    name: 'campaign page (Indonesian)',
    slug: 'peduli',
    path: '/id/donation/air-bersih-ntt',
    limit: 15 * KB,
    ready: LIVE,
  },
  // Loyalty (issue 14): the programme page's one small script fills in the member's part after load; the
  // sign-up and rewards pages are plain HTML forms.
  { name: 'loyalty programme page', slug: 'klinik', path: '/loyalty/sihat-points', limit: 8 * KB },
  { name: 'loyalty sign-up', slug: 'klinik', path: '/ms/loyalty/register', limit: 6 * KB },
  { name: 'loyalty rewards (Indonesian)', slug: 'peduli', path: '/id/loyalty/rewards', limit: 6 * KB },
  {
    name: 'campaign embed page',
    slug: 'yayasan',
    path: '/donation/banjir-kelantan/embed-page',
    limit: 15 * KB,
    ready: LIVE,
  },
  // Reviews (issue 15): plain form posts, no island.
  { name: 'review page', slug: 'klinik', path: '/review/dr-aina', limit: 15 * KB },
  { name: 'review thank-you (Malay)', slug: 'klinik', path: '/ms/review/thankyou?r=2', limit: 15 * KB },
  // Fundraisers (issue 13): the page and the full leaderboard keep their numbers live.
  {
    name: 'fundraiser page',
    slug: 'yayasan',
    path: '/donation/banjir-kelantan/fundraisers/nurul-huda',
    limit: 15 * KB,
    ready: '[data-fundraiser-page][data-live-ready]',
  },
  {
    name: 'fundraisers leaderboard (Malay)',
    slug: 'yayasan',
    path: '/ms/donation/banjir-kelantan/fundraisers',
    limit: 15 * KB,
    ready: '[data-leaderboard-live][data-live-ready]',
  },
];

/** The gzip bytes of JavaScript a page runs from our origin: script files plus inline scripts. */
async function measure(
  page: Page,
  slug: string,
  path: string,
  ready?: string,
): Promise<{ total: number; detail: string }> {
  const origin = new URL(site(slug)).origin;
  const files = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.url().startsWith(origin)) return;
    const body = await response.body().catch(() => null);
    if (body) files.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto(site(slug, path));
  if (ready) {
    await page.waitForLoadState('load');
    await page.locator(ready).waitFor({ state: 'attached' });
  } else {
    await page.waitForLoadState('networkidle');
  }
  const inline = await page
    .locator('script:not([src])')
    .evaluateAll((scripts) =>
      scripts
        .filter((s) => !s.hasAttribute('data-pixel') && (s.getAttribute('type') ?? 'module').match(/module|javascript/))
        .map((s) => s.textContent ?? ''),
    );
  const inlineBytes = inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
  const fileBytes = [...files.values()].reduce((a, b) => a + b, 0);
  const list = [...files].map(([url, size]) => `${new URL(url).pathname} ${size} B`).join(', ');
  return { total: fileBytes + inlineBytes, detail: `files ${fileBytes} B: ${list}; inline ${inlineBytes} B` };
}

function report(name: string, total: number, detail: string) {
  console.log(`[budget] ${name}: ${(total / KB).toFixed(1)} KB gzip (${detail})`);
}

for (const budget of budgets) {
  test(`JavaScript budget: ${budget.name} ≤ ${budget.limit / KB} KB gzip`, async ({ page }) => {
    const { total, detail } = await measure(page, budget.slug, budget.path, budget.ready);
    report(budget.name, total, detail);
    expect(total, `${budget.name} ships ${total} bytes of gzip JavaScript`).toBeLessThanOrEqual(budget.limit);
  });
}

test('JavaScript budget: invoice checkout ≤ 90 KB gzip', async ({ page }) => {
  await page.goto(site('klinik', '/'));
  const invoice = await page.evaluate(async () => {
    const response = await fetch('/dev/invoices', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    return (await response.json()) as { path: string };
  });
  const { total, detail } = await measure(page, 'klinik', invoice.path);
  report('invoice checkout', total, detail);
  expect(total).toBeLessThanOrEqual(90 * KB);
});
