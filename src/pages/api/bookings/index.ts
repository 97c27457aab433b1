import type { APIRoute } from 'astro';
import { BookingBody } from '#features/booking/booking.schema.ts';
import type { BookingMadeResponse } from '#features/booking/booking-api.schema.ts';
import { bookingPagePath, bookSlot, checkAnswers, findService } from '#features/booking/index.server.ts';
import { localePath } from '#i18n/routing.ts';
import { badRequest, json, readJson, tooManyRequests } from '#server/http.ts';
import { hitRateLimit } from '#server/rate-limit.server.ts';
import { notOffered } from './_not-offered';

const BOOKINGS_PER_IP = { limit: 20, windowMs: 10 * 60_000 };

/**
 * `POST /api/bookings`: takes the slot chosen in the appointment cart for the visitor's details.
 * 201 `{ publicId, status, checkoutPath | requestPath }` (paths in the visitor's language);
 * 409 when the slot was just taken (never a 500); 422 for a time the schedule never offers; 400 with field messages for bad input.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { tenant, t, locale } = locals;
  const body = BookingBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, t);

  const database = locals.db;
  const limit = await hitRateLimit(database, `booking:ip:${locals.clientIp}`, BOOKINGS_PER_IP);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return tooManyRequests({ error: t('booking.rateLimited', { minutes, count: minutes }) }, limit.retryAfterSeconds);
  }

  const service = await findService(database, tenant.id, body.data.serviceId);
  if (!service?.active)
    return json({ error: t('error.notFound.message'), reason: 'service_not_found' }, { status: 404 });
  const answers = checkAnswers(service.intakeQuestions, body.data.answers);
  const missing = Object.keys(answers.errors);
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map((id) => [`answers.${id}`, t('field.required')]));
    return json({ error: t('field.required'), fields }, { status: 400 });
  }

  const result = await bookSlot(database, {
    tenant,
    serviceId: service.id,
    resourceId: body.data.resourceId,
    start: new Date(body.data.start),
    contact: { name: body.data.name, phone: body.data.phone, email: body.data.email || null },
    address: body.data.address ?? null,
    answers: answers.answers,
    notes: body.data.notes || null,
    customerId: locals.user?.id ?? null,
    locale,
  });
  if (!result.ok) {
    if (result.reason === 'slot_taken') {
      return json({ error: t('booking.slotTaken'), reason: 'slot_taken' }, { status: 409 });
    }
    if (result.reason === 'not_offered') return notOffered(t);
    return json({ error: t('error.notFound.message'), reason: 'service_not_found' }, { status: 404 });
  }

  const { booking } = result;
  const isRequest = booking.status === 'requested';
  const path = localePath(locale, bookingPagePath(service.slug, booking.publicId, isRequest ? 'request' : 'checkout'));
  return json(
    {
      publicId: booking.publicId,
      status: booking.status,
      ...(isRequest ? { requestPath: path } : { checkoutPath: path }),
    } satisfies BookingMadeResponse,
    { status: 201, headers: { 'Cache-Control': 'no-store' } },
  );
};
