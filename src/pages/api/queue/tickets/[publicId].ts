import type { APIRoute } from 'astro';
import type * as z from 'zod/mini';
import { ticketState } from '#features/queue/index.server.ts';
import type { TicketStateResponse } from '#features/queue/queue-api.schema.ts';
import { json } from '#server/http.ts';

/** `GET /api/queue/tickets/{publicId}`: the visitor's ticket (number, position, estimate; no names). */
export const GET: APIRoute = async ({ params, locals }) => {
  const { tenant, t, locale } = locals;
  const publicId = params.publicId ?? '';
  const state = /^[A-Za-z0-9]{10,40}$/.test(publicId)
    ? await ticketState(locals.db, tenant, publicId, { locale })
    : null;
  if (!state)
    return json({ error: t('error.notFound.message') }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return json(state satisfies z.infer<typeof TicketStateResponse>, { headers: { 'Cache-Control': 'no-store' } });
};
