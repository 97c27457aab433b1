import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import {
  appProviders,
  recordRefundDue,
  recordRefundsMade,
  refundDueThroughGateway,
} from '#features/payments/index.server.ts';
import { findTenantById, type Tenant } from '#features/tenants/index.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { publish } from '#server/realtime/index.ts';
import { availabilityChanged } from './availability-feed.server';
import { isOverlapViolation } from './booking';
import { enqueueBookingMessages } from './booking-messages.server';
import {
  type BookingRow,
  expireDueHolds,
  expireStaleRequests,
  findBookingByPublicId,
  lockBooking,
  lockResources,
  markBookingRefunded,
  moveBooking,
} from './booking-repo.server';

/**
 * Tells an open booking page (request or checkout) that its booking changed, and drops the
 * tenant's cached availability on every instance; after commit only.
 */
export async function announce(booking: Pick<BookingRow, 'tenantId' | 'publicId' | 'status'>): Promise<void> {
  await availabilityChanged(booking.tenantId);
  await publish(booking.tenantId, `booking:${booking.publicId}`, 'status', { status: booking.status }).catch(
    (error: unknown) => log.warn('realtime publish failed', { error: String(error) }),
  );
}

/**
 * Takes a slot back for a booking that lost it (a hold that expired, a request that lapsed):
 * confirmed if the time is still free — the exclusion constraint decides — else null. Its
 * practitioner is locked first, as every booking write does (lockResources).
 */
async function retake(tx: Db, booking: BookingRow, changes: Partial<BookingRow>): Promise<BookingRow | null> {
  await lockResources(tx, booking.tenantId, [booking.resourceId]);
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
  /** The payment that paid it: the one refunded when the slot is lost. */
  paymentId?: string,
): Promise<{ outcome: PaidOutcome; booking: BookingRow | null }> {
  // Locked: a hold the sweeper expires at this very moment is seen expired (and re-taken), not
  // read as held, then missed by the conditional update, and left expired though paid.
  const booking = await lockBooking(tx, tenantId, bookingId);
  if (!booking) return { outcome: 'ignored', booking: null };
  if (booking.status === 'confirmed' && booking.payAtCounter) {
    // Confirmed when the customer chose the counter; now paid there: nothing more is due.
    const paid = await moveBooking(tx, tenantId, booking.id, ['confirmed'], { payAtCounter: false });
    return { outcome: 'ignored', booking: paid ?? booking };
  }
  const confirmed = await moveBooking(tx, tenantId, booking.id, ['held'], { status: 'confirmed', holdExpiresAt: null });
  if (confirmed) return { outcome: 'confirmed', booking: confirmed };
  if (booking.status !== 'expired') return { outcome: 'ignored', booking };
  const retaken = await retake(tx, booking, {});
  if (retaken) return { outcome: 'retaken', booking: retaken };
  const flagged = await moveBooking(tx, tenantId, booking.id, ['expired'], { refundDue: true });
  // The money is a payments record: a refund due on the payment, once; the booking keeps the outcome.
  if (paymentId) await recordRefundDue(tx, { tenantId, paymentId, reason: 'slot_lost' });
  log.warn('payment after the hold expired and the slot was taken: refund due', { bookingId: booking.id });
  return { outcome: 'refund_due', booking: flagged ?? booking };
}

/**
 * The customer chose to pay at the counter (runs in the transaction recording that choice): the
 * held booking is confirmed with its payment due at the counter — the clinic offers counter
 * payment knowing it is paid on the day (docs/decisions/0009-bookings.md). A hold that already
 * lapsed gets its time back only if it is still free. Null when nothing changed.
 */
export async function confirmForCounter(
  tx: Db,
  tenantId: string,
  bookingId: string,
  now: Date,
): Promise<BookingRow | null> {
  const booking = await lockBooking(tx, tenantId, bookingId);
  if (!booking || booking.startsAt <= now) return null;
  const changes = { status: 'confirmed' as const, holdExpiresAt: null, payAtCounter: true };
  // A hold past its ten minutes that the sweeper has not reached still owns its time.
  if (booking.status === 'held') return moveBooking(tx, tenantId, booking.id, ['held'], changes);
  if (booking.status === 'expired' && !booking.refundDue && !booking.decidedAt)
    return retake(tx, booking, { payAtCounter: true });
  return null;
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
  const result = await transaction(
    db,
    async (tx): Promise<DecisionResult> => {
      let booking: BookingRow | null;
      if (!input.approve) {
        booking = await moveBooking(tx, input.tenantId, existing.id, ['requested'], {
          status: 'declined',
          ...decision,
        });
      } else {
        booking = await moveBooking(tx, input.tenantId, existing.id, ['requested'], {
          status: 'confirmed',
          ...decision,
        });
        // A request that lapsed meanwhile can be approved only if its time is still free.
        if (!booking && existing.status === 'expired' && existing.startsAt > now) {
          booking = await retake(tx, existing, decision);
          if (!booking) return { ok: false, reason: 'slot_taken' };
        }
      }
      if (!booking) return { ok: false, reason: 'not_pending' };
      await onDecided?.(tx, booking);
      return { ok: true, booking };
    },
    { name: 'decide-request' },
  );
  if (result.ok) await announce(result.booking);
  return result;
}

