import type { APIRoute } from 'astro';
import type { CancelledResponse } from '#features/booking/booking-api.schema.ts';
import { cancelBooking } from '#features/booking/index.server.ts';
import { json } from '#server/http.ts';

/**
 * `POST /api/bookings/{publicId}/cancel`: the customer cancels a confirmed appointment or a pending
 * request, until the tenant's notice period before its start (after that: call the clinic).
 */
export const POST: APIRoute = async ({ params, locals }) => {
  const { tenant, t } = locals;
  const publicId = params.publicId ?? '';
  if (!/^[A-Za-z0-9]{10,40}$/.test(publicId)) {
    return json({ error: t('error.notFound.message') }, { status: 404 });
  }
  const result = await cancelBooking(locals.db, { tenantId: tenant.id, publicId });
  if (result.ok) return json({ status: result.booking.status } satisfies CancelledResponse);
  if (result.reason === 'not_found') return json({ error: t('error.notFound.message') }, { status: 404 });
  if (result.reason === 'too_late') {
    const hours = result.changeNoticeHours ?? 24;
    return json(
      { error: t('appointment.changeTooLate', { hours, count: hours, phone: tenant.phone }), reason: 'too_late' },
      { status: 409 },
    );
  }
  return json({ error: t('booking.notCancellable'), reason: 'not_cancellable' }, { status: 409 });
};
