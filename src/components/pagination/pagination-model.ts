// What a pagination bar shows (SPEC.md §5): nothing for a single page; otherwise first and last
// page, the current page with one neighbour each side, and ellipses for the gaps. The item count
// stays at seven where possible so the bar does not jump around while paging.

export type PaginationItem =
  | { type: 'page'; page: number; current: boolean }
  | { type: 'ellipsis'; key: 'start' | 'end' };

export interface PaginationModel {
  /** The current page, clamped to 1…pageCount. */
  page: number;
  pageCount: number;
  /** Previous and next page, null at the ends. */
  prev: number | null;
  next: number | null;
  items: PaginationItem[];
}

export interface PaginationInput {
  /** 1-based; out-of-range or non-numeric values are clamped. */
  page: number;
  pageSize: number;
  total: number;
}

/** Seven slots: first, ellipsis/page, three around the current, ellipsis/page, last. */
const SLOTS = 7;

export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(pageSize) || total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(Math.floor(total) / Math.floor(Math.max(1, pageSize)));
}

/** The pagination to show, or null when there is at most one page. */
export function paginationModel({ page, pageSize, total }: PaginationInput): PaginationModel | null {
  const count = pageCount(total, pageSize);
  if (count <= 1) return null;
  const current = Math.min(count, Math.max(1, Number.isFinite(page) ? Math.trunc(page) : 1));

  let pages: (number | 'start' | 'end')[];
  if (count <= SLOTS) {
    pages = range(1, count);
  } else if (current <= 4) {
    pages = [...range(1, 5), 'end', count];
  } else if (current >= count - 3) {
    pages = [1, 'start', ...range(count - 4, count)];
  } else {
    pages = [1, 'start', current - 1, current, current + 1, 'end', count];
  }

  return {
    page: current,
    pageCount: count,
    prev: current > 1 ? current - 1 : null,
    next: current < count ? current + 1 : null,
    items: pages.map((p) =>
      typeof p === 'number' ? { type: 'page', page: p, current: p === current } : { type: 'ellipsis', key: p },
    ),
  };
}

// Made once: a pager formats every page number it shows, on every list page rendered.
const pageNumbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Page numbers use comma thousands separators in every language (SPEC.md §5): 1,235. */
export function formatPageNumber(n: number): string {
  return pageNumbers.format(n);
}

/**
 * The link to a page: the same path (pass the one the visitor requested, locale prefix included)
 * with `?page=N` and every other query parameter kept. Page 1 drops the parameter.
 */
export function pageHref(pathname: string, search: string | URLSearchParams, page: number, param = 'page'): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The highest page number a link may ask for (a million pages of anything is not a real list). */
export const MAX_PAGE = 1_000_000;

/**
 * Reads the page from a query parameter strictly: absent or empty → 1; plain digits from 1 to
 * MAX_PAGE → that page; anything else (`1e20`, `-1`, `2.5`, `0x10`, ` 3`) → null, for a 400.
 */
export function parsePage(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 1;
  if (!/^[1-9][0-9]{0,6}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_PAGE ? n : null;
}

/** Reads the page from a query parameter leniently: a page number as parsePage reads it, else 1. */
export function pageFromQuery(value: string | null | undefined): number {
  return parsePage(value) ?? 1;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
