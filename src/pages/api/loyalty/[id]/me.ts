import type { APIRoute } from 'astro';
import { memberPanel, programmeByPublicIdActive } from '#features/loyalty/index.server.ts';
import { parseUuid } from '#lib/input.ts';
import { json } from '#server/http.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * `GET /api/loyalty/{id}/me`: the member part of a programme page for whoever is logged in —
 * balance, tier, points expiring soon, a page of the history (`?before={entry id}`: the page
 * after that entry, whose id the answer's `next` gives), worded in the visitor's language — or
 * `member: false` for a visitor (the cached page is the same for everyone).
 */
export const GET: APIRoute = async ({ params, locals, url }) => {
  const cursor = url.searchParams.get('before');
  const before = cursor === null ? null : parseUuid(cursor);
  if (cursor !== null && !before)
    return json({ error: locals.t('error.badInput') }, { status: 400, headers: NO_STORE });
  const programme = await programmeByPublicIdActive(locals.db, locals.tenant.id, params.id ?? '');
  if (!programme) return json({ error: locals.t('error.notFound.message') }, { status: 404, headers: NO_STORE });
  const panel = await memberPanel(locals.db, {
    tenant: locals.tenant,
    programme,
    customerId: locals.user?.id ?? null,
    locale: locals.locale,
    t: locals.t,
    before,
  });
  return json(panel, { headers: NO_STORE });
};
