import type { APIRoute } from 'astro';
import { MAX_PHOTO_BYTES, saveBookingPhoto } from '#features/booking/index.server.ts';
import { json, readBytes } from '#server/http.ts';

/**
 * `POST /api/bookings/{publicId}/photo` (the image's bytes as the body): attaches the optional
 * photo of the form step to the booking just made. 204; 413 over 10 MB; 415 when not a JPEG, PNG,
 * WebP or HEIC image; 404 for an unknown or finished booking.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const { tenant, t } = locals;
  const publicId = params.publicId ?? '';
  if (!/^[A-Za-z0-9]{10,40}$/.test(publicId)) {
    return json({ error: t('error.notFound.message') }, { status: 404 });
  }
  const bytes = await readBytes(request, MAX_PHOTO_BYTES);
  if (!bytes) return json({ error: t('form.photoTooLarge') }, { status: 413 });
  const result = await saveBookingPhoto(locals.db, { tenantId: tenant.id, publicId, bytes });
  if (result.ok) return new Response(null, { status: 204 });
  if (result.reason === 'too_large') return json({ error: t('form.photoTooLarge') }, { status: 413 });
  if (result.reason === 'not_an_image') return json({ error: t('form.photoNotImage') }, { status: 415 });
  return json({ error: t('error.notFound.message') }, { status: 404 });
};
