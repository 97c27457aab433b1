import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { isLocale, type Locale } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { isCalendarDay } from '#lib/dates.ts';
import { parseUuid } from '#lib/input.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { zonedDayStart } from '#lib/zoned-time.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import { enqueueMessage, kickOutbox } from '#server/outbox/index.ts';
import { googleReviewUrl, parseSlug, safePublicUrl } from './review-links';
import { MODERATIONS, type ReviewModeration } from './review-types';
import {
  countStaffReviews,
  deleteReviewLink,
  findReview,
  findReviewLinks,
  findReviewSettings,
  insertReviewLink,
  markReview,
  practitionersOf,
  publishedReviews,
  type ReviewFilter,
  type ReviewSettings,
  saveReviewSettings,
  staffReviewRows,
} from './reviews-repo.server';

export type { ReviewFilter, ReviewSettings };

/**
 * The staff list's filters from its query string, days in the tenant's time zone; unknown values
 * are ignored, not errors.
 */
export function reviewFilterOf(query: URLSearchParams, timeZone: string): ReviewFilter {
  const filter: ReviewFilter = {};
  const rating = query.get('rating') ?? '';
  if (/^[1-5]$/.test(rating)) filter.rating = Number(rating);
  const resourceId = parseUuid(query.get('practitioner'));
  if (resourceId) filter.resourceId = resourceId;
  const day = (value: string | null) => (value && isCalendarDay(value) ? value : null);
  const from = day(query.get('from'));
  if (from) filter.from = zonedDayStart(from, timeZone);
  const until = day(query.get('to'));
  if (until) filter.until = zonedDayStart(until, timeZone, 1);
  const kind = query.get('kind');
  if (kind === 'review' || kind === 'feedback') filter.kind = kind;
  const status = query.get('status');
  if (status === 'new' || status === 'handled') filter.status = status;
  const moderation = query.get('moderation');
  if (MODERATIONS.some((m) => m === moderation)) filter.moderation = moderation as ReviewModeration;
  return filter;
}

export async function staffReviews(db: Db, tenantId: string, filter: ReviewFilter, limit = 200, offset = 0) {
  return staffReviewRows(db, tenantId, filter, limit, offset);
}

/** How many reviews and feedback the filter finds, whatever page shows. */
export async function staffReviewCount(db: Db, tenantId: string, filter: ReviewFilter) {
  return countStaffReviews(db, tenantId, filter);
}

export { findReviewSettings as reviewSettings, practitionersOf as reviewPractitioners };

export type StaffActionResult =
  | { ok: true; message: MessageKey }
  | { ok: false; status: 400 | 404 | 409; message: MessageKey };

/**
 * A staff action on one review or feedback: `handled` marks it done; `approve` / `reject` decide
 * whether a review may appear on the home page (none does without approval); `reply` sends a
 * private answer through the outbox — only where the author consented and left a phone or e-mail.
 */
export async function staffReviewAction(
  db: Db,
  input: { tenant: Tenant; staffId: string; form: Record<string, string>; now?: Date },
): Promise<StaffActionResult> {
  const { tenant, form } = input;
  const now = input.now ?? new Date();
  const id = parseUuid(form.id);
  if (!id) return { ok: false, status: 400, message: 'review.staff.notFound' };
  const review = await findReview(db, tenant.id, id);
  if (!review) return { ok: false, status: 404, message: 'review.staff.notFound' };
  if (form.action === 'handled') {
    await markReview(db, tenant.id, id, { status: 'handled', handledAt: now, handledByStaffId: input.staffId });
    return { ok: true, message: 'review.staff.markedHandled' };
  }
  if (form.action === 'approve' || form.action === 'reject') {
    // Private feedback is never shown: there is nothing to approve.
    if (review.kind !== 'review') return { ok: false, status: 400, message: 'review.staff.unknownAction' };
    const approve = form.action === 'approve';
    let after: AfterCommit[] = [];
    await transaction(db, async (tx) => {
      await markReview(tx, tenant.id, id, {
        moderation: approve ? 'approved' : 'rejected',
        moderatedAt: now,
        moderatedByStaffId: input.staffId,
      });
      // The cached home page shows (or stops showing) it now, not after its minute.
      after = await events.emit(tx, 'review-display.changed', { tenantId: tenant.id });
    });
    await runAfterCommit(after, (error) => log.warn('after review moderation failed', errorFields(error)));
    return { ok: true, message: approve ? 'review.staff.approved' : 'review.staff.rejected' };
  }
  if (form.action !== 'reply') return { ok: false, status: 400, message: 'review.staff.unknownAction' };
  const reply = (form.reply ?? '').trim();
  if (!reply || reply.length > 2000) return { ok: false, status: 400, message: 'review.staff.replyInvalid' };
  if (!review.contactConsent || (!review.contactPhone && !review.contactEmail)) {
    return { ok: false, status: 409, message: 'review.staff.noConsent' };
  }
  const locale: Locale = isLocale(review.locale) ? review.locale : 'en';
  const envelope = review.contactPhone
    ? ({ channel: 'sms', destination: review.contactPhone } as const)
    : ({ channel: 'email', destination: review.contactEmail ?? '' } as const);
  await transaction(db, async (tx) => {
    await enqueueMessage(tx, {
      tenantId: tenant.id,
      locale,
      ...envelope,
      template: 'review-reply',
      payload: { organisation: tenant.name, name: review.authorName ?? '', reply },
    });
    await markReview(tx, tenant.id, id, {
      repliedAt: now,
      status: 'handled',
      handledAt: now,
      handledByStaffId: input.staffId,
    });
  });
  kickOutbox();
  return { ok: true, message: 'review.staff.replied' };
}

