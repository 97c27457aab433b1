import type { APIRoute } from 'astro';
import { availabilityFor } from '../../../../features/booking';
import { AvailabilityQuery } from '../../../../features/booking/booking.schema';
import type { AvailabilityResponse } from '../../../../features/booking/booking-api.schema';
import { HttpError } from '../../../../lib/http-error';
import { badRequest, json } from '../../../../server/http';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * `GET /api/appointments/{serviceId}/availability?from=yyyy-MM-dd&to=yyyy-MM-dd&resource=any|<id>`:
 * the days of a period (at most a quarter) with their status and free slots, in the tenant's zone.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const { tenant, t } = locals;
  const query = AvailabilityQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    const response = badRequest(query.error, t);
    response.headers.set('Cache-Control', 'no-store');
    return response;
  }
  const { from, to, resource } = query.data;
  try {
    const availability = await availabilityFor(locals.db, {
      tenant,
      serviceId: params.serviceId ?? '',
      ...(resource === 'any' ? {} : { resourceId: resource }),
      from,
      to,
      now: new Date(),
    });
    if (!availability) return json({ error: t('error.notFound.message') }, { status: 404, headers: NO_STORE });
    return json(availability satisfies AvailabilityResponse, { headers: NO_STORE });
  } catch (error) {
    // A malformed or too long period (availabilityFor's own checks).
    if (error instanceof HttpError && error.status === 400) {
      return json(
        { error: t('booking.dateInvalid'), fields: { to: t('booking.dateInvalid') } },
        { status: 400, headers: NO_STORE },
      );
    }
    throw error;
  }
};
