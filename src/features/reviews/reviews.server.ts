import type { Db } from '../../db/client.server';
import type { Locale } from '../../i18n/locales';
import { localePath } from '../../i18n/routing';
import { parseUuid } from '../../lib/input';
import { hitRateLimits } from '../../server/rate-limit.server';
import type { Tenant } from '../tenants';
import { editable } from './invitation-rules';
import { openInvitation } from './invitations.server';
import { type FieldErrors, readFeedbackForm, readReviewForm } from './review-form';
import { parseSlug, type ReviewTarget, redirectTarget, resolveTarget } from './review-links';
import { parseToken } from './review-token.server';
import {
  findReviewLinks,
  findReviewSettings,
  insertReview,
  invitationBooking,
  practitionersOf,
  type ReviewRow,
  reviewOfBooking,
  updateReview,
} from './reviews-repo.server';

/** Rate limits on posting a review or feedback: per address and per review page. */
export const REVIEW_RATE_LIMITS = {
  // A waiting room shares one address (the clinic's wifi and the QR poster): generous per address.
  perIp: { limit: 30, windowMs: 60 * 60_000 },
  perLink: { limit: 120, windowMs: 60 * 60_000 },
} as const;

/** What `/review/{slug}` (or a route with an optional slug) is about; null answers 404. */
export async function reviewTarget(db: Db, tenant: Tenant, slug: string | undefined): Promise<ReviewTarget | null> {
  if (slug !== undefined && parseSlug(slug) === null) return null;
  return resolveTarget(slug, tenant, await findReviewLinks(db, tenant.id));
}

/** Where `/review/{slug?}/redirect` sends the visitor: only a configured link, or null. */
export async function publicReviewUrl(db: Db, tenant: Tenant, target: ReviewTarget): Promise<string | null> {
  const settings = await findReviewSettings(db, tenant.id);
  const link = target.linkId ? (await findReviewLinks(db, tenant.id)).find((l) => l.id === target.linkId) : null;
  return redirectTarget(settings.publicReviewUrl, link ?? null);
}

export interface ClinicReviewPage {
  practitioner: { id: string; name: string } | null;
  /** The visit the review is for (from the invitation's link), or null for an unverified review. */
  invitation: { token: string; name: string } | null;
  /** The author's review of this visit, while they may still change it. */
  existing: Pick<ReviewRow, 'rating' | 'comment' | 'authorName' | 'mayPublish'> | null;
  /** The visit was reviewed and the edit window has passed. */
  closed: boolean;
}

/**
 * `/review/{pid?}/clinic`: the practitioner (if any, one of this tenant's) and, with a personal
 * link, the visit it is for. Null answers 404: an unknown practitioner, a token that opens no
 * sent invitation of this tenant.
 */
export async function clinicReviewPage(
  db: Db,
  tenant: Tenant,
  input: { pid: string | undefined; token: string | null; now?: Date },
): Promise<ClinicReviewPage | null> {
  let practitioner: ClinicReviewPage['practitioner'] = null;
  if (input.pid !== undefined) {
    const id = parseUuid(input.pid);
    if (!id) return null;
    practitioner = (await practitionersOf(db, tenant.id)).find((p) => p.id === id) ?? null;
    if (!practitioner) return null;
  }
  if (input.token === null) return { practitioner, invitation: null, existing: null, closed: false };
  const token = parseToken(input.token);
  const invitation = token ? await openInvitation(db, tenant.id, token) : null;
  if (!token || !invitation || invitation.status !== 'sent') return null;
  const booking = await invitationBooking(db, tenant.id, invitation.bookingId);
  if (!booking) return null;
  const existing = await reviewOfBooking(db, tenant.id, booking.id);
  const settings = await findReviewSettings(db, tenant.id);
  const open = !existing || editable(existing.createdAt, settings.editWindowDays, input.now ?? new Date());
  return {
    practitioner,
    invitation: { token, name: booking.contactName },
    existing: existing && open ? existing : null,
    closed: !open,
  };
}

export type SubmitResult =
  | { kind: 'done'; location: string }
  | { kind: 'invalid'; status: 400 | 409 | 429; errors: FieldErrors; retryAfterSeconds?: number };

function thankYouPath(locale: Locale, kind: 'review' | 'feedback', rating: number | null, slug: string | null) {
  const query = new URLSearchParams();
  if (kind === 'feedback') query.set('sent', 'feedback');
  if (rating) query.set('r', String(rating));
  if (slug) query.set('s', slug);
  const search = query.toString();
  return `${localePath(locale, '/review/thankyou')}${search ? `?${search}` : ''}`;
}

