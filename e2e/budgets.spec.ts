import { expect, test } from '@playwright/test';
import { KB, measure, report } from './budget-support';
import { site } from './support';

/**
 * DESIGN.md §8 budgets, deterministic for a given build: the gzip bytes of every script the page
 * runs from our own origin (files and inline), third-party scripts (pixels, Stripe.js) excluded.
 * Home and landing pages, where visitors from ads arrive, carry no island and get the shell only:
 * ≤ 6 KB (issue 11; the view-transition router loads when the visitor reaches for a link,
 * docs/decisions/0018-page-cache.md). Donation pages ≤ 15 KB before the donor touches the form
 * (issue 12); review pages ≤ 20 KB when they land. Pages that need something made first, or a
 * visitor's first keystroke, are in budgets-journeys.spec.ts.
 */
/** A campaign page once its totals are live. */
const LIVE = '[data-campaign-page][data-live-ready]';
interface Budget {
  name: string;
  /** The page file under src/pages: scripts/budget-coverage.test.ts checks every page with an island has a budget. */
  route: string;
  slug: string;
  path: string;
  limit: number;
  /**
   * A page that keeps a realtime stream open never reaches "network idle"; it says when it is live
   * by this selector instead (its scripts have all loaded by then).
   */
  ready?: string;
}
const budgets: Budget[] = [
  { name: 'home (clinic)', route: 'index.astro', slug: 'klinik', path: '/', limit: 6 * KB },
  { name: 'home (foundation, Malay)', route: 'index.astro', slug: 'yayasan', path: '/ms/', limit: 6 * KB },
  { name: 'home (Indonesian)', route: 'index.astro', slug: 'peduli', path: '/id/', limit: 6 * KB },
  {
    name: 'appointment landing',
    route: 'appointment/index.astro',
    slug: 'klinik',
    path: '/appointment',
    limit: 6 * KB,
  },
  {
    name: 'appointment category',
    route: 'appointment/category/[...id].astro',
    slug: 'klinik',
    path: '/appointment/category',
    limit: 6 * KB,
  },
  {
    name: 'date picker (service page)',
    route: 'appointment/[id]/index.astro',
    slug: 'klinik',
    path: '/appointment/dental-scaling',
    limit: 60 * KB,
  },
  {
    name: 'date picker (service page, Malay)',
    route: 'appointment/[id]/index.astro',
    slug: 'klinik',
    path: '/ms/appointment/general-consultation',
    limit: 60 * KB,
  },
  {
    name: 'booking embed list',
    route: 'appointment/embed.astro',
    slug: 'klinik',
    path: '/appointment/embed',
    limit: 20 * KB,
  },
  // Donations (issue 12): mostly static pages; the campaign page's only script keeps totals live.
  { name: 'donation landing', route: 'donation/index.astro', slug: 'yayasan', path: '/donation', limit: 15 * KB },
  {
    name: 'campaign page',
    route: 'donation/[id]/index.astro',
    slug: 'yayasan',
    path: '/donation/banjir-kelantan',
    limit: 15 * KB,
    ready: LIVE,
  },
  {
    name: 'campaign page (Indonesian)',
    route: 'donation/[id]/index.astro',
    slug: 'peduli',
    path: '/id/donation/air-bersih-ntt',
    limit: 15 * KB,
    ready: LIVE,
  },
  // Loyalty (issue 14): the programme page's one small script fills in the member's part after load; the
  // sign-up and rewards pages are plain HTML forms.
  {
    name: 'loyalty programme page',
    route: 'loyalty/[id]/index.astro',
    slug: 'klinik',
    path: '/loyalty/sihat-points',
    limit: 8 * KB,
  },
  {
    name: 'loyalty sign-up',
    route: 'loyalty/register.astro',
    slug: 'klinik',
    path: '/ms/loyalty/register',
    limit: 6 * KB,
  },
  {
    name: 'loyalty rewards (Indonesian)',
    route: 'loyalty/rewards.astro',
    slug: 'peduli',
    path: '/id/loyalty/rewards',
    limit: 6 * KB,
  },
  {
    name: 'campaign embed page',
    route: 'donation/[id]/embed-page.astro',
    slug: 'yayasan',
    path: '/donation/banjir-kelantan/embed-page',
    limit: 15 * KB,
    ready: LIVE,
  },
  // Reviews (issue 15): plain form posts, no island.
  { name: 'review page', route: 'review/[slug].astro', slug: 'klinik', path: '/review/dr-aina', limit: 15 * KB },
  {
    name: 'review thank-you (Malay)',
    route: 'review/thankyou.astro',
    slug: 'klinik',
    path: '/ms/review/thankyou?r=2',
    limit: 15 * KB,
  },
  // Fundraisers (issue 13): the page and the full leaderboard keep their numbers live.
  {
    name: 'fundraiser page',
    route: 'donation/[id]/fundraisers/[slug]/index.astro',
    slug: 'yayasan',
    path: '/donation/banjir-kelantan/fundraisers/nurul-huda',
    limit: 15 * KB,
    ready: '[data-fundraiser-page][data-live-ready]',
  },
  {
    name: 'fundraisers leaderboard (Malay)',
    route: 'donation/[id]/fundraisers/index.astro',
    slug: 'yayasan',
    path: '/ms/donation/banjir-kelantan/fundraisers',
    limit: 15 * KB,
    ready: '[data-leaderboard-live][data-live-ready]',
  },
];

for (const budget of budgets) {
  test(`JavaScript budget: ${budget.name} ≤ ${budget.limit / KB} KB gzip`, async ({ page }) => {
    const measured = await measure(page, budget.slug, budget.path, budget.ready);
    report(budget.name, measured);
    const { total } = measured;
    expect(total, `${budget.name} ships ${total} bytes of gzip JavaScript`).toBeLessThanOrEqual(budget.limit);
  });
}

/**
 * Pictures above the fold (issue 25): what a phone (390 px wide, 2 device pixels per CSS pixel)
 * downloads of our own images before the visitor scrolls. The cards ask for the cover at the width
 * they show it (srcset), lazily below the fold.
 */
for (const { name, slug, path, limit } of [
  { name: 'donation landing', slug: 'yayasan', path: '/donation', limit: 40 * KB },
  { name: 'donation landing (Indonesian)', slug: 'peduli', path: '/id/donation', limit: 40 * KB },
]) {
  test(`image budget: ${name} ≤ ${limit / KB} KB above the fold on a phone`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const origin = new URL(site(slug)).origin;
    const images = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image' || !response.url().startsWith(origin)) return;
      const body = await response.body().catch(() => null);
      if (body) images.set(response.url(), body.length);
    });
    await page.goto(site(slug, path));
    await page.waitForLoadState('networkidle');
    const total = [...images.values()].reduce((a, b) => a + b, 0);
    const detail = [...images].map(([url, size]) => `${new URL(url).pathname}${new URL(url).search} ${size} B`);
    console.log(`[budget] images on ${name}: ${(total / KB).toFixed(1)} KB (${detail.join(', ')})`);
    expect(total, `${name} loads ${total} bytes of images above the fold`).toBeLessThanOrEqual(limit);
    await context.close();
  });
}
