import { describe, expect, it } from 'vitest';
import {
  canPrefetch,
  isPrefetchable,
  linksToPrefetch,
  MAX_PREFETCHES_PER_PAGE,
  PREFETCH_IDLE_TIMEOUT_MS,
} from './prefetch-policy';

const HOME = 'https://klinik.example/';

describe('prefetch policy (SPEC.md §9, issue 11)', () => {
  it('keeps SPEC’s rule: 2 s idle, never on 2g or with data saver', () => {
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('prefetches only links to cached public pages of this site', () => {
    for (const href of [
      '/appointment',
      '/ms/appointment',
      '/id/appointment/category',
      '/appointment/category/dental',
      '/appointment/general-consultation',
      '/appointment?utm_source=fb',
      'https://klinik.example/appointment#top',
    ]) {
      expect(isPrefetchable(href, HOME), href).toBe(true);
    }
    for (const href of [
      '/', // the page itself
      'https://other.example/appointment',
      '/appointment/x/form',
      '/appointment/x/checkout',
      '/appointment/x?reschedule=abc',
      '/appointment?page=2',
      '/appointment/embed',
      '/invoices',
      '/account',
      '/login',
      '/staff',
      '/loyalty/register',
      '/review/klinik',
      '/donation', // no page yet: a 404
      '/locale/ms?next=%2F',
      'mailto:hello@klinik.example',
      'tel:+60312345678',
      'http://[bad',
    ]) {
      expect(isPrefetchable(href, HOME), href).toBe(false);
    }
    expect(isPrefetchable('/', 'https://klinik.example/appointment')).toBe(true);
  });

  it('picks at most a few per page, each once, in the order they came into view', () => {
    const hrefs = [
      '/invoices',
      '/appointment/category/a',
      '/appointment/category/a#x',
      '/appointment/category/b',
      '/appointment/category/c',
      '/appointment/category/d',
      '/appointment/category/e',
    ];
    const first = linksToPrefetch(hrefs, HOME, new Set());
    expect(first).toEqual([
      'https://klinik.example/appointment/category/a',
      'https://klinik.example/appointment/category/b',
      'https://klinik.example/appointment/category/c',
      'https://klinik.example/appointment/category/d',
    ]);
    expect(first).toHaveLength(MAX_PREFETCHES_PER_PAGE);
    // Later in the same page view: the allowance is spent.
    expect(linksToPrefetch(['/appointment/category/e'], HOME, new Set(first))).toEqual([]);
    // Already prefetched ones are not asked again.
    expect(linksToPrefetch(['/appointment/category/a', '/appointment'], HOME, new Set([first[0] as string]))).toEqual([
      'https://klinik.example/appointment',
    ]);
  });
});
