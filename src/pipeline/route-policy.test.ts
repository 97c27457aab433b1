import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isCacheablePagePath } from '#lib/cacheable-paths.ts';
import { policyHeaders, routePolicy } from './route-policy';

const search = (query: string) => new URLSearchParams(query);

describe('route policy: pixels and analytics', () => {
  it('run on the public marketing pages', () => {
    for (const path of [
      '/',
      '/appointment',
      '/appointment/category',
      '/appointment/category/dental',
      '/appointment/general-consultation',
      '/donation',
      '/donation/ramadan-2026',
      '/loyalty',
      '/loyalty/gold',
    ]) {
      expect(routePolicy(path).tracking, path).toBe(true);
    }
  });
  it('never run behind a secret link, a login, or on forms, errors and unknown paths', () => {
    for (const path of [
      '/appointment/embed',
      '/appointment/x/form',
      '/appointment/x/checkout',
      '/appointment/x/request',
      '/donation/x/checkout',
      '/donation/x/form',
      '/donation/x/embed-form',
      '/donation/plans/p.token',
      '/donation/receipts/r.token.pdf',
      '/invoices',
      '/invoices/abc/appointment',
      '/invoices/abc/donation',
      '/invoices/abc/verify',
      '/invoices/abc/donation/verify',
      '/invoices/abc/pdf',
      '/pay/sandbox/abc',
      '/account',
      '/login',
      '/staff',
      '/staff/login',
      '/staff/invite/token',
      '/staff/team',
      '/dev/fields',
      '/404',
      '/500',
      '/loyalty/register',
      '/loyalty/gold/rewards',
      '/review/abc',
      '/no-such-page',
    ]) {
      expect(routePolicy(path).tracking, path).toBe(false);
    }
  });
  it("treat a donor's plan and receipt links as secret links of the donations offer", () => {
    for (const path of ['/donation/plans/p.abc.def', '/donation/receipts/r.abc.def.pdf']) {
      expect(routePolicy(path), path).toMatchObject({
        robots: 'noindex',
        tracking: false,
        referrer: 'no-referrer',
        personal: true,
        offer: 'donations',
      });
    }
    expect(routePolicy('/donation/plans/p.abc.def').cache).toBe('private-no-store');
    expect(routePolicy('/donation/plans/p.abc.def').family).toBe('donation-plan');
  });
  it('treat a service page opened to move a booking as the secret link it is', () => {
    const moving = routePolicy('/appointment/general-consultation', search('reschedule=abc'));
    expect(moving).toMatchObject({ tracking: false, cache: 'private-no-store', referrer: 'no-referrer' });
    expect(routePolicy('/appointment/general-consultation', search('taken=1')).cache).toBe('private-no-store');
    expect(routePolicy('/appointment/general-consultation', search('utm_source=x')).tracking).toBe(true);
  });
});

