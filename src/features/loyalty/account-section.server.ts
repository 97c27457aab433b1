import { localized } from '#i18n/locales.ts';
import type { AccountSectionLoader } from '#server/account-sections.ts';
import { customerBalances } from './loyalty-repo.server';
import { loyaltyPath, programmePath } from './paths';

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
      href: programmePath(locale, b.publicId),
      status: t('loyalty.account.member'),
    })),
    more: { href: loyaltyPath(locale), label: t('loyalty.account.programmes') },
  };
};
