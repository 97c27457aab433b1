import type { APIRoute } from 'astro';
import { campaignTotals } from '#features/donations/index.server.ts';
import { json } from '#server/http.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * `GET /api/donations/campaigns/{publicId}/totals`: a live or ended campaign's raised money,
 * donors and goal (minor units), what its realtime channel sends. The campaign page asks once its
 * subscription is ready, since the cached page may be a minute old.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const totals = await campaignTotals(locals.db, locals.tenant.id, params.id ?? '');
  if (!totals) return json({ error: locals.t('error.notFound.message') }, { status: 404, headers: NO_STORE });
  return json(totals, { headers: NO_STORE });
};
