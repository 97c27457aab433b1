import { localized } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { formatDate } from '#lib/dates.ts';
import { formatMoney } from '#lib/money.ts';
import { ACCOUNT_SECTION_ITEMS, type AccountSectionLoader } from '#server/account-sections.ts';
import { linkToken } from './manage-link.server';
import { donationLandingPath, planManagePath, receiptPdfPath } from './paths';
import { customerGifts, customerPlans } from './plan-repo.server';

/**
 * "Your donations" on the customer's account page: their recurring gifts first (each to its manage
 * page), then their latest paid gifts (each to its receipt).
 */
export const donationsSection: AccountSectionLoader = async ({ db, tenant, customerId, locale, t }) => {
  const [plans, gifts] = await Promise.all([
    customerPlans(db, tenant.id, customerId, ACCOUNT_SECTION_ITEMS),
    customerGifts(db, tenant.id, customerId, ACCOUNT_SECTION_ITEMS),
  ]);
  const money = (minor: number) => formatMoney(minor, tenant.currency);
  const planItems = plans.map(({ plan, campaignTitle }) => ({
    title: `${t('donation.plan.accountPlan')}: ${localized(campaignTitle, locale)}`,
    detail: t(`donation.plan.summary.${plan.frequency}` as MessageKey, {
      amount: money(plan.amountMinor),
      campaign: localized(campaignTitle, locale),
      count: plan.count,
    }),
    href: planManagePath(locale, linkToken('plan', tenant.id, plan.id)),
    status: t(`donation.plan.status.${plan.status}` as MessageKey),
  }));
  const giftItems = gifts.map(({ donation, campaignTitle, receiptId }) => {
    return {
      title: `${t('donation.plan.accountGift')}: ${localized(campaignTitle, locale)}`,
      detail: [money(donation.amountMinor), donation.paidAt ? formatDate(donation.paidAt, locale, tenant.timeZone) : '']
        .filter(Boolean)
        .join(' · '),
      href: receiptId
        ? receiptPdfPath(locale, linkToken('receipt', tenant.id, receiptId))
        : donationLandingPath(locale),
      status: t(`donation.plan.instalment.${donation.status === 'paid' ? 'paid' : 'skipped'}` as MessageKey),
    };
  });
  return {
    key: 'donations',
    title: t('donation.plan.accountTitle'),
    empty: t('donation.plan.accountEmpty'),
    items: [...planItems, ...giftItems],
  };
};
