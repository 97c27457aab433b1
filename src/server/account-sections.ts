import type { Db } from '../db/client.server';
import type { Locale } from '../i18n/locales';
import type { Translate } from '../i18n/t';
import type { Currency } from '../lib/money';

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
}

export interface AccountContext {
  db: Db;
  tenant: { id: string; currency: Currency; timeZone: string };
  customerId: string;
  locale: Locale;
  t: Translate;
}

export type AccountSectionLoader = (context: AccountContext) => Promise<AccountSection>;

/** How many items a section shows before "see all". */
export const ACCOUNT_SECTION_ITEMS = 5;

/**
 * The customer's hub: each feature contributes a section, registered by the composition root
 * (src/app.server.ts) in the order they show. server/ knows no feature: it only runs the loaders.
 */
export class AccountSections {
  readonly #loaders = new Map<string, AccountSectionLoader>();

  register(key: string, loader: AccountSectionLoader): void {
    this.#loaders.set(key, loader);
  }

  keys(): string[] {
    return [...this.#loaders.keys()];
  }

  /** Every section for one customer, in registration order (loaded side by side). */
  load(context: AccountContext): Promise<AccountSection[]> {
    return Promise.all([...this.#loaders.values()].map((loader) => loader(context)));
  }
}

/** The process's sections, filled by composeApp(). */
export const accountSections = new AccountSections();
