import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { hitRateLimit, releaseRateLimitHit } from '#server/rate-limit.server.ts';
import { offeredResources, whyNotOffered } from './book-slot.server';
import { blockedRange, canChangeOnline, isOverlapViolation } from './booking';
import { announce } from './booking-lifecycle.server';
import { rescheduleNoticeDue, rescheduleNoticeKey } from './booking-messages';
import { enqueueBookingMessages } from './booking-messages.server';
import {
  type BookingRow,
  findBookingByPublicId,
  findService,
  findSettings,
  lockBooking,
  lockResources,
  moveBooking,
  releaseExpiredHolds,
} from './booking-repo.server';

/**
 * Moves of one booking per day. Each move's notice is coalesced (at most one message an hour, see
 * rescheduleNoticeDue); the limit keeps one booking from churning the calendar. Only moves that
 * happen count: a request told "already moved" or "just taken" does not.
 */
export const RESCHEDULES_PER_BOOKING = { limit: 10, windowMs: 24 * 60 * 60_000 };

export type RescheduleResult =
  | { ok: true; booking: BookingRow }
  | {
      ok: false;
      reason:
        | 'not_found'
        | 'not_changeable'
        | 'too_late'
        | 'slot_taken'
        | 'not_offered'
        | 'rate_limited'
        /** The booking is already at that time, or was moved by a request that came first. */
        | 'already_moved';
      changeNoticeHours?: number;
      retryAfterSeconds?: number;
    };

/**
 * The customer moves their own appointment (or pending request) to another time of the same
 * service, keeping what was paid: allowed until the tenant's notice period before the current
 * start, to a time the availability rules offer. The row moves in place, with the candidates
 * locked first exactly as for a new booking, so races queue and the exclusion constraint decides
 * — the old time is freed in the same commit, and a time someone else took meanwhile gives
 * "just taken", never a double booking or a 500. The booking itself is then read locked: when
 * another request moved it since this one looked (the same move sent twice, two tabs), this one
 * is told "already moved" and changes nothing.
 *
 * The customer's notice goes to the booking's own contact (the phone and e-mail it was made
 * with; a move never takes a new one), at most once an hour: moves within the hour after a
 * notice fold into one later notice that tells the latest time.
 */
export async function rescheduleBooking(
  db: Db,
  input: { tenant: Tenant; publicId: string; resourceId: string; start: Date; now?: Date },
): Promise<RescheduleResult> {
  const now = input.now ?? new Date();
  const tenantId = input.tenant.id;
  const [booking, settings] = await Promise.all([
    findBookingByPublicId(db, tenantId, input.publicId),
    findSettings(db, tenantId),
  ]);
  if (!booking) return { ok: false, reason: 'not_found' };
  if (booking.status !== 'confirmed' && booking.status !== 'requested') return { ok: false, reason: 'not_changeable' };
  if (isAlreadyThere(booking, input)) return { ok: false, reason: 'already_moved' };
  if (!canChangeOnline(booking, settings.changeNoticeHours, now)) {
    return { ok: false, reason: 'too_late', changeNoticeHours: settings.changeNoticeHours };
  }
  const service = await findService(db, tenantId, booking.serviceId);
  if (!service?.active) return { ok: false, reason: 'not_changeable' };
  const candidates = await offeredResources(db, input.tenant, service.id, input.resourceId, input.start, now);
  if (candidates.length === 0) {
    // The time may be taken by this very booking, moved there since we looked (the same move twice).
    const since = await findBookingByPublicId(db, tenantId, input.publicId);
    if (since && movedSince(booking, since)) return { ok: false, reason: 'already_moved' };
    return { ok: false, reason: await whyNotOffered(db, input, service.id, now) };
  }
  const range = blockedRange(input.start, service);
  const limitKey = `reschedule:${tenantId}:${input.publicId}`;

  const moved = await transaction(
    db,
    async (tx): Promise<BookingRow | Exclude<RescheduleResult, { ok: true }>> => {
      await lockResources(tx, tenantId, candidates);
      const current = await lockBooking(tx, tenantId, booking.id);
      if (!current || current.status !== booking.status) return { ok: false, reason: 'not_changeable' };
      // Moved since we looked: by the same request sent again, or another tab.
      if (movedSince(booking, current)) return { ok: false, reason: 'already_moved' };
      const limit = await hitRateLimit(tx, limitKey, RESCHEDULES_PER_BOOKING, now);
      if (!limit.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds };
      const noticeAt = rescheduleNoticeDue(current.rescheduleNoticeAt, now);
      for (const resourceId of candidates) {
        try {
          const row = await tx.transaction(async (attempt) => {
            await releaseExpiredHolds(attempt, tenantId, resourceId, range.blocksFrom, range.blocksUntil, now);
            // Conditional on the status it had: a cancellation or staff decision meanwhile wins.
            return moveBooking(attempt, tenantId, booking.id, [booking.status], {
              resourceId,
              ...range,
              rescheduleNoticeAt: noticeAt,
            });
          });
          if (!row) return { ok: false, reason: 'not_changeable' };
          await enqueueBookingMessages(tx, 'rescheduled', row, {
            tenant: input.tenant,
            delivery: { dueAt: noticeAt, coalesceKey: rescheduleNoticeKey(row.id) },
          });
          return row;
        } catch (error) {
          if (isOverlapViolation(error)) continue; // taken meanwhile: try the next practitioner
          throw error;
        }
      }
      // Nothing moved: this attempt does not count against the booking's moves.
      await releaseRateLimitHit(tx, limitKey, RESCHEDULES_PER_BOOKING, now);
      return { ok: false, reason: 'slot_taken' };
    },
    { name: 'reschedule' },
  );
  if ('ok' in moved) return moved;
  await announce(moved);
  kickOutbox();
  return { ok: true, booking: moved };
}

function movedSince(seen: BookingRow, now: BookingRow): boolean {
  return now.startsAt.getTime() !== seen.startsAt.getTime() || now.resourceId !== seen.resourceId;
}

/** The request asks for the time (and practitioner, unless any) the booking already has. */
function isAlreadyThere(booking: BookingRow, input: { resourceId: string; start: Date }): boolean {
  return (
    booking.startsAt.getTime() === input.start.getTime() &&
    (input.resourceId === 'any' || input.resourceId === booking.resourceId)
  );
}
