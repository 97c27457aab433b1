import type { APIRoute } from 'astro';
import { RescheduleBody } from '#features/booking/booking.schema.ts';
import { bookingPagePath, findService, rescheduleBooking } from '#features/booking/index.server.ts';
import type { RescheduledResponse } from '#features/booking/slot-page-answers.ts';
import { localePath } from '#i18n/routing.ts';
import { badRequest, json, readJson, tooManyRequests } from '#server/http.ts';
import { notOffered } from '../_not-offered';

/**
 * `POST /api/bookings/{publicId}/reschedule` `{ resourceId, start }`: the customer moves their
 * appointment to another offered time, until the tenant's notice period before it. 200 `{ path }`
 * (its page, in the visitor's language); 409 when too late, not movable, already moved there (the same
 * move sent twice), or the time was just taken;
 * 429 when the booking was moved too often today (each move sends the customer a message).
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const { tenant, t, locale } = locals;
  const publicId = params.publicId ?? '';
  if (!/^[A-Za-z0-9]{10,40}$/.test(publicId)) {
    return json({ error: t('error.notFound.message') }, { status: 404 });
  }
  const body = RescheduleBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, t);

  const database = locals.db;
  const result = await rescheduleBooking(database, {
    tenant,
    publicId,
    resourceId: body.data.resourceId,
    start: new Date(body.data.start),
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'not_found':
        return json({ error: t('error.notFound.message') }, { status: 404 });
      case 'too_late':
        return json(
          {
            error: t('appointment.changeTooLate', {
              hours: result.changeNoticeHours ?? 24,
              count: result.changeNoticeHours ?? 24,
              phone: tenant.phone,
            }),
            reason: 'too_late',
          },
          { status: 409 },
        );
      case 'slot_taken':
        return json({ error: t('booking.slotTaken'), reason: 'slot_taken' }, { status: 409 });
      case 'already_moved':
        return json({ error: t('booking.alreadyMoved'), reason: 'already_moved' }, { status: 409 });
      case 'rate_limited': {
        const seconds = result.retryAfterSeconds ?? 3600;
        const error = t('booking.rescheduleLimited', {
          count: Math.max(1, Math.ceil(seconds / 3600)),
          phone: tenant.phone,
        });
        return tooManyRequests({ error, reason: 'rate_limited' }, seconds);
      }
      case 'not_offered':
        return notOffered(t);
      default:
        return json({ error: t('booking.notReschedulable'), reason: 'not_changeable' }, { status: 409 });
    }
  }
  const { booking } = result;
  const service = await findService(database, tenant.id, booking.serviceId);
  const page = booking.status === 'requested' ? 'request' : 'checkout';
  const path = localePath(locale, bookingPagePath(service?.slug ?? booking.serviceId, booking.publicId, page));
  return json({ status: booking.status, path } satisfies RescheduledResponse, {
    headers: { 'Cache-Control': 'no-store' },
  });
};