export type AttendanceResult =
  | { ok: true; booking: BookingRow }
  | { ok: false; reason: 'not_found' | 'not_confirmed' | 'not_started' };

/**
 * Staff close a confirmed booking as completed or no-show — only once it has started: nobody can
 * have missed (or attended) an appointment that is still to come.
 */
export async function markAttendance(
  db: Db,
  input: { tenantId: string; publicId: string; outcome: 'completed' | 'no_show'; now?: Date },
): Promise<AttendanceResult> {
  const now = input.now ?? new Date();
  const booking = await findBookingByPublicId(db, input.tenantId, input.publicId);
  if (!booking) return { ok: false, reason: 'not_found' };
  if (booking.status === 'confirmed' && !hasStarted(booking, now)) return { ok: false, reason: 'not_started' };
  let afterCommit: AfterCommit[] = [];
  const moved = await transaction(db, async (tx) => {
    const row = await moveBooking(tx, input.tenantId, booking.id, ['confirmed'], { status: input.outcome });
    if (row?.status === 'completed') {
      afterCommit = await events.emit(tx, 'booking.completed', { tenantId: input.tenantId, booking: row, at: now });
    }
    return row;
  });
  if (moved) await availabilityChanged(input.tenantId);
  await runAfterCommit(afterCommit, (error) => log.warn('after-attendance effect failed', errorFields(error)));
  return moved ? { ok: true, booking: moved } : { ok: false, reason: 'not_confirmed' };
}

/** Whether an appointment's time has come (attendance can be recorded). */
export function hasStarted(booking: Pick<BookingRow, 'startsAt'>, now: Date): boolean {
  return booking.startsAt.getTime() <= now.getTime();
}

/**
 * Staff record that the money owed on a booking went back: the due refunds on its invoice's
 * payments become succeeded with who and when (once: a second click finds nothing due), and the
 * booking notes its outcome. Null when nothing was due.
 */
export async function markRefunded(
  db: Db,
  input: { tenantId: string; publicId: string; staffId: string; now?: Date },
): Promise<BookingRow | null> {
  const at = input.now ?? new Date();
  const booking = await findBookingByPublicId(db, input.tenantId, input.publicId);
  const invoiceId = booking?.invoiceId;
  if (!booking || !invoiceId) return null;
  let afterCommit: AfterCommit[] = [];
  // The booking notes the outcome through payment.refunded (noteBookingRefunded), in this transaction.
  const marked = await transaction(
    db,
    async (tx) => {
      const made = await recordRefundsMade(tx, { tenantId: input.tenantId, invoiceId, staffId: input.staffId, at });
      afterCommit = made.afterCommit;
      if (made.refunds.length === 0) return null;
      return (await findBookingByPublicId(tx, input.tenantId, input.publicId)) ?? booking;
    },
    { name: 'mark-refunded' },
  );
  await runAfterCommit(afterCommit, (error) => log.warn('after-refund effect failed', errorFields(error)));
  return marked;
}

/**
 * Staff give a booking's money back through the gateway that took it (card, online banking)
 * rather than by hand: every refund due on its invoice is asked of the gateway once. Null when
 * the booking has no invoice.
 */
export async function refundThroughGateway(
  db: Db,
  input: { tenantId: string; publicId: string; staffId: string; now?: Date },
): Promise<{ booking: BookingRow; refunded: number; failed: number } | null> {
  const booking = await findBookingByPublicId(db, input.tenantId, input.publicId);
  if (!booking?.invoiceId) return null;
  const outcome = await refundDueThroughGateway(db, appProviders(db), {
    tenantId: input.tenantId,
    invoiceId: booking.invoiceId,
    staffId: input.staffId,
    ...(input.now ? { now: input.now } : {}),
  });
  return { booking, ...outcome };
}

/**
 * Money owed back on a booking went back (staff handed it over, or the gateway refunded it): the
 * booking notes when and who, once. A partial refund staff chose themselves is not the booking's.
 */
export async function noteBookingRefunded(
  tx: Db,
  input: { tenantId: string; invoiceId: string; reason: string; staffId: string | null; at: Date },
): Promise<void> {
  if (input.reason === 'staff') return;
  await markBookingRefunded(tx, input);
}

/**
 * The sweeper: holds past their ten minutes and requests past their start stop blocking. A
 * request that lapsed unanswered is told to its customer, in the same transaction.
 */
export async function sweepBookings(db: Db, now = new Date()): Promise<number> {
  // Many rows in one statement, while bookings release the same expired holds: retried if aborted.
  const holds = await transaction(db, (tx) => expireDueHolds(tx, now), { name: 'sweep-holds' });
  const requests = await transaction(
    db,
    async (tx) => {
      const lapsed = await expireStaleRequests(tx, now);
      const tenants = new Map<string, Tenant | null>();
      for (const booking of lapsed) {
        if (!tenants.has(booking.tenantId)) tenants.set(booking.tenantId, await findTenantById(tx, booking.tenantId));
        await enqueueBookingMessages(tx, 'lapsed', booking, { tenant: tenants.get(booking.tenantId) ?? null, now });
      }
      return lapsed;
    },
    { name: 'sweep-requests' },
  );
  const expired = [...holds, ...requests];
  for (const booking of expired) await announce(booking);
  if (requests.length > 0) kickOutbox();
  return expired.length;
}
