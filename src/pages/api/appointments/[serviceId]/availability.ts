import type { APIRoute } from 'astro';
import { AvailabilityQuery } from '#features/booking/booking.schema.ts';
import { availabilityFeed, FRONT_DOOR_FEEDS } from '#features/booking/index.server.ts';
import { HttpError } from '#lib/http-error.ts';
import { nameForFrontDoor } from '#server/front-door.ts';
import { badRequest, json } from '#server/http.ts';

/**
 * `GET /api/appointments/{serviceId}/availability?from=yyyy-MM-dd&to=yyyy-MM-dd&resource=any|<id>`:
 * the days of a period (at most a quarter) with their status and free slots, in the compact shape
 * of `availability-feed.ts` (the island decodes it). Served from memory for a few seconds, dropped
 * at once by any booking change; Cache-Control comes from the route policy (revalidated each
 * time), and a matching `If-None-Match` is a 304.
 */
export const GET: APIRoute = async ({ params, url, locals, request }) => {
  const { tenant, t } = locals;
  const query = AvailabilityQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) return badRequest(query.error, t);
  const { from, to, resource } = query.data;
  try {
    const feed = await availabilityFeed(locals.db, {
      tenant,
      serviceId: params.serviceId ?? '',
      ...(resource === 'any' ? {} : { resourceId: resource }),
      from,
      to,
      now: new Date(),
    });
    if (!feed) return json({ error: t('error.notFound.message') }, { status: 404 });
    const headers = new Headers({ ETag: feed.etag, Vary: 'Accept-Encoding' });
    if (request.headers.get('If-None-Match') === feed.etag) return new Response(null, { status: 304, headers });
    headers.set('Content-Type', 'application/json; charset=utf-8');
    // The front door may keep this answer while the feed cache holds it (decision 0028).
    nameForFrontDoor(request, headers, FRONT_DOOR_FEEDS, feed.key);
    return new Response(feed.body, { headers });
  } catch (error) {
    // A malformed or too long period (availabilityFor's own checks).
    if (error instanceof HttpError && error.status === 400) {
      return json({ error: t('booking.dateInvalid'), fields: { to: t('booking.dateInvalid') } }, { status: 400 });
    }
    throw error;
  }
};
