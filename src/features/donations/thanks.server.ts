import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { formatDate } from '#lib/dates.ts';
import { formatMoney } from '#lib/money.ts';
import { linkToken } from './manage-link.server';
import { campaignPath, planManagePath, receiptPdfPath } from './paths';
import { campaignBrief, findPlan, giftsOfInvoice } from './plan-repo.server';
import { displayReceiptNumber } from './receipt-number';

// Issue 23 (5): the page a donor lands on once their donation invoice is paid (the verify page
// after the gateway, the invoice page itself afterwards) is not a dead end: each gift's receipt,
// a recurring gift's schedule and manage link, the campaign's share links and the way back to it.

export interface ThanksGift {
  campaign: {
    title: string;
    /** The campaign page in the visitor's language (the way back). */
    href: string;
    /** The same page, absolute (what the share links send). */
    shareUrl: string;
  };
  amount: string;
  /** The signed receipt PDF, once issued (in the paid transaction). */
  receipt: { href: string; label: string } | null;
  /** A weekly or monthly gift: its schedule, next date and signed manage link. */
  plan: { summary: string; next: string | null; manageHref: string } | null;
}

/** What the thank-you part of a paid donation invoice shows; empty when it pays no gift. */
export async function donationThanks(
  db: Db,
  input: { tenant: Tenant; invoiceId: string; locale: Locale; t: Translate; origin: string },
): Promise<ThanksGift[]> {
  const { tenant, locale, t, origin } = input;
  const rows = (await giftsOfInvoice(db, tenant.id, input.invoiceId)).filter((row) => row.status === 'paid');
  const money = (minor: number) => formatMoney(minor, tenant.currency);
  const day = (iso: string) => formatDate(new Date(`${iso}T12:00:00Z`), locale, 'UTC');
  const gifts: ThanksGift[] = [];
  for (const row of rows) {
    const [campaign, plan] = await Promise.all([
      campaignBrief(db, tenant.id, row.campaignId),
      row.planId ? findPlan(db, tenant.id, row.planId) : null,
    ]);
    if (!campaign) continue;
    const title = localized(campaign.title, locale) || tenant.name;
    const path = campaignPath(locale, campaign.publicId);
    gifts.push({
      campaign: { title, href: path, shareUrl: new URL(path, origin).href },
      amount: money(row.amountMinor),
      receipt:
        row.receiptId && row.receiptYear !== null && row.receiptNumber !== null
          ? {
              href: receiptPdfPath(locale, linkToken('receipt', tenant.id, row.receiptId)),
              label: t('donation.receipt.download', {
                number: displayReceiptNumber(row.receiptYear, row.receiptNumber),
              }),
            }
          : null,
      plan: plan
        ? {
            summary: t(`donation.plan.summary.${plan.frequency}` as MessageKey, {
              amount: money(plan.amountMinor),
              campaign: title,
              count: plan.count,
            }),
            next:
              plan.nextChargeOn && plan.status === 'active'
                ? t('donation.plan.next', { date: day(plan.nextChargeOn) })
                : null,
            manageHref: planManagePath(locale, linkToken('plan', tenant.id, plan.id)),
          }
        : null,
    });
  }
  return gifts;
}
