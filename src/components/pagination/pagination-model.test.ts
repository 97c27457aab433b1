import { describe, expect, it } from 'vitest';
import {
  formatPageNumber,
  MAX_PAGE,
  pageCount,
  pageFromQuery,
  pageHref,
  paginationModel,
  parsePage,
} from './pagination-model';

/** The items as a compact string: "1 2 [3] … 10". */
function show(page: number, total: number, pageSize = 10): string | null {
  const model = paginationModel({ page, pageSize, total });
  if (!model) return null;
  return model.items
    .map((item) => (item.type === 'ellipsis' ? '…' : item.current ? `[${item.page}]` : String(item.page)))
    .join(' ');
}

describe('paginationModel', () => {
  it('is null when there is at most one page', () => {
    expect(paginationModel({ page: 1, pageSize: 10, total: 0 })).toBeNull();
    expect(paginationModel({ page: 1, pageSize: 10, total: 10 })).toBeNull();
    expect(paginationModel({ page: 3, pageSize: 10, total: 7 })).toBeNull();
    expect(paginationModel({ page: 1, pageSize: 0, total: 100 })).toBeNull();
    expect(paginationModel({ page: 1, pageSize: 10, total: Number.NaN })).toBeNull();
  });

  it('shows every page when there are seven or fewer', () => {
    expect(show(1, 11)).toBe('[1] 2');
    expect(show(4, 70)).toBe('1 2 3 [4] 5 6 7');
  });

  it('puts ellipses around the current page in a long list', () => {
    expect(show(1, 1000)).toBe('[1] 2 3 4 5 … 100');
    expect(show(4, 1000)).toBe('1 2 3 [4] 5 … 100');
    expect(show(5, 1000)).toBe('1 … 4 [5] 6 … 100');
    expect(show(50, 1000)).toBe('1 … 49 [50] 51 … 100');
    expect(show(96, 1000)).toBe('1 … 95 [96] 97 … 100');
    expect(show(97, 1000)).toBe('1 … 96 [97] 98 99 100');
    expect(show(100, 1000)).toBe('1 … 96 97 98 99 [100]');
  });

  it('always shows seven items for long lists', () => {
    for (let page = 1; page <= 30; page++) {
      expect(paginationModel({ page, pageSize: 1, total: 30 })?.items).toHaveLength(7);
    }
  });

  it('gives previous and next, null at the ends', () => {
    expect(paginationModel({ page: 1, pageSize: 10, total: 30 })).toMatchObject({ prev: null, next: 2, pageCount: 3 });
    expect(paginationModel({ page: 2, pageSize: 10, total: 30 })).toMatchObject({ prev: 1, next: 3 });
    expect(paginationModel({ page: 3, pageSize: 10, total: 30 })).toMatchObject({ prev: 2, next: null });
  });

  it('clamps an out-of-range page', () => {
    expect(paginationModel({ page: 99, pageSize: 10, total: 30 })?.page).toBe(3);
    expect(paginationModel({ page: -4, pageSize: 10, total: 30 })?.page).toBe(1);
    expect(paginationModel({ page: Number.NaN, pageSize: 10, total: 30 })?.page).toBe(1);
    expect(paginationModel({ page: 2.7, pageSize: 10, total: 30 })?.page).toBe(2);
  });

  it('counts 1,235 pages for 12,345 items of 10', () => {
    expect(pageCount(12345, 10)).toBe(1235);
    expect(show(1, 12345)).toBe('[1] 2 3 4 5 … 1235');
  });
});

describe('formatPageNumber', () => {
  it('uses comma thousands separators', () => {
    expect(formatPageNumber(1235)).toBe('1,235');
    expect(formatPageNumber(1234567)).toBe('1,234,567');
    expect(formatPageNumber(12)).toBe('12');
  });
});

describe('pageHref', () => {
  it('sets ?page= and keeps other parameters and the path', () => {
    expect(pageHref('/ms/donation', '?q=zakat&sort=new', 3)).toBe('/ms/donation?q=zakat&sort=new&page=3');
    expect(pageHref('/invoices', '?page=2&q=a', 5)).toBe('/invoices?page=5&q=a');
  });

  it('drops the parameter for page 1', () => {
    expect(pageHref('/invoices', '?page=4&q=a', 1)).toBe('/invoices?q=a');
    expect(pageHref('/invoices', '?page=4', 1)).toBe('/invoices');
  });

  it('escapes values', () => {
    expect(pageHref('/x', new URLSearchParams({ q: 'a&b=c' }), 2)).toBe('/x?q=a%26b%3Dc&page=2');
  });
});

describe('pageFromQuery', () => {
  it('reads a positive integer, else 1', () => {
    expect(pageFromQuery('7')).toBe(7);
    expect(pageFromQuery(null)).toBe(1);
    expect(pageFromQuery('0')).toBe(1);
    expect(pageFromQuery('-2')).toBe(1);
    expect(pageFromQuery('2.5')).toBe(1);
    expect(pageFromQuery('abc')).toBe(1);
    // Integers in disguise are not page numbers (1e20 used to reach the database as an OFFSET).
    expect(pageFromQuery('1e20')).toBe(1);
  });
});

describe('parsePage', () => {
  it('reads plain page numbers, and absent as page 1', () => {
    expect(parsePage('7')).toBe(7);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('')).toBe(1);
    expect(parsePage(String(MAX_PAGE))).toBe(MAX_PAGE);
  });
  it('refuses anything else (null: the page answers 400)', () => {
    for (const bad of [
      '1e20',
      '1e3',
      '0',
      '-1',
      '2.5',
      '0x10',
      ' 3',
      '3 ',
      '+3',
      '007',
      'abc',
      String(MAX_PAGE + 1),
      '99999999999',
    ]) {
      expect(parsePage(bad), bad).toBeNull();
    }
  });
});
