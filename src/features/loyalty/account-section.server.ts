import { localized } from '../../i18n/locales';
import { localePath } from '../../i18n/routing';
import type { AccountSectionLoader } from '../../server/account-sections';
import { lotsOf, membershipsOf, programmesOf } from './loyalty-repo.server';
import { balanceOf } from './loyalty-rules';

/** "Your points" on the customer's account page: each programme they belong to, with its balance. */
export const loyaltySection: AccountSectionLoader = async ({ db, tenant, customerId, locale, t }) => {
  const memberships = await membershipsOf(db, tenant.id, customerId);
  const programmes = await programmesOf(db, tenant.id);
  const now = new Date();
  const items = [];
  for (const member of memberships) {
    const programme = programmes.find((p) => p.id === member.programmeId);
    if (!programme) continue;
    const balance = balanceOf(await lotsOf(db, tenant.id, member.id), member.owed, now);
    items.push({
      title: localized(programme.name, locale),
      detail: t('loyalty.member.balance', { points: balance, count: balance }),
      href: localePath(locale, `/loyalty/${programme.publicId}`),
      status: t('loyalty.account.member'),
    });
  }
  return {
    key: 'loyalty',
    title: t('loyalty.account.title'),
    empty: t('loyalty.account.empty'),
    items,
    ...(items.length === 0 && programmes.length > 0
      ? { more: { href: localePath(locale, '/loyalty/register'), label: t('loyalty.programme.join') } }
      : {}),
  };
};
