import { localized } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { formatDate } from '#lib/dates.ts';
import { formatMoney } from '#lib/money.ts';
import {
  ACCOUNT_SECTION_ITEMS,
  type AccountSectionLoader,
  sectionPaging,
  sectionWindow,
} from '#server/account-sections.ts';
import { linkToken } from './manage-link.server';
import { donationLandingPath, planManagePath, receiptPdfPath } from './paths';
import { countCustomerGifts, customerGifts, customerPlans } from './plan-repo.server';

/**
 * "Your donations" on the customer's account page: their latest recurring gifts first (each to its
 * manage page; on the first page only), then their paid gifts (each to its receipt) in pages
 * (`?donations=N`) read with LIMIT/OFFSET and counted in SQL: 500 gifts cost what 5 do.
 */
export const donationsSection: AccountSectionLoader = async (context) => {
  const { db, tenant, customerId, locale, t } = context;
  const window = sectionWindow(context, 'donations');
  const [plans, gifts, total] = await Promise.all([
    window.page === 1 ? customerPlans(db, tenant.id, customerId, ACCOUNT_SECTION_ITEMS) : Promise.resolve([]),
    customerGifts(db, tenant.id, customerId, window.limit, window.offset),
    countCustomerGifts(db, tenant.id, customerId),
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
    paging: sectionPaging(window, total),
  };
};
