import type { Db } from '#db/client.server.ts';
import { isLocale, localized } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';
import { formatMoney } from '#lib/money.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { enqueueMessage } from '#server/outbox/index.ts';
import { receiptChannel } from './donor-channels';
import { absoluteLinks } from './manage-link.server';
import { campaignBrief, type DonationRow } from './plan-repo.server';
import { deductibleReceipt, displayReceiptNumber } from './receipt-number';
import {
  fundraiserNameOf,
  insertReceipt,
  nextReceiptNumber,
  type ReceiptIssuer,
  type ReceiptRow,
  receiptIssuer,
  receiptOfDonation,
} from './receipt-repo.server';

/**
 * The receipt of one paid gift, in the transaction that marks it paid: numbered in the tenant's
 * sequence for the year the money cleared (the tenant's calendar day of `paidAt`), with the
 * approval reference and the donor's identity number where the gift is tax-deductible (LHDN
 * s.44(6)), and the fee part kept apart. One per gift: a second call returns the first receipt.
 * The donor gets it once, by the channel they gave (`receiptChannel`): by e-mail with its PDF link
 * and, for a plan, the manage link; a donor who gave only a phone by SMS with the same signed links.
 */
export async function issueReceipt(
  tx: Db,
  tenantId: string,
  donation: DonationRow,
  paidAt: Date,
): Promise<ReceiptRow | null> {
  const existing = await receiptOfDonation(tx, tenantId, donation.id);
  if (existing) return existing;
  // One read for the tenant and its receipt settings (the settlement's transaction is hot).
  const issuer = await receiptIssuer(tx, tenantId);
  if (!issuer) return null;
  const { tenant, settings } = issuer;
  const issuedOn = zonedDate(paidAt, settings.timeZone);
  const year = Number(issuedOn.slice(0, 4));
  const deductible = deductibleReceipt(settings, donation);
  const receipt = await insertReceipt(tx, {
    tenantId,
    year,
    number: await nextReceiptNumber(tx, tenantId, year),
    donationId: donation.id,
    issuedOn,
    amountMinor: donation.amountMinor,
    feeMinor: donation.feeMinor,
    donorName: donation.donorName ?? '',
    taxId: deductible ? donation.taxId : null,
    approvalRef: deductible ? settings.taxExemptRef : null,
  });
  await sendReceipt(tx, tenant, donation, receipt);
  return receipt;
}

async function sendReceipt(
  tx: Db,
  tenant: ReceiptIssuer['tenant'],
  donation: DonationRow,
  receipt: ReceiptRow,
): Promise<void> {
  const to = receiptChannel(donation);
  if (!to) return;
  const locale = isLocale(donation.locale) ? donation.locale : 'en';
  const campaign = await campaignBrief(tx, tenant.id, donation.campaignId);
  const links = absoluteLinks(tenant, locale);
  const money = (minor: number) => formatMoney(minor, tenant.currency);
  const campaignTitle = localized(campaign?.title ?? {}, locale) || tenant.name;
  // Issue 13: a gift through a fundraiser's page names them on its receipt.
  const through = donation.fundraiserId ? await fundraiserNameOf(tx, tenant.id, donation.fundraiserId) : null;
  await enqueueMessage(tx, {
    tenantId: tenant.id,
    channel: to.channel,
    destination: to.destination,
    locale,
    template: to.channel === 'email' ? 'donation-receipt' : 'donation-receipt-sms',
    payload: {
      organisation: tenant.name,
      name: donation.anonymous ? '' : (donation.donorName ?? ''),
      number: displayReceiptNumber(receipt.year, receipt.number),
      campaign: through
        ? translator(locale)('fundraiser.receiptThrough', { campaign: campaignTitle, name: through })
        : campaignTitle,
      amount: money(receipt.amountMinor),
      fee: receipt.feeMinor > 0 ? money(receipt.feeMinor) : '',
      pdfLink: links.receipt(receipt.id),
      ...(donation.planId ? { manageLink: links.plan(donation.planId) } : {}),
    },
  });
}
