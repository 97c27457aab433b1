import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { isLocale, type Locale, localized } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import { formatDateTime } from '#lib/dates.ts';
import { log } from '#lib/logger.server.ts';
import { enqueueMessage, type MessageToEnqueue } from '#server/outbox/index.ts';
import { type DecisionResult, decideRequest } from './booking-lifecycle.server';
import { customerDestinations } from './booking-messages';
import { publicOrigin, withdrawRescheduleNotice } from './booking-messages.server';
import { type BookingRow, findService, type ServiceRow } from './booking-repo.server';
import type { BookingDeclinedPayload } from './messages';
import { requestPagePath, servicePagePath } from './paths';

// Staff decide a booking request; the customer hears about it by SMS and/or e-mail, in their
// language, through the outbox — written in the decision's own transaction.

/** The longest reason a customer is sent (the template's limit). */
export const MAX_REASON_LENGTH = 500;

export interface DecisionContext {
  tenant: Pick<Tenant, 'id' | 'name' | 'timeZone'>;
  service: Pick<ServiceRow, 'slug' | 'name'>;
  /** Where links point: `https://kliniksihat.my` (the tenant's primary host). */
  origin: string;
}

/**
 * The messages telling a customer their request was approved or declined: an SMS when the
 * booking has a phone number, an e-mail when it has an address. Destinations the outbox would
 * refuse are left out rather than failing (and rolling back) the decision.
 */
export function decisionMessages(
  booking: BookingRow,
  { tenant, service, origin }: DecisionContext,
): MessageToEnqueue<'booking-approved' | 'booking-declined'>[] {
  if (booking.status !== 'confirmed' && booking.status !== 'declined') return [];
  const locale: Locale = isLocale(booking.locale) ? booking.locale : 'en';
  const approved = booking.status === 'confirmed';
  const path = approved ? requestPagePath(service.slug, booking.publicId) : servicePagePath(service.slug);
  const reason = booking.decisionReason?.trim().slice(0, MAX_REASON_LENGTH);
  const payload: BookingDeclinedPayload = {
    organisation: tenant.name,
    name: booking.contactName.trim().slice(0, 200),
    service: localized(service.name, locale) || service.slug,
    when: formatDateTime(booking.startsAt, locale, tenant.timeZone),
    link: `${origin}${localePath(locale, path)}`,
    ...(!approved && reason ? { reason } : {}),
  };
  const template = approved ? 'booking-approved' : 'booking-declined';
  const common = { tenantId: tenant.id, locale, template, payload } as const;
  return customerDestinations(booking).map((to) => ({ ...common, ...to }));
}

/** Writes the decision's messages with the decision's transaction handle. */
export async function enqueueDecisionMessages(
  tx: Db,
  tenant: DecisionContext['tenant'],
  booking: BookingRow,
  origin: string,
  now: Date = new Date(),
): Promise<number> {
  await withdrawRescheduleNotice(tx, booking, now);
  const service = await findService(tx, tenant.id, booking.serviceId);
  if (!service) return 0;
  const messages = decisionMessages(booking, { tenant, service, origin });
  if (messages.length === 0)
    log.warn('booking decided without a phone or e-mail to tell', { booking: booking.publicId });
  for (const message of messages) await enqueueMessage(tx, message);
  return messages.length;
}

/**
 * Approves or declines a booking request and queues the customer's message in the same
 * transaction. The caller kicks the outbox (kickOutbox) after a successful decision.
 */
export async function decideAndNotify(
  db: Db,
  input: {
    tenant: Pick<Tenant, 'id' | 'name' | 'timeZone' | 'primaryHost'>;
    publicId: string;
    approve: boolean;
    reason?: string | null | undefined;
    staffId: string;
    /** The origin of the staff request, for a tenant without a primary host. */
    requestOrigin: string;
    now?: Date;
  },
): Promise<DecisionResult> {
  const reason = input.reason?.trim().slice(0, MAX_REASON_LENGTH) || null;
  const origin = publicOrigin(input.tenant, input.requestOrigin);
  return decideRequest(
    db,
    {
      tenantId: input.tenant.id,
      publicId: input.publicId,
      approve: input.approve,
      reason,
      staffId: input.staffId,
      ...(input.now ? { now: input.now } : {}),
    },
    async (tx, booking) => {
      await enqueueDecisionMessages(tx, input.tenant, booking, origin, input.now);
    },
  );
}