/**
 * Saves the review settings from the staff form: the public link (a URL, or a Google place id),
 * whether agreed reviews show on the home page, the invitation delay. An unsafe link is refused.
 */
export async function saveReviewSettingsForm(
  db: Db,
  tenantId: string,
  form: Record<string, string>,
): Promise<StaffActionResult> {
  const raw = (form.publicUrl ?? '').trim();
  let publicReviewUrl: string | null = null;
  if (raw) {
    publicReviewUrl = /^https?:/i.test(raw) ? safePublicUrl(raw) : googleReviewUrl(raw);
    if (!publicReviewUrl) return { ok: false, status: 400, message: 'review.staff.linkInvalid' };
  }
  const delay = Number(form.delay ?? '0');
  if (!Number.isInteger(delay) || delay < 0 || delay > 14 * 24 * 60) {
    return { ok: false, status: 400, message: 'review.staff.delayInvalid' };
  }
  let after: AfterCommit[] = [];
  await transaction(db, async (tx) => {
    const before = await findReviewSettings(tx, tenantId);
    const showOnHome = form.showOnHome === 'yes';
    await saveReviewSettings(tx, tenantId, { publicReviewUrl, showOnHome, inviteDelayMinutes: delay });
    if (before.showOnHome !== showOnHome) after = await events.emit(tx, 'review-display.changed', { tenantId });
  });
  await runAfterCommit(after, (error) => log.warn('after review settings change failed', errorFields(error)));
  return { ok: true, message: 'review.staff.settingsSaved' };
}

/**
 * The reviews the home page shows: only when the tenant turned display on, only those whose author
 * agreed and that a staff member approved (verified or not: a patient's words are the clinic's
 * advertising once shown, so every one is read first).
 */
export async function homeReviews(db: Db, tenantId: string) {
  const settings = await findReviewSettings(db, tenantId);
  if (!settings.showOnHome) return [];
  return publishedReviews(db, tenantId, 3);
}

export { findReviewLinks as reviewLinksOf };

/**
 * Adds or removes a branch's or practitioner's review page (`/review/{slug}`) from the staff form.
 * The slug must be free in this tenant and not the organisation's own; a practitioner must be one
 * of the tenant's; the optional public link must be safe (https).
 */
export async function reviewLinkAction(
  db: Db,
  tenant: Pick<Tenant, 'id' | 'slug'>,
  form: Record<string, string>,
): Promise<StaffActionResult> {
  if (form.action === 'remove-link') {
    const id = parseUuid(form.id);
    const removed = id ? await deleteReviewLink(db, tenant.id, id) : false;
    return removed
      ? { ok: true, message: 'review.staff.linkRemoved' }
      : { ok: false, status: 404, message: 'review.staff.notFound' };
  }
  const slug = parseSlug((form.slug ?? '').trim());
  const name = (form.name ?? '').trim();
  if (!slug || slug === tenant.slug) return { ok: false, status: 400, message: 'review.staff.slugInvalid' };
  if (!name || name.length > 120) return { ok: false, status: 400, message: 'review.staff.nameInvalid' };
  const kind = form.kind === 'practitioner' ? 'practitioner' : 'branch';
  let resourceId: string | null = null;
  if (kind === 'practitioner') {
    resourceId = parseUuid(form.practitioner);
    const practitioners = await practitionersOf(db, tenant.id);
    if (!resourceId || !practitioners.some((p) => p.id === resourceId)) {
      return { ok: false, status: 400, message: 'review.staff.practitionerInvalid' };
    }
  }
  const raw = (form.publicUrl ?? '').trim();
  const publicReviewUrl = raw ? (/^https?:/i.test(raw) ? safePublicUrl(raw) : googleReviewUrl(raw)) : null;
  if (raw && !publicReviewUrl) return { ok: false, status: 400, message: 'review.staff.linkInvalid' };
  const added = await insertReviewLink(db, { tenantId: tenant.id, slug, kind, resourceId, name, publicReviewUrl });
  return added
    ? { ok: true, message: 'review.staff.linkAdded' }
    : { ok: false, status: 409, message: 'review.staff.slugTaken' };
}