async function limited(db: Db, tenant: Tenant, ip: string, page: string, now: Date): Promise<SubmitResult | null> {
  const result = await hitRateLimits(
    db,
    [
      [`review:ip:${tenant.id}:${ip}`, REVIEW_RATE_LIMITS.perIp],
      [`review:link:${tenant.id}:${page}`, REVIEW_RATE_LIMITS.perLink],
    ],
    now,
  );
  if (result.allowed) return null;
  return {
    kind: 'invalid',
    status: 429,
    errors: { form: 'review.form.rateLimited' },
    retryAfterSeconds: result.retryAfterSeconds,
  };
}

/**
 * A review posted from `/review/{slug}` or `/review/{pid?}/clinic`. With an invitation's token it
 * is the verified review of that visit: one per booking, which its author may change within the
 * tenant's edit window. The rating decides nothing but the thank-you page's wording.
 */
export async function submitReview(
  db: Db,
  input: {
    tenant: Tenant;
    locale: Locale;
    ip: string;
    form: Record<string, string>;
    target: ReviewTarget | null;
    practitionerId?: string | null;
    token?: string | null;
    now?: Date;
  },
): Promise<SubmitResult> {
  const { tenant, locale } = input;
  const now = input.now ?? new Date();
  const read = readReviewForm(input.form);
  const slug = input.target && input.target.kind !== 'organisation' ? input.target.slug : null;
  if (read.ok === 'bot') return { kind: 'done', location: thankYouPath(locale, 'review', null, slug) };
  if (!read.ok) return { kind: 'invalid', status: 400, errors: read.errors };
  const refused = await limited(db, tenant, input.ip, slug ?? input.practitionerId ?? 'clinic', now);
  if (refused) return refused;
  const { value } = read;
  const base = {
    tenantId: tenant.id,
    kind: 'review' as const,
    rating: value.rating,
    comment: value.comment,
    authorName: value.authorName,
    mayPublish: value.mayPublish,
    locale,
    linkId: input.target?.linkId ?? null,
    resourceId: input.practitionerId ?? input.target?.resourceId ?? null,
  };
  if (input.token) {
    const page = await clinicReviewPage(db, tenant, { pid: undefined, token: input.token, now });
    const invitation = page?.invitation ? await openInvitation(db, tenant.id, page.invitation.token) : null;
    if (!page || !invitation) return { kind: 'invalid', status: 400, errors: { form: 'review.form.linkInvalid' } };
    if (page.closed) return { kind: 'invalid', status: 409, errors: { form: 'review.form.closed' } };
    const booking = await invitationBooking(db, tenant.id, invitation.bookingId);
    const existing = await reviewOfBooking(db, tenant.id, invitation.bookingId);
    if (existing) {
      await updateReview(db, tenant.id, existing.id, {
        rating: value.rating,
        comment: value.comment,
        authorName: value.authorName,
        mayPublish: value.mayPublish,
        updatedAt: now,
      });
    } else {
      const row = await insertReview(db, {
        ...base,
        resourceId: invitation.resourceId,
        bookingId: invitation.bookingId,
        customerId: booking?.customerId ?? null,
        createdAt: now,
        updatedAt: now,
      });
      // A concurrent post of the same link won: this one changes nothing.
      if (!row) return { kind: 'invalid', status: 409, errors: { form: 'review.form.closed' } };
    }
  } else {
    await insertReview(db, { ...base, createdAt: now, updatedAt: now });
  }
  return { kind: 'done', location: thankYouPath(locale, 'review', value.rating, slug) };
}

/** Private feedback from `/review/{slug?}/feedback`: for the organisation's eyes only. */
export async function submitFeedback(
  db: Db,
  input: { tenant: Tenant; locale: Locale; ip: string; form: Record<string, string>; target: ReviewTarget; now?: Date },
): Promise<SubmitResult> {
  const { tenant, locale, target } = input;
  const now = input.now ?? new Date();
  const slug = target.kind === 'organisation' ? null : target.slug;
  const read = readFeedbackForm(input.form);
  if (read.ok === 'bot') return { kind: 'done', location: thankYouPath(locale, 'feedback', null, slug) };
  if (!read.ok) return { kind: 'invalid', status: 400, errors: read.errors };
  const refused = await limited(db, tenant, input.ip, `feedback:${slug ?? ''}`, now);
  if (refused) return refused;
  await insertReview(db, {
    tenantId: tenant.id,
    kind: 'feedback',
    ...read.value,
    locale,
    linkId: target.linkId,
    resourceId: target.resourceId,
    createdAt: now,
    updatedAt: now,
  });
  return { kind: 'done', location: thankYouPath(locale, 'feedback', null, slug) };
}
