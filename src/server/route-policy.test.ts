import { describe, expect, it } from 'vitest';
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
