import type { APIRoute } from 'astro';
import { type LeaderboardResponse, leaderboardOf } from '#features/fundraisers/index.server.ts';
import { json } from '#server/http.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** A query number within bounds; anything else is the default. */
function bounded(value: string | null, fallback: number, max: number): number {
  return value && /^\d{1,4}$/.test(value) ? Math.min(Number(value), max) : fallback;
}

/**
 * `GET /api/fundraisers/campaigns/{publicId}/leaderboard?offset=&limit=`: a page of the campaign's
 * fundraisers in its ranking order and its teams (what open leaderboards refetch after a gift).
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const offset = bounded(url.searchParams.get('offset'), 0, 10_000);
  const limit = Math.max(1, bounded(url.searchParams.get('limit'), 5, 50));
  const board = await leaderboardOf(locals.db, locals.tenant.id, params.id ?? '', { offset, limit });
  if (!board) return json({ error: locals.t('error.notFound.message') }, { status: 404, headers: NO_STORE });
  const answer = {
    visible: board.visible,
    total: board.total,
    fundraisers: board.fundraisers.map(({ score: _score, ...f }) => f),
    teams: board.teams.map(({ rank, id, name, raisedMinor, members }) => ({ rank, id, name, raisedMinor, members })),
  } satisfies LeaderboardResponse;
  return json(answer, { headers: NO_STORE });
};
