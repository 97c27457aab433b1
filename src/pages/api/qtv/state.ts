import type { APIRoute } from 'astro';
import type * as z from 'zod/mini';
import { boardState, openDisplay, parsePointFilter } from '#features/queue/index.server.ts';
import type { BoardStateResponse } from '#features/queue/queue-api.schema.ts';
import { json, tooManyRequests } from '#server/http.ts';

/**
 * `GET /api/qtv/state?display=<code>&points=<ids>`: the board's full state, for a live display code
 * only (403 otherwise); 429 once an address has tried too many wrong codes.
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const { tenant, t, locale } = locals;
  const opened = await openDisplay(locals.db, {
    tenantId: tenant.id,
    code: url.searchParams.get('display') ?? '',
    ip: locals.clientIp,
  });
  if (opened.kind === 'limited') {
    const minutes = Math.max(1, Math.ceil(opened.retryAfterSeconds / 60));
    return tooManyRequests({ error: t('queue.board.tooManyCodes', { count: minutes }) }, opened.retryAfterSeconds, {
      'Cache-Control': 'no-store',
    });
  }
  if (opened.kind !== 'open')
    return json({ error: t('queue.board.badCode') }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
  const state = await boardState(locals.db, tenant, {
    locale,
    pointIds: parsePointFilter(url.searchParams.get('points')),
  });
  return json(state satisfies z.infer<typeof BoardStateResponse>, { headers: { 'Cache-Control': 'no-store' } });
};
