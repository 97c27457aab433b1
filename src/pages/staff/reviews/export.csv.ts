import type { APIRoute } from 'astro';
import { reviewFilterOf, staffReviews } from '#features/reviews/index.server.ts';
import { toCsv } from '#lib/csv.ts';

/** `GET /staff/reviews/export.csv?{filters}`: the list as CSV (the same filters; up to 10,000 rows). */
export const GET: APIRoute = async ({ url, locals }) => {
  const { tenant, t } = locals;
  const rows = await staffReviews(locals.db, tenant.id, reviewFilterOf(url.searchParams, tenant.timeZone), 10_000);
  const csv = toCsv(
    [
      'created_at',
      'kind',
      'rating',
      'status',
      'verified',
      'practitioner',
      'author',
      'may_contact',
      'may_publish',
      'replied_at',
      'comment',
    ],
    rows.map((r) => [
      r.createdAt.toISOString(),
      t(`review.staff.kind.${r.kind}`),
      r.rating ?? '',
      t(`review.staff.status.${r.status}`),
      r.bookingId !== null,
      r.resourceName ?? r.linkName ?? '',
      r.authorName ?? '',
      r.contactConsent,
      r.mayPublish,
      r.repliedAt?.toISOString() ?? '',
      r.comment,
    ]),
  );
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="reviews-${new Date().toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
