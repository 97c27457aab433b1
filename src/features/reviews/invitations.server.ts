import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { findTenantById } from '#features/tenants/index.server.ts';
import { isLocale, type Locale } from '#i18n/locales.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { env } from '#server/config.server.ts';
import { enqueueMessage, kickOutbox } from '#server/outbox/index.ts';
import { invitationDecision, invitationDueAt, recipientKey } from './invitation-rules';
import { clinicReviewPath, reviewUnsubscribePath } from './paths';
import { hashToken, newToken } from './review-token.server';
import {
  dueInvitationIds,
  findReviewSettings,
  insertInvitation,
  insertUnsubscribe,
  invitationBooking,
  invitationByTokenHash,
  isUnsubscribed,
  lastSentTo,
  lockDueInvitation,
  lockRecipient,
  settleInvitation,
} from './reviews-repo.server';

const SMS = /^\+?[1-9]\d{6,14}$/;

/** The invitation's personal link and its unsubscribe link (absolute, for a message). */
export function invitationLinks(
  tenant: { primaryHost: string },
  locale: Locale,
  token: string,
  resourceId: string | null,
): { link: string; unsubscribeLink: string } {
  const origin = `${env().PUBLIC_PROTOCOL}://${tenant.primaryHost}`;
  return {
    link: `${origin}${clinicReviewPath(locale, resourceId, token)}`,
    unsubscribeLink: `${origin}${reviewUnsubscribePath(locale, token)}`,
  };
}

/**
 * Records the invitation of a completed booking (once per booking: a second completion or a
 * replayed event finds it), due at the tenant's delay. Runs in the completion's transaction.
 * Returns whether it is due at once (the caller then sends it in the same transaction).
 */
export async function recordInvitation(
  tx: Db,
  input: {
    tenantId: string;
    booking: { id: string; resourceId: string; contactPhone: string | null; contactEmail: string | null };
    at: Date;
  },
): Promise<{ id: string; due: boolean } | null> {
  const settings = await findReviewSettings(tx, input.tenantId);
  const dueAt = invitationDueAt(input.at, settings.inviteDelayMinutes);
  const row = await insertInvitation(tx, {
    tenantId: input.tenantId,
    bookingId: input.booking.id,
    resourceId: input.booking.resourceId,
    recipientKey: recipientKey({ phone: input.booking.contactPhone, email: input.booking.contactEmail }),
    dueAt,
  });
  if (!row) return null;
  return { id: row.id, due: dueAt.getTime() <= input.at.getTime() };
}

/**
 * Decides one due invitation, in the caller's transaction: locks it (a concurrent or re-run job
 * finds it no longer due) and the person it is for, then sends it through the outbox or skips it
 * (unsubscribed, invited within 14 days, no contact). Returns what happened, or null if not due.
 */
export async function decideInvitation(
  tx: Db,
  tenantId: string,
  invitationId: string,
  now: Date,
): Promise<'sent' | 'skipped' | null> {
  const invitation = await lockDueInvitation(tx, tenantId, invitationId);
  if (!invitation) return null;
  const key = invitation.recipientKey;
  if (key) await lockRecipient(tx, tenantId, key);
  const decision = invitationDecision({
    recipientKey: key,
    unsubscribed: key ? await isUnsubscribed(tx, tenantId, key) : false,
    lastSentAt: key ? await lastSentTo(tx, tenantId, key) : null,
    now,
  });
  const booking = await invitationBooking(tx, tenantId, invitation.bookingId);
  const tenant = await findTenantById(tx, tenantId);
  if (!decision.send || !booking || !tenant) {
    const skipReason = decision.send ? 'no_booking' : decision.reason;
    await settleInvitation(tx, tenantId, invitation.id, { status: 'skipped', skipReason });
    return 'skipped';
  }
  const token = newToken();
  const locale: Locale = isLocale(booking.locale) ? booking.locale : 'en';
  const links = invitationLinks(tenant, locale, token, invitation.resourceId);
  const phone = booking.contactPhone?.replace(/[\s-]/g, '') ?? '';
  const envelope = SMS.test(phone)
    ? ({ channel: 'sms', destination: phone } as const)
    : ({ channel: 'email', destination: booking.contactEmail?.trim() ?? '' } as const);
  await enqueueMessage(tx, {
    tenantId,
    locale,
    ...envelope,
    template: 'review-invitation',
    payload: { organisation: tenant.name, name: booking.contactName, ...links },
  });
  // Only the token's hash is kept: the link opens this invitation and nothing else.
  await settleInvitation(tx, tenantId, invitation.id, { status: 'sent', sentAt: now, tokenHash: hashToken(token) });
  return 'sent';
}

/**
 * The job's run: every invitation due by `now`, each decided in its own transaction. Safe to
 * repeat and to run on two instances at once (the row lock and the status make each one-shot).
 */
export async function sendDueInvitations(db: Db, now: Date): Promise<{ sent: number; skipped: number }> {
  const counts = { sent: 0, skipped: 0 };
  for (const { id, tenantId } of await dueInvitationIds(db, now, 500)) {
    try {
      const outcome = await transaction(db, (tx) => decideInvitation(tx, tenantId, id, now), {
        name: 'review-invitation',
      });
      if (outcome) counts[outcome] += 1;
    } catch (error) {
      log.error('review invitation failed', { invitationId: id, ...errorFields(error) });
    }
  }
  if (counts.sent > 0) kickOutbox();
  return counts;
}

/** The invitation a personal link's token opens for this tenant, or null. */
export async function openInvitation(db: Db, tenantId: string, token: string) {
  return invitationByTokenHash(db, tenantId, hashToken(token));
}

/** Honours an unsubscribe from an invitation's link: no more invitations to that person. */
export async function unsubscribeByToken(db: Db, tenantId: string, token: string): Promise<boolean> {
  const invitation = await openInvitation(db, tenantId, token);
  if (!invitation?.recipientKey) return false;
  await insertUnsubscribe(db, tenantId, invitation.recipientKey);
  return true;
}
