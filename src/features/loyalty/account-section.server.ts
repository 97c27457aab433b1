import { localized } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import type { AccountSectionLoader } from '#server/account-sections.ts';
import { customerBalances } from './loyalty-repo.server';

/** "Your points" on the customer's account page: each programme they belong to, with its balance (one query). */
export const loyaltySection: AccountSectionLoader = async ({ db, tenant, customerId, locale, t }) => {
  const balances = await customerBalances(db, tenant.id, customerId, new Date());
  return {
    key: 'loyalty',
    title: t('loyalty.account.title'),
    empty: t('loyalty.account.empty'),
    items: balances.map((b) => ({
      title: localized(b.name, locale),
      detail: t('loyalty.member.balance', { points: b.balance, count: b.balance }),
      href: localePath(locale, `/loyalty/${b.publicId}`),
      status: t('loyalty.account.member'),
    })),
    more: { href: localePath(locale, '/loyalty'), label: t('loyalty.account.programmes') },
  };
};
