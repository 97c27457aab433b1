import type { APIRoute } from 'astro';
import { badRequest } from '#server/http.ts';
import { RealtimeQuery, realtimeEventStream } from '#server/realtime/index.ts';

/**
 * `GET /api/realtime?channels=invoice:abc,queue:main` — Server-Sent Events of the current
 * tenant's realm. Channels of private things are named by unguessable public ids, so listening
 * needs the id, just as the page does (see channel-name.ts). A reconnecting reader sends
 * Last-Event-ID (header, or `lastEventId` query from our client) and gets what it missed.
 */
export const GET: APIRoute = ({ request, url, locals }) => {
  const query = RealtimeQuery.safeParse({
    channels: url.searchParams.get('channels') ?? '',
    lastEventId: request.headers.get('last-event-id') || url.searchParams.get('lastEventId') || undefined,
  });
  if (!query.success) return badRequest(query.error, locals.t);
  return realtimeEventStream(locals.tenant.id, {
    channels: query.data.channels,
    lastEventId: query.data.lastEventId,
    signal: request.signal,
  });
};
