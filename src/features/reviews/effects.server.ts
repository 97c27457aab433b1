import type { Db } from '#db/client.server.ts';
import type { BookingCompletedEvent } from '#features/booking/index.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import type { EventBus, EventHandler } from '#server/events/index.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { decideInvitation, recordInvitation } from './invitations.server';

/** Reviews' effects on the app's bus, registered by the composition root (src/app.server.ts). */
export function registerReviewEffects(bus: EventBus): void {
  bus.on('booking.completed', 'reviews.invite', inviteOnCompleted);
}

// An attended appointment earns its customer one review invitation: recorded in the completion's
// transaction (at most once per booking), sent at once when the tenant has no delay, else by the
// job when due. Never tied to any reward.
const inviteOnCompleted: EventHandler<BookingCompletedEvent> = async (tx, { tenantId, booking, at }) => {
  const invitation = await recordInvitation(tx, { tenantId, booking, at });
  if (!invitation?.due) return;
  // In a savepoint: a failure here leaves the invitation due for the job, never undoes the visit.
  try {
    const outcome = await tx.transaction((savepoint) => decideInvitation(savepoint as Db, tenantId, invitation.id, at));
    return outcome === 'sent' ? async () => kickOutbox() : undefined;
  } catch (error) {
    log.warn('review invitation left for the job', { invitationId: invitation.id, ...errorFields(error) });
    return undefined;
  }
};
