import type { Db } from '#db/client.server.ts';
import { findTenantById, type Tenant } from '#features/tenants/index.server.ts';
import { log } from '#lib/logger.server.ts';
import { env } from '#server/config.server.ts';
import { type EnqueueOptions, enqueueMessage, withdrawPendingMessages } from '#server/outbox/index.ts';
import { findResourceName } from './appointment-pages-repo.server';
import { type BookingNoticeKind, bookingMessages, rescheduleNoticeKey } from './booking-messages';
import type { BookingRow } from './booking-repo.server';
import { findService } from './booking-repo.server';

/** The origin customer links use: the tenant's primary host, else the host the staff member used. */
export function publicOrigin(tenant: Pick<Tenant, 'primaryHost'>, fallback: string): string {
  return tenant.primaryHost ? `${env().PUBLIC_PROTOCOL}://${tenant.primaryHost}` : fallback;
}

type MessageTenant = Pick<Tenant, 'id' | 'name' | 'timeZone' | 'address' | 'phone' | 'primaryHost'>;

/**
 * Writes the customer's messages about a booking with the caller's transaction handle, so they
 * commit (or roll back) with the change they announce. The caller kicks the outbox after commit.
 */
export async function enqueueBookingMessages(
  tx: Db,
  kind: BookingNoticeKind,
  booking: BookingRow,
  options: {
    tenant?: MessageTenant | null;
    payAtCounter?: string | null;
    requestOrigin?: string;
    /** Delayed and coalesced delivery (a move's notice): see enqueueMessage. */
    delivery?: EnqueueOptions;
    /** The change's time (a move's notice due after it is withdrawn). */
    now?: Date;
  } = {},
): Promise<number> {
  // Any other news about the booking supersedes a move's notice still waiting (see below).
  if (kind !== 'rescheduled') await withdrawRescheduleNotice(tx, booking, options.now ?? new Date());
  const tenant = options.tenant ?? (await findTenantById(tx, booking.tenantId));
  const service = tenant ? await findService(tx, tenant.id, booking.serviceId) : null;
  if (!tenant || !service) return 0;
  const resource = await findResourceName(tx, tenant.id, booking.resourceId);
  const messages = bookingMessages(kind, booking, {
    tenant,
    service,
    practitioner: resource?.name ?? null,
    origin: publicOrigin(tenant, options.requestOrigin ?? 'http://localhost'),
    payAtCounter: options.payAtCounter ?? null,
  });
  if (messages.length === 0) log.warn('booking message without a phone or e-mail', { booking: booking.publicId, kind });
  for (const message of messages) await enqueueMessage(tx, message, options.delivery);
  return messages.length;
}

/**
 * Drops a move's notice that is still waiting for its time (moves within the hour fold into one later notice):
 * once the booking is cancelled, lapsed or decided, that notice would tell a time that no longer
 * holds; the message sent for that change says what does.
 */
export async function withdrawRescheduleNotice(
  tx: Db,
  booking: Pick<BookingRow, 'id' | 'tenantId'>,
  now: Date,
): Promise<void> {
  await withdrawPendingMessages(tx, booking.tenantId, rescheduleNoticeKey(booking.id), now);
}
