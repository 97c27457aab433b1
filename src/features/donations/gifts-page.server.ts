// Staff's donations page (`/staff/donations/gifts`). Its posts: refunding a paid gift, and
// recording an offline gift (cash, a transfer seen on the statement), answered as the page's notice
// (as its staffAction handler returns it) and, for the offline form, what it shows again. Its list:
// the gifts the address's filters select, at most a page of them, and their paid total.
import { pageCount, parsePage } from '#components/pagination/pagination-model.ts';
import type { Db } from '#db/client.server.ts';
import { PUBLIC_ID } from '#features/invoices/index.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import type { MessageKey, Translate } from '#i18n/t.ts';
import { formatMoney } from '#lib/money.ts';
import { zonedDate, zonedDayStart } from '#lib/zoned-time.ts';
import { fieldErrors } from '#server/staff-action.ts';
import { DonationFilterQuery, offlineGiftForm } from './campaign.schema';
import {
  donationFilterOf,
  recordOfflineDonation,
  refundDonation,
  staffCampaigns,
  staffDonationSummary,
  staffDonations,
} from './campaigns.server';

type Notice = { ok: boolean; key: MessageKey; values?: Record<string, string | number>; status?: number };

/** The offline gift form: what it shows (today's date when nothing was typed) and its field errors. */
export interface OfflineGiftForm {
  values: Record<string, string>;
  errors: Record<string, string>;
}

export const emptyOfflineGift = (now: Date, timeZone: string): OfflineGiftForm => ({
  values: { received_on: zonedDate(now, timeZone) },
  errors: {},
});

export async function staffGiftsAction(
  db: Db,
  input: { tenant: Tenant; staffId: string; locale: Locale; t: Translate; now: Date; form: Record<string, string> },
): Promise<{ notice: Notice; offline?: OfflineGiftForm }> {
  const { tenant, staffId, locale, t, now, form } = input;
  if (form.action === 'refund') {
    const publicId = form.donation ?? '';
    const result = PUBLIC_ID.test(publicId)
      ? await refundDonation(db, tenant.id, publicId, staffId, now)
      : ({ ok: false, reason: 'not_found' } as const);
    if (result.ok)
      return { notice: { ok: true, key: 'donation.staff.refunded', values: { count: result.donationIds.length } } };
    const status = result.reason === 'not_found' ? (PUBLIC_ID.test(publicId) ? 404 : 400) : 409;
    return { notice: { ok: false, key: `donation.staff.refundError.${result.reason}` as MessageKey, status } };
  }
  if (form.action !== 'offline') return { notice: { ok: false, key: 'error.badForm' } };
  const parsed = offlineGiftForm(tenant.currency).safeParse(form);
  if (!parsed.success) {
    return {
      notice: { ok: false, key: 'donation.staff.fixErrors' },
      offline: { values: form, errors: fieldErrors(parsed.error.issues, t) },
    };
  }
  const g = parsed.data;
  const gift = await recordOfflineDonation(db, tenant, {
    campaignId: g.campaign,
    amountMinor: g.amount,
    donorName: g.donor_name || null,
    anonymous: g.anonymous,
    phone: g.phone,
    email: g.email,
    message: g.message || null,
    taxReceipt: g.tax_receipt,
    taxId: g.tax_id || null,
    locale,
    staffId,
    receivedAt: g.received_on === zonedDate(now, tenant.timeZone) ? now : zonedDayStart(g.received_on, tenant.timeZone),
  });
  if (!gift) {
    return {
      notice: { ok: false, key: 'donation.staff.fixErrors', status: 404 },
      offline: { values: form, errors: { campaign: t('donation.staff.campaignInvalid') } },
    };
  }
  const amount = formatMoney(gift.amountMinor, tenant.currency);
  return {
    notice: { ok: true, key: 'donation.staff.offlineRecorded', values: { amount } },
    offline: emptyOfflineGift(now, tenant.timeZone),
  };
}

/** Rows on the page; the CSV export has them all. */
export const GIFTS_PAGE_ROWS = 50;

/**
 * The gifts page's list: the filter's page of gifts (`?page=N`, 50 a page, newest first), and
 * how many the filter finds with the money of the paid ones, counted in SQL. A page that is not
 * a page number is `badPage`; one past the last, `pastEnd` (the page answers 404).
 */
export async function staffGiftsList(db: Db, tenant: Pick<Tenant, 'id' | 'timeZone'>, search: URLSearchParams) {
  const query = DonationFilterQuery.safeParse(Object.fromEntries(search));
  const filter = donationFilterOf(query.success ? query.data : {}, tenant.timeZone);
  const page = parsePage(search.get('page'));
  const [campaignRows, rows, summary] = await Promise.all([
    staffCampaigns(db, tenant.id),
    staffDonations(db, tenant.id, filter, GIFTS_PAGE_ROWS, ((page ?? 1) - 1) * GIFTS_PAGE_ROWS),
    staffDonationSummary(db, tenant.id, filter),
  ]);
  return {
    filterIssue: query.success ? null : (query.error.issues[0]?.message ?? ''),
    filter: query.success ? query.data : {},
    campaignRows,
    openCampaigns: campaignRows.filter(({ row }) => row.status !== 'draft'),
    rows,
    page: page ?? 1,
    badPage: page === null,
    pastEnd: page !== null && page > Math.max(1, pageCount(summary.count, GIFTS_PAGE_ROWS)),
    count: summary.count,
    total: summary.paidMinor,
  };
}
