import type { APIRoute } from 'astro';
import {
  DonationFilterQuery,
  donationFilterOf,
  majorAmount,
  staffDonations,
} from '#features/donations/index.server.ts';
import { localized } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { toCsv } from '#lib/csv.ts';
import { badRequest } from '#server/http.ts';

/**
 * `GET /staff/donations/gifts.csv?{filters}`: the donations list as CSV for staff (the same
 * filters as the page; up to 10,000 rows). Tax ids are left out (they stay in the database).
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const { tenant, t, locale } = locals;
  const query = DonationFilterQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return badRequest(query.error, t);
  const rows = await staffDonations(locals.db, tenant.id, donationFilterOf(query.data, tenant.timeZone), 10_000);
  const amount = (minor: number) => majorAmount(minor, tenant.currency.exponent);
  const csv = toCsv(
    [
      'reference',
      'created_at',
      'paid_at',
      'campaign',
      'status',
      'amount',
      'fee',
      'currency',
      'donor_name',
      'anonymous',
      'phone',
      'email',
      'offline',
      'recorded_by',
      'plan_instalment',
      'tax_receipt',
      'message',
    ],
    rows.map(({ donation: d, campaignTitle, recordedByName }) => [
      d.publicId,
      d.createdAt.toISOString(),
      d.paidAt?.toISOString() ?? '',
      localized(campaignTitle, locale),
      t(`donation.giftStatus.${d.status}` as MessageKey),
      amount(d.amountMinor),
      amount(d.feeMinor),
      tenant.currency.code,
      d.donorName ?? '',
      d.anonymous,
      d.phone ? `+${d.phone}` : '',
      d.email ?? '',
      d.offline,
      recordedByName ?? '',
      d.instalmentSeq ?? '',
      d.taxReceipt,
      d.message ?? '',
    ]),
  );
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="donations-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
