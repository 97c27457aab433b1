import type { APIRoute } from 'astro';
import { findBookingPhoto } from '#features/booking/index.server.ts';
import { json } from '#server/http.ts';

/** `GET /api/staff/bookings/{publicId}/photo`: the customer's photo, for staff only (the access rule). */
export const GET: APIRoute = async ({ params, locals }) => {
  const { tenant, t } = locals;
  const photo = /^[A-Za-z0-9]{10,40}$/.test(params.publicId ?? '')
    ? await findBookingPhoto(locals.db, tenant.id, params.publicId ?? '')
    : null;
  if (!photo) return json({ error: t('error.notFound.message') }, { status: 404 });
  return new Response(photo.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.length),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': 'inline',
    },
  });
};
