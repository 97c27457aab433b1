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
}

export interface AccountContext {
  db: Db;
  tenant: { id: string; currency: Currency; timeZone: string; offers: Record<string, boolean> };
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
