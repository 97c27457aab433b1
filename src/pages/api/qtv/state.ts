import type { APIRoute } from 'astro';
import type * as z from 'zod/mini';
import { boardState, findDisplay, parsePointFilter } from '../../../features/queue';
import type { BoardStateResponse } from '../../../features/queue/queue-api.schema';
import { json } from '../../../server/http';

/** `GET /api/qtv/state?display=<code>&points=<ids>`: the board's full state, for a live display code only. */
export const GET: APIRoute = async ({ url, locals }) => {
  const { tenant, t, locale } = locals;
  const display = await findDisplay(locals.db, tenant.id, url.searchParams.get('display'));
  if (!display)
    return json({ error: t('queue.board.badCode') }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
  const state = await boardState(locals.db, tenant, {
    locale,
    pointIds: parsePointFilter(url.searchParams.get('points')),
  });
  return json(state satisfies z.infer<typeof BoardStateResponse>, { headers: { 'Cache-Control': 'no-store' } });
};
