import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { parseUuid } from '#lib/input.ts';
import { hitRateLimit, hitRateLimits } from '#server/rate-limit.server.ts';
import { editable } from './invitation-rules';
import { openInvitation } from './invitations.server';
import { reviewThankYouPath } from './paths';
import { type FieldErrors, readFeedbackForm, readReviewForm } from './review-form';
import { parseSlug, type ReviewTarget, redirectTarget, resolveTarget } from './review-links';
import { hashToken, parseToken } from './review-token.server';
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

/**
 * Limits on posting a review or feedback (issue 23). Refusals are per sender only — per address,
 * and per contact where one is given — so nobody can use them up for everyone else. A review page
 * that receives more than `burst` posts in an hour still accepts them, but holds each one for
 * staff moderation (`moderation = 'held'`) instead of refusing anyone.
 */
export const REVIEW_RATE_LIMITS = {
  // A waiting room shares one address (the clinic's wifi and the QR poster): generous per address.
  perIp: { limit: 30, windowMs: 60 * 60_000 },
  perContact: { limit: 5, windowMs: 60 * 60_000 },
  burst: { limit: 20, windowMs: 60 * 60_000 },
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

function thankYouPath(
  locale: Locale,
  kind: 'review' | 'feedback',
  rating: number | null,
  slug: string | null,
  token: string | null = null,
) {
  const query = new URLSearchParams();
  if (kind === 'feedback') query.set('sent', 'feedback');
  if (rating) query.set('r', String(rating));
  if (slug) query.set('s', slug);
  // A verified review's thank-you page carries its invitation on to the feedback page, so what
  // the author says privately reaches staff linked to their visit (the route is a secret link).
  if (token) query.set('t', token);
  return reviewThankYouPath(locale, query);
}

/** The rate-limit key of a contact: a hash, so no phone number or e-mail is kept in a key. */
const contactKey = (tenantId: string, contact: string) =>
  `review:contact:${tenantId}:${hashToken(contact.replace(/[\s+-]/g, '').toLowerCase())}`;

/**
 * Counts a post: refused (429) when its sender (address, contact) is over their own limit; else
 * whether its page is in a burst, which holds the post for moderation.
 */
async function limited(
  db: Db,
  tenant: Tenant,
  input: { ip: string; page: string; contacts: string[]; now: Date },
): Promise<{ refused: SubmitResult } | { refused: null; held: boolean }> {
  const perSender = await hitRateLimits(
    db,
    [
      [`review:ip:${tenant.id}:${input.ip}`, REVIEW_RATE_LIMITS.perIp],
      ...input.contacts.filter(Boolean).map((c) => [contactKey(tenant.id, c), REVIEW_RATE_LIMITS.perContact] as const),
    ],
    input.now,
  );
  if (!perSender.allowed) {
    return {
      refused: {
        kind: 'invalid',
        status: 429,
        errors: { form: 'review.form.rateLimited' },
        retryAfterSeconds: perSender.retryAfterSeconds,
      },
    };
  }
  const burst = await hitRateLimit(db, `review:burst:${tenant.id}:${input.page}`, REVIEW_RATE_LIMITS.burst, input.now);
  return { refused: null, held: !burst.allowed };
}

/** What a public review page posts: the page's tenant and language, the sender's address, the form, an invitation's token. */
interface PagePost {
  tenant: Tenant;
  locale: Locale;
  ip: string;
  form: Record<string, string>;
  token?: string | null;
  now?: Date;
}

/**
 * A review posted from `/review/{slug}` or `/review/{pid?}/clinic`. With an invitation's token it
 * is the verified review of that visit: one per booking, which its author may change within the
 * tenant's edit window. The rating decides nothing but the thank-you page's wording.
 */
export async function submitReview(
  db: Db,
  input: PagePost & { target: ReviewTarget | null; practitionerId?: string | null },
): Promise<SubmitResult> {
  const { tenant, locale } = input;
  const now = input.now ?? new Date();
  const read = readReviewForm(input.form);
  const slug = input.target && input.target.kind !== 'organisation' ? input.target.slug : null;
  if (read.ok === 'bot') return { kind: 'done', location: thankYouPath(locale, 'review', null, slug) };
  if (!read.ok) return { kind: 'invalid', status: 400, errors: read.errors };
  const limit = await limited(db, tenant, {
    ip: input.ip,
    page: slug ?? input.practitionerId ?? 'clinic',
    contacts: [],
    now,
  });
  if (limit.refused) return limit.refused;
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
      // A verified review cannot be part of a burst (one per sent invitation): it waits for
      // approval like every review, but is not marked held.
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
    await insertReview(db, { ...base, moderation: limit.held ? 'held' : 'pending', createdAt: now, updatedAt: now });
  }
  return {
    kind: 'done',
    location: thankYouPath(locale, 'review', value.rating, slug, input.token ? parseToken(input.token) : null),
  };
}

/**
 * The visit an invitation's token opens (a sent invitation of this tenant), for feedback sent
 * after a verified review; null for no or another token.
 */
async function visitOfToken(db: Db, tenantId: string, value: string | null | undefined) {
  const token = parseToken(value);
  const invitation = token ? await openInvitation(db, tenantId, token) : null;
  if (invitation?.status !== 'sent') return null;
  const booking = await invitationBooking(db, tenantId, invitation.bookingId);
  return booking ? { bookingId: booking.id, customerId: booking.customerId, resourceId: invitation.resourceId } : null;
}

/**
 * Private feedback from `/review/{slug?}/feedback`: for the organisation's eyes only. Reached from
 * a verified review's thank-you page it carries the invitation's token (`t`), and the feedback is
 * linked to that visit (booking, customer, practitioner) instead of arriving as an anonymous item.
 */
export async function submitFeedback(db: Db, input: PagePost & { target: ReviewTarget }): Promise<SubmitResult> {
  const { tenant, locale, target } = input;
  const now = input.now ?? new Date();
  const slug = target.kind === 'organisation' ? null : target.slug;
  const read = readFeedbackForm(input.form);
  if (read.ok === 'bot') return { kind: 'done', location: thankYouPath(locale, 'feedback', null, slug) };
  if (!read.ok) return { kind: 'invalid', status: 400, errors: read.errors };
  const limit = await limited(db, tenant, {
    ip: input.ip,
    page: `feedback:${slug ?? ''}`,
    contacts: [input.form.phone ?? '', input.form.email ?? ''].map((c) => c.trim()).filter(Boolean),
    now,
  });
  if (limit.refused) return limit.refused;
  const visit = await visitOfToken(db, tenant.id, input.token ?? input.form.t);
  await insertReview(db, {
    tenantId: tenant.id,
    kind: 'feedback',
    ...read.value,
    locale,
    linkId: target.linkId,
    resourceId: visit?.resourceId ?? target.resourceId,
    bookingId: visit?.bookingId ?? null,
    customerId: visit?.customerId ?? null,
    moderation: limit.held ? 'held' : 'pending',
    createdAt: now,
    updatedAt: now,
  });
  return { kind: 'done', location: thankYouPath(locale, 'feedback', null, slug) };
}
