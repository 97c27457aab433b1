import type { APIRoute } from 'astro';
import { ledgerExport, reasonText } from '#features/loyalty/index.server.ts';
import { toCsv } from '#lib/csv.ts';

/** `GET /staff/loyalty/ledger.csv`: the loyalty ledger as CSV for staff (newest first, up to 10,000 rows). */
export const GET: APIRoute = async ({ locals }) => {
  const { tenant, t } = locals;
  const rows = await ledgerExport(locals.db, tenant.id);
  const csv = toCsv(
    ['created_at', 'member', 'phone', 'kind', 'points', 'reason', 'source', 'expires_at'],
    rows.map(({ entry, name, phone }) => [
      entry.createdAt.toISOString(),
      name,
      phone,
      entry.kind,
      entry.points,
      reasonText(entry, t),
      entry.sourceKind === 'lot' ? '' : entry.sourceId,
      entry.expiresAt?.toISOString() ?? '',
    ]),
  );
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="loyalty-ledger.csv"',
    },
  });
};