describe('route policy: caching, robots, referrer', () => {
  it('keeps personal pages out of every cache and index, and their URL out of referrers', () => {
    for (const path of ['/invoices/abc/appointment', '/invoices/abc/verify', '/pay/sandbox/abc', '/staff/invite/t']) {
      expect(routePolicy(path), path).toMatchObject({
        cache: 'private-no-store',
        robots: 'noindex',
        referrer: 'no-referrer',
        personal: true,
      });
    }
    expect(routePolicy('/appointment/x/checkout', search('booking=abc'))).toMatchObject({
      cache: 'private-no-store',
      referrer: 'no-referrer',
    });
    for (const path of ['/account', '/invoices', '/staff/appointments', '/login', '/appointment/x/form']) {
      expect(routePolicy(path), path).toMatchObject({ cache: 'private-no-store', robots: 'noindex' });
    }
  });
  it('lets shared caches keep marketing pages for a minute', () => {
    expect(routePolicy('/').cache).toBe('public-home');
    expect(routePolicy('/appointment').cache).toBe('public-page');
    expect(routePolicy('/appointment/').cache).toBe('public-page');
    expect(routePolicy('/appointment/embed').cache).toBe('revalidate');
  });
  it('keeps the availability feed revalidated every time, its 304 too; its errors are private', () => {
    const feed = routePolicy('/api/appointments/3f1c/availability');
    expect(feed).toMatchObject({ family: 'availability-feed', cache: 'revalidate', offer: 'appointments' });
    expect(policyHeaders(feed, { status: 200, secure: false })['Cache-Control']).toBe('no-cache');
    expect(policyHeaders(feed, { status: 304, secure: false })['Cache-Control']).toBe('no-cache');
    expect(policyHeaders(feed, { status: 400, secure: false })['Cache-Control']).toBe('private, no-store');
    expect(routePolicy('/api/appointments/3f1c/other').cache).toBe('handler');
  });
  it('leaves endpoints and files to set their own caching', () => {
    for (const path of [
      '/api/shipping/postcodes',
      '/embed.js',
      '/flags/my.svg',
      '/domain_verifications',
      '/locale/ms',
    ]) {
      expect(routePolicy(path).cache, path).toBe('handler');
    }
  });
  it('gives the headers; a 200 only may be shared, any error or redirect is private', () => {
    expect(policyHeaders(routePolicy('/'), { status: 200, secure: false })).toEqual({
      'Cache-Control': 'public, max-age=60, stale-while-revalidate=600',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(policyHeaders(routePolicy('/invoices/x/appointment'), { status: 200, secure: false })).toEqual({
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
      'Referrer-Policy': 'no-referrer',
    });
    expect(policyHeaders(routePolicy('/appointment/nope'), { status: 404, secure: false })).toMatchObject({
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    });
    expect(policyHeaders(routePolicy('/no-such-page'), { status: 404, secure: false })['Cache-Control']).toBe(
      'private, no-store',
    );
    expect(policyHeaders(routePolicy('/api/x'), { status: 200, secure: false })['Cache-Control']).toBeUndefined();
  });
  it('sends HSTS only over https', () => {
    expect(policyHeaders(routePolicy('/'), { status: 200, secure: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000',
    );
    expect(
      policyHeaders(routePolicy('/'), { status: 200, secure: false })['Strict-Transport-Security'],
    ).toBeUndefined();
    expect(policyHeaders(routePolicy('/api/x'), { status: 200, secure: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000',
    );
  });
});

describe('route policy: access and framing', () => {
  it('says who may open what (SPEC.md §6)', () => {
    expect(routePolicy('/invoices').access).toBe('customer');
    expect(routePolicy('/invoices/abc/appointment').access).toBe('public');
    expect(routePolicy('/api/account/contact/code').access).toBe('customer');
    expect(routePolicy('/staff/login').access).toBe('public');
    expect(routePolicy('/staff/invite/abc').access).toBe('public');
    expect(routePolicy('/staff/team').access).toBe('owner');
    expect(routePolicy('/api/staff/team/invite').access).toBe('owner');
    expect(routePolicy('/staff/payments').access).toBe('staff');
    expect(routePolicy('/api/staff/bookings/x/photo').access).toBe('staff');
  });
  it('lets the embed routes be framed always, booking steps when opened from the embed', () => {
    expect(routePolicy('/appointment/embed').embeddable).toBe('always');
    expect(routePolicy('/donation/x/embed-page').embeddable).toBe('always');
    expect(routePolicy('/appointment/x/checkout').embeddable).toBe('when-framed');
    expect(routePolicy('/invoices/x/appointment').embeddable).toBe('never');
  });
});

/** Every route file under a folder of src/pages, as the unprefixed path it answers (params as `x`). */
function routesUnder(folder: string): string[] {
  const pages = fileURLToPath(new URL('../pages/', import.meta.url));
  return readdirSync(join(pages, folder), { recursive: true })
    .map(String)
    .filter((file) => /\.(astro|ts)$/.test(file) && !file.split(sep).some((part) => part.startsWith('_')))
    .map((file) => {
      const route = `/${folder}/${file.split(sep).join('/')}`
        .replace(/\.(astro|ts)$/, '')
        .replace(/\[(\.\.\.)?[^\]]+\]/g, 'x')
        .replace(/\/index$/, '');
      return route;
    });
}

describe('route policy: offers and developer aids', () => {
  it('every appointment page and booking endpoint needs the appointments offer', () => {
    const routes = [...routesUnder('appointment'), ...routesUnder('api/bookings'), ...routesUnder('api/appointments')];
    expect(routes).toContain('/appointment/x/calendar.ics');
    expect(routes).toContain('/api/bookings/x/cancel');
    for (const path of routes) {
      for (const query of ['', 'reschedule=x', 'taken=1', 'booking=x', 'embed=1']) {
        expect(routePolicy(path, search(query)).offer, `${path}?${query}`).toBe('appointments');
      }
    }
    // Unknown steps of the offer are the offer's too: a tenant without it has no /appointment at all.
    expect(routePolicy('/appointment/x/y/z').offer).toBe('appointments');
  });
  it('the embedded donation form may be framed but is never stored by a cache (it carries a per-render idempotency key)', () => {
    expect(routePolicy('/donation/x/embed-form')).toMatchObject({ embeddable: 'always', cache: 'private-no-store' });
    expect(routePolicy('/donation/x/embed-page')).toMatchObject({ embeddable: 'always', cache: 'revalidate' });
    expect(routePolicy('/donation/x/form').cache).toBe('private-no-store');
  });
  it('the donation, loyalty and review families need their offers', () => {
    for (const path of [
      '/donation',
      '/donation/x',
      '/donation/x/form',
      '/donation/x/checkout',
      '/donation/x/embed-form',
    ]) {
      expect(routePolicy(path).offer, path).toBe('donations');
    }
    expect(routePolicy('/loyalty').offer).toBe('loyalty');
    expect(routePolicy('/review/x').offer).toBe('reviews');
    expect(routePolicy('/staff/reviews/export.csv')).toMatchObject({ offer: 'reviews', access: 'staff' });
  });
  it('every developer aid is a dev route', () => {
    const routes = [...routesUnder('dev'), ...routesUnder('api/dev')];
    expect(routes).toContain('/dev/fingerprint');
    expect(routes).toContain('/api/dev/error');
    for (const path of routes) expect(routePolicy(path).dev, path).toBe(true);
  });
  it('other routes need no offer and are not developer aids', () => {
    for (const path of [
      '/',
      '/invoices',
      '/invoices/x/appointment',
      '/account',
      '/staff',
      '/api/staff/bookings/x/photo',
    ]) {
      expect(routePolicy(path).offer, path).toBeUndefined();
      expect(routePolicy(path).dev, path).toBeUndefined();
    }
  });
});

describe('route policy: the page cache', () => {
  const cacheable = [
    '/',
    '/appointment',
    '/appointment/category',
    '/appointment/category/dental',
    '/appointment/general-consultation',
  ];
  it('keeps only public pages the same for every visitor', () => {
    for (const path of cacheable) {
      const policy = routePolicy(path);
      expect(policy.pageCache, path).toBeDefined();
      expect(policy.access, path).toBe('public');
      expect(policy.personal, path).toBe(false);
      expect(policy.cache, path).not.toBe('private-no-store');
      expect(policy.pageCache?.ttlSeconds, path).toBeGreaterThan(0);
      expect(policy.pageCache?.ttlSeconds, path).toBeLessThanOrEqual(60);
    }
  });
  it('keeps the review page of an organisation, a branch or a practitioner: the same form for all (issue 25)', () => {
    for (const path of ['/review/dr-aina', '/review/klinik', '/review/clinic', '/review/x/clinic']) {
      const policy = routePolicy(path, search(''));
      expect(policy.pageCache?.ttlSeconds, path).toBe(60);
      expect(policy.personal, path).toBe(false);
      expect(policy.tracking, path).toBe(false);
      expect(policy.offer, path).toBe('reviews');
    }
    expect(routePolicy('/review/clinic', search('i=abc'))).toMatchObject({ personal: true, referrer: 'no-referrer' });
  });
  it('never keeps personal pages, forms, embeds, endpoints or one visitor’s variant', () => {
    for (const [path, query] of [
      ['/appointment/x/checkout', ''],
      ['/appointment/x/form', ''],
      ['/appointment/x/request', ''],
      ['/appointment/x', 'reschedule=abc'],
      ['/appointment/x', 'taken=1'],
      ['/appointment/embed', ''],
      ['/invoices', ''],
      ['/invoices/x/appointment', ''],
      ['/account', ''],
      ['/login', ''],
      ['/staff', ''],
      ['/staff/embed', ''],
      ['/api/bookings', ''],
      ['/404', ''],
      ['/somewhere-unlisted', ''],
      ['/loyalty/register', ''],
      // An invitation's link, and the steps after a review, belong to one visit.
      ['/review/x', 'i=abc'],
      ['/review/clinic', 'i=abc'],
      ['/review/x/clinic', 't=abc'],
      ['/review/thankyou', 'r=2'],
      ['/review/feedback', ''],
      ['/review/x/feedback', ''],
      ['/review/x/redirect', ''],
      ['/review/unsubscribe', 'i=abc'],
    ] as const) {
      const policy = routePolicy(path, search(query));
      expect(policy.pageCache, `${path}?${query}`).toBeUndefined();
    }
  });
  it('what the browser may prefetch is a page the cache keeps, and one that exists', () => {
    for (const path of [...cacheable, '/ms/', '/appointment/']) {
      const unprefixed = path === '/ms/' ? '/' : path;
      expect(isCacheablePagePath(unprefixed), path).toBe(true);
    }
    for (const path of [
      '/appointment/embed',
      '/appointment/x/form',
      '/appointment/x/checkout',
      '/invoices',
      '/account',
      '/staff',
      '/loyalty/register',
      '/review/klinik',
      // Cacheable in the table, but no page yet: a prefetch would be a 404.
      '/donation',
      '/loyalty/gold/rewards',
    ]) {
      expect(isCacheablePagePath(path), path).toBe(false);
    }
    // Every path the browser list accepts, the table keeps.
    for (const path of ['/appointment/category/x', '/appointment/some-service', '/', '/loyalty', '/loyalty/gold']) {
      expect(isCacheablePagePath(path) && routePolicy(path).pageCache !== undefined, path).toBe(true);
    }
  });
});
