import { describe, expect, it } from 'vitest';
import type { DateLocale } from './dates';
import { relativeTime } from './relative-time';

const NOW = Date.UTC(2026, 10, 22, 4, 0); // 22 Nov 2026, 12:00 in Kuala Lumpur
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

const ago = (ms: number, locale: DateLocale) => relativeTime(NOW - ms, NOW, locale, 'Asia/Kuala_Lumpur');
const ahead = (ms: number, locale: DateLocale) => relativeTime(NOW + ms, NOW, locale, 'Asia/Kuala_Lumpur');

// [offset, en, ms, id] — each unit at its lower and upper boundary.
const PAST: [number, string, string, string][] = [
  [0, '0 seconds ago', '0 saat lalu', '0 detik yang lalu'],
  [1 * S, '1 second ago', '1 saat lalu', '1 detik yang lalu'],
  [59 * S + 999, '59 seconds ago', '59 saat lalu', '59 detik yang lalu'],
  [60 * S, '1 minute ago', '1 minit lalu', '1 menit yang lalu'],
  [3 * M, '3 minutes ago', '3 minit lalu', '3 menit yang lalu'],
  [59 * M + 59 * S, '59 minutes ago', '59 minit lalu', '59 menit yang lalu'],
  [60 * M, '1 hour ago', '1 jam lalu', '1 jam yang lalu'],
  [23 * H + 59 * M, '23 hours ago', '23 jam lalu', '23 jam yang lalu'],
  [24 * H, '1 day ago', '1 hari lalu', '1 hari yang lalu'],
  [6 * D + 23 * H, '6 days ago', '6 hari lalu', '6 hari yang lalu'],
  [7 * D, '1 week ago', '1 minggu lalu', '1 minggu yang lalu'],
  [13 * D, '1 week ago', '1 minggu lalu', '1 minggu yang lalu'],
  [14 * D, '2 weeks ago', '2 minggu lalu', '2 minggu yang lalu'],
  [29 * D + 23 * H, '4 weeks ago', '4 minggu lalu', '4 minggu yang lalu'],
  [30 * D, '1 month ago', '1 bulan lalu', '1 bulan yang lalu'],
  [59 * D, '1 month ago', '1 bulan lalu', '1 bulan yang lalu'],
  [60 * D, '2 months ago', '2 bulan lalu', '2 bulan yang lalu'],
  [364 * D + 23 * H, '12 months ago', '12 bulan lalu', '12 bulan yang lalu'],
  // 365 days before 22 Nov 2026 12:00 KL
  [365 * D, '22 Nov 2025', '22 Nov 2025', '22 Nov 2025'],
  [2 * 365 * D + 100 * D, '14 Aug 2024', '14 Ogo 2024', '14 Agt 2024'],
];

describe('relativeTime (past)', () => {
  it.each(PAST)('%d ms ago', (offset, en, ms, id) => {
    expect(ago(offset, 'en')).toBe(en);
    expect(ago(offset, 'ms')).toBe(ms);
    expect(ago(offset, 'id')).toBe(id);
  });
});

describe('relativeTime (future)', () => {
  it('says "in …" for future dates', () => {
    expect(ahead(3 * H, 'en')).toBe('in 3 hours');
    expect(ahead(3 * H, 'ms')).toBe('dalam 3 jam');
    expect(ahead(3 * H, 'id')).toBe('dalam 3 jam');
    expect(ahead(59 * S, 'en')).toBe('in 59 seconds');
    expect(ahead(10 * D, 'en')).toBe('in 1 week');
    expect(ahead(45 * D, 'ms')).toBe('dalam 1 bulan');
    expect(ahead(365 * D, 'id')).toBe('22 Nov 2027');
  });
});

describe('relativeTime inputs', () => {
  it('accepts Date objects', () => {
    expect(relativeTime(new Date(NOW - 3 * M), new Date(NOW), 'en')).toBe('3 minutes ago');
  });

  it('returns empty for invalid dates', () => {
    expect(relativeTime(Number.NaN, NOW, 'en')).toBe('');
    expect(relativeTime(new Date('nope'), NOW, 'en')).toBe('');
  });
});
