import type { APIRoute } from 'astro';
import { majorAmount } from '#features/donations/index.ts';
import { staffFundraisers } from '#features/fundraisers/index.server.ts';
import { localized } from '#i18n/locales.ts';
import { toCsv } from '#lib/csv.ts';

/** `GET /staff/fundraisers/fundraisers.csv?status=`: every fundraiser page with its totals, for staff. */
export const GET: APIRoute = async ({ url, locals }) => {
  const { tenant, locale } = locals;
  const param = url.searchParams.get('status');
  const status =
    param === 'pending' || param === 'live' || param === 'hidden' || param === 'closed' ? param : undefined;
  const rows = await staffFundraisers(locals.db, tenant.id, status ? { status } : {});
  const amount = (minor: number | null) => (minor === null ? '' : majorAmount(minor, tenant.currency.exponent));
  const header = [
    'campaign',
    'slug',
    'title',
    'name',
    'team',
    'status',
    'verification',
    'raised',
    'donors',
    'goal',
    'currency',
    'email',
    'phone',
    'open_reports',
    'created_at',
  ];
  const csv = toCsv(
    header,
    rows.map((r) => [
      localized(r.campaignTitle, locale),
      r.slug,
      r.title,
      r.displayName,
      r.teamName ?? '',
      r.status,
      r.verification,
      amount(r.raisedMinor),
      r.donorCount,
      amount(r.goalMinor),
      tenant.currency.code,
      r.ownerEmail ?? '',
      r.ownerPhone ? `+${r.ownerPhone}` : '',
      r.reports,
      r.createdAt.toISOString(),
    ]),
  );
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="fundraisers-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
