import { pageCount, parsePage } from '#components/pagination/pagination-model.ts';
import type { Db } from '#db/client.server.ts';
import type { Locale } from '#i18n/locales.ts';
import type { Translate } from '#i18n/t.ts';
import type { Currency } from '#lib/money.ts';

/** One line of a section of the customer's account page: what, when or how much, and where to look. */
export interface AccountItem {
  title: string;
  detail: string;
  /** A path in the visitor's language. */
  href: string;
  status: string;
}

/** A section of `/account` (your appointments, your invoices; later your donations, your points). */
export interface AccountSection {
  key: string;
  title: string;
  /** Said when the customer has nothing here yet. */
  empty: string;
  items: AccountItem[];
  /** The full list, when the section shows only the latest few. */
  more?: { href: string; label: string };
  /** A section paged in place (`?<param>=N`, ACCOUNT_SECTION_ITEMS a page): the page bar's numbers. */
  paging?: AccountPaging;
}

export interface AccountPaging {
  param: string;
  page: number;
  pageSize: number;
  /** Everything the section pages through, counted in SQL. */
  total: number;
}

export interface AccountContext {
  db: Db;
  tenant: { id: string; currency: Currency; timeZone: string; offers: Record<string, boolean> };
  customerId: string;
  locale: Locale;
  t: Translate;
  /** The address's query: a paged section reads its page from it (`?donations=3`). */
  query?: URLSearchParams;
}

export type AccountSectionLoader = (context: AccountContext) => Promise<AccountSection>;

/** How many items a section shows before "see all". */
export const ACCOUNT_SECTION_ITEMS = 5;

/**
 * The rows a paged section reads for the address (`?<param>=N`): ACCOUNT_SECTION_ITEMS from the
 * page's offset. A page that is not a number reads page 1 here; accountPageIssue answers it 400.
 */
export function sectionWindow(context: AccountContext, param: string) {
  const page = parsePage(context.query?.get(param)) ?? 1;
  return { param, page, limit: ACCOUNT_SECTION_ITEMS, offset: (page - 1) * ACCOUNT_SECTION_ITEMS };
}

/** The page bar of a section read through sectionWindow, with the count of all its rows. */
export function sectionPaging(window: { param: string; page: number }, total: number): AccountPaging {
  return { param: window.param, page: window.page, pageSize: ACCOUNT_SECTION_ITEMS, total };
}

/**
 * What the account page answers for its paged sections' parameters: 400 when one is not a page
 * number, 404 when one is past its section's last page (page 1 of nothing exists), else null.
 */
export function accountPageIssue(query: URLSearchParams, sections: readonly AccountSection[]): 400 | 404 | null {
  for (const { paging } of sections) {
    if (paging && parsePage(query.get(paging.param)) === null) return 400;
  }
  for (const { paging } of sections) {
    if (paging && paging.page > Math.max(1, pageCount(paging.total, paging.pageSize))) return 404;
  }
  return null;
}

/**
 * The customer's hub: each feature contributes a section, registered by the composition root
 * (src/app.server.ts) in the order they show. server/ knows no feature: it only runs the loaders.
 */
export class AccountSections {
  readonly #loaders = new Map<string, { loader: AccountSectionLoader; offer: string | undefined }>();

  /** `offer`: the section shows only where the tenant offers it (no donations section at a clinic). */
  register(key: string, loader: AccountSectionLoader, options: { offer?: string } = {}): void {
    this.#loaders.set(key, { loader, offer: options.offer });
  }

  keys(): string[] {
    return [...this.#loaders.keys()];
  }

  /** The sections for one customer, in registration order (loaded side by side), of what the tenant offers. */
  load(context: AccountContext): Promise<AccountSection[]> {
    const offered = [...this.#loaders.values()].filter(({ offer }) => !offer || context.tenant.offers[offer]);
    return Promise.all(offered.map(({ loader }) => loader(context)));
  }
}

/** The process's sections, filled by composeApp(). */
export const accountSections = new AccountSections();
