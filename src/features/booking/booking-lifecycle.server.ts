import type { Db } from '../../db/client.server';
import { log } from '../../server/logger.server';
import { publish } from '../../server/realtime';
import { isOverlapViolation } from './booking';
import {
  type BookingRow,
  expireDueHolds,
  expireStaleRequests,
  findBooking,
  findBookingByPublicId,
  moveBooking,
} from './booking-repo.server';

/** Tells an open booking page (request or checkout) that its booking changed; after commit only. */
export async function announce(booking: Pick<BookingRow, 'tenantId' | 'publicId' | 'status'>): Promise<void> {
  await publish(booking.tenantId, `booking:${booking.publicId}`, 'status', { status: booking.status }).catch(
    (error: unknown) => log.warn('realtime publish failed', { error: String(error) }),
  );
}

/**
 * Takes a slot back for a booking that lost it (a hold that expired, a request that lapsed):
 * confirmed if the time is still free — the exclusion constraint decides — else null.
 */
async function retake(tx: Db, booking: BookingRow, changes: Partial<BookingRow>): Promise<BookingRow | null> {
  try {
    return await tx.transaction((attempt) =>
      moveBooking(attempt, booking.tenantId, booking.id, ['expired'], {
        status: 'confirmed',
        holdExpiresAt: null,
        ...changes,
      }),
    );
  } catch (error) {
    if (isOverlapViolation(error)) return null;
    throw error;
  }
}

export type PaidOutcome = 'confirmed' | 'retaken' | 'refund_due' | 'ignored';

/**
 * The effect of a paid appointment invoice (runs in the settlement transaction): the held
 * booking is confirmed; a payment after the hold expired re-takes the slot if it is free, else
 * the booking is flagged for a refund and the customer is told on its page.
 */
export async function confirmPaidBooking(
  tx: Db,
  tenantId: string,
  bookingId: string,
): Promise<{ outcome: PaidOutcome; booking: BookingRow | null }> {
  const booking = await findBooking(tx, tenantId, bookingId);
  if (!booking) return { outcome: 'ignored', booking: null };
  const confirmed = await moveBooking(tx, tenantId, booking.id, ['held'], { status: 'confirmed', holdExpiresAt: null });
  if (confirmed) return { outcome: 'confirmed', booking: confirmed };
  if (booking.status !== 'expired') return { outcome: 'ignored', booking };
  const retaken = await retake(tx, booking, {});
  if (retaken) return { outcome: 'retaken', booking: retaken };
  const flagged = await moveBooking(tx, tenantId, booking.id, ['expired'], { refundDue: true });
  log.warn('payment after the hold expired and the slot was taken: refund due', { bookingId: booking.id });
  return { outcome: 'refund_due', booking: flagged ?? booking };
}

export type DecisionResult =
  | { ok: true; booking: BookingRow }
  | { ok: false; reason: 'not_found' | 'not_pending' | 'slot_taken' };

/** Staff approve or decline a booking request; the customer's request page updates live. */
export async function decideRequest(
  db: Db,
  input: { tenantId: string; publicId: string; approve: boolean; reason?: string | null; staffId: string; now?: Date },
  onDecided?: (tx: Db, booking: BookingRow) => Promise<void>,
): Promise<DecisionResult> {
  const now = input.now ?? new Date();
  const existing = await findBookingByPublicId(db, input.tenantId, input.publicId);
  if (!existing) return { ok: false, reason: 'not_found' };
  const decision = { decisionReason: input.reason ?? null, decidedByStaffId: input.staffId, decidedAt: now };
  const result = await db.transaction(async (tx): Promise<DecisionResult> => {
    let booking: BookingRow | null;
    if (!input.approve) {
      booking = await moveBooking(tx, input.tenantId, existing.id, ['requested'], { status: 'declined', ...decision });
    } else {
      booking = await moveBooking(tx, input.tenantId, existing.id, ['requested'], { status: 'confirmed', ...decision });
      // A request that lapsed meanwhile can be approved only if its time is still free.
      if (!booking && existing.status === 'expired' && existing.startsAt > now) {
        booking = await retake(tx, existing, decision);
        if (!booking) return { ok: false, reason: 'slot_taken' };
      }
    }
    if (!booking) return { ok: false, reason: 'not_pending' };
    await onDecided?.(tx, booking);
    return { ok: true, booking };
  });
  if (result.ok) await announce(result.booking);
  return result;
}

/** Staff close a confirmed booking as completed or no-show. */
export async function markAttendance(
  db: Db,
  input: { tenantId: string; publicId: string; outcome: 'completed' | 'no_show' },
) {
  const booking = await findBookingByPublicId(db, input.tenantId, input.publicId);
  if (!booking) return null;
  return moveBooking(db, input.tenantId, booking.id, ['confirmed'], { status: input.outcome });
}

/** The sweeper: holds past their ten minutes and requests past their start stop blocking. */
export async function sweepBookings(db: Db, now = new Date()): Promise<number> {
  const expired = [...(await expireDueHolds(db, now)), ...(await expireStaleRequests(db, now))];
  for (const booking of expired) await announce(booking);
  return expired.length;
}
