import type { Db } from '../../db/client.server';
import { transaction } from '../../db/transaction.server';
import { kickOutbox } from '../../server/outbox';
import { hitRateLimit } from '../../server/rate-limit.server';
import type { Tenant } from '../tenants';
import { offeredResources, whyNotOffered } from './book-slot.server';
import { blockedRange, canChangeOnline, isOverlapViolation } from './booking';
import { announce } from './booking-lifecycle.server';
import { enqueueBookingMessages } from './booking-messages.server';
import {
  type BookingRow,
  findBookingByPublicId,
  findService,
  findSettings,
  lockResources,
  moveBooking,
  releaseExpiredHolds,
} from './booking-repo.server';

/**
 * Tries to move one booking per day: each move sends the customer a message (an SMS to the number
 * the booker typed), so moving it again and again must not become a way to send SMS for free.
 */
export const RESCHEDULES_PER_BOOKING = { limit: 10, windowMs: 24 * 60 * 60_000 };

export type RescheduleResult =
  | { ok: true; booking: BookingRow }
  | {
      ok: false;
      reason: 'not_found' | 'not_changeable' | 'too_late' | 'slot_taken' | 'not_offered' | 'rate_limited';
      changeNoticeHours?: number;
      retryAfterSeconds?: number;
    };

/**
 * The customer moves their own appointment (or pending request) to another time of the same
 * service, keeping what was paid: allowed until the tenant's notice period before the current
 * start, to a time the availability rules offer. The row moves in place, with the candidates
 * locked first exactly as for a new booking, so races queue and the exclusion constraint decides
 * — the old time is freed in the same commit, and a time someone else took meanwhile gives
 * "just taken", never a double booking or a 500.
 */
export async function rescheduleBooking(
  db: Db,
  input: { tenant: Tenant; publicId: string; resourceId: string; start: Date; now?: Date },
): Promise<RescheduleResult> {
  const now = input.now ?? new Date();
  const tenantId = input.tenant.id;
  const limit = await hitRateLimit(db, `reschedule:${tenantId}:${input.publicId}`, RESCHEDULES_PER_BOOKING, now);
  if (!limit.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: limit.retryAfterSeconds };
  const [booking, settings] = await Promise.all([
    findBookingByPublicId(db, tenantId, input.publicId),
    findSettings(db, tenantId),
  ]);
  if (!booking) return { ok: false, reason: 'not_found' };
  if (booking.status !== 'confirmed' && booking.status !== 'requested') return { ok: false, reason: 'not_changeable' };
  if (!canChangeOnline(booking, settings.changeNoticeHours, now)) {
    return { ok: false, reason: 'too_late', changeNoticeHours: settings.changeNoticeHours };
  }
  const service = await findService(db, tenantId, booking.serviceId);
  if (!service?.active) return { ok: false, reason: 'not_changeable' };
  const candidates = await offeredResources(db, input.tenant, service.id, input.resourceId, input.start, now);
  if (candidates.length === 0) return { ok: false, reason: await whyNotOffered(db, input, service.id, now) };
  const range = blockedRange(input.start, service);

  const moved = await transaction(
    db,
    async (tx) => {
      await lockResources(tx, tenantId, candidates);
      for (const resourceId of candidates) {
        try {
          const row = await tx.transaction(async (attempt) => {
            await releaseExpiredHolds(attempt, tenantId, resourceId, range.blocksFrom, range.blocksUntil, now);
            // Conditional on the status it had: a cancellation or staff decision meanwhile wins.
            return moveBooking(attempt, tenantId, booking.id, [booking.status], { resourceId, ...range });
          });
          if (!row) return 'not_changeable';
          await enqueueBookingMessages(tx, 'rescheduled', row, { tenant: input.tenant });
          return row;
        } catch (error) {
          if (isOverlapViolation(error)) continue; // taken meanwhile: try the next practitioner
          throw error;
        }
      }
      return 'slot_taken' as const;
    },
    { name: 'reschedule' },
  );
  if (typeof moved === 'string') return { ok: false, reason: moved };
  await announce(moved);
  kickOutbox();
  return { ok: true, booking: moved };
}
