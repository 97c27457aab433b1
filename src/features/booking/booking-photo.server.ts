import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { bookingPhotos } from '#db/schema/index.ts';
import { detectPhotoType, MAX_PHOTO_BYTES, type PhotoType } from './booking-photo';
import { findBookingByPublicId } from './booking-repo.server';

export type SavePhotoResult = { ok: true } | { ok: false; reason: 'not_found' | 'too_large' | 'not_an_image' };

/** Statuses a photo can still be attached to: a live booking, not one that is over. */
const ATTACHABLE = new Set(['held', 'requested', 'confirmed']);

/**
 * Attaches the customer's photo to their booking (by its unguessable public id): an image of a
 * type we take, by its bytes, at most 10 MB. A second upload replaces the first.
 */
export async function saveBookingPhoto(
  db: Db,
  input: { tenantId: string; publicId: string; bytes: Uint8Array },
): Promise<SavePhotoResult> {
  if (input.bytes.length > MAX_PHOTO_BYTES) return { ok: false, reason: 'too_large' };
  const contentType = detectPhotoType(input.bytes);
  if (!contentType) return { ok: false, reason: 'not_an_image' };
  const booking = await findBookingByPublicId(db, input.tenantId, input.publicId);
  if (!booking || !ATTACHABLE.has(booking.status)) return { ok: false, reason: 'not_found' };
  const row = { contentType, size: input.bytes.length, bytes: input.bytes, createdAt: new Date() };
  await db
    .insert(bookingPhotos)
    .values({ bookingId: booking.id, tenantId: input.tenantId, ...row })
    .onConflictDoUpdate({ target: bookingPhotos.bookingId, set: row });
  return { ok: true };
}

/** A booking's photo for staff, or null. */
export async function findBookingPhoto(
  db: Db,
  tenantId: string,
  publicId: string,
): Promise<{ contentType: PhotoType; bytes: Uint8Array } | null> {
  const booking = await findBookingByPublicId(db, tenantId, publicId);
  if (!booking) return null;
  const [row] = await db
    .select({ contentType: bookingPhotos.contentType, bytes: bookingPhotos.bytes })
    .from(bookingPhotos)
    .where(and(eq(bookingPhotos.tenantId, tenantId), eq(bookingPhotos.bookingId, booking.id)));
  return row ? { contentType: row.contentType as PhotoType, bytes: row.bytes } : null;
}

/** Which of these bookings have a photo: one query for a whole agenda. */
export async function bookingsWithPhotos(db: Db, tenantId: string, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ bookingId: bookingPhotos.bookingId })
    .from(bookingPhotos)
    .where(and(eq(bookingPhotos.tenantId, tenantId), inArray(bookingPhotos.bookingId, bookingIds)));
  return new Set(rows.map((r) => r.bookingId));
}
