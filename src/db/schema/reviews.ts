// Reviews (issue 15; docs/decisions/0025-reviews-without-gating.md): review links, invitations
// after an attended appointment, reviews and private feedback. No gating: nothing here depends on
// the rating to decide what a reviewer is offered.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers, staff } from './accounts';
import { bookings, resources } from './bookings';
import { createdAt, flag, instant, optionalRef, updatedAt, zeroOrMore } from './columns';
import { tenantId, tenantOwned, tenantPrimaryKey } from './tenants';

/** A tenant's review settings; a tenant without a row has the defaults. */
export const reviewSettings = pgTable('review_settings', {
  tenantId: tenantPrimaryKey(),
  /** The organisation's public review link (Google `writereview?placeid=…` or another); https only. */
  publicReviewUrl: text('public_review_url'),
  /** Reviews whose authors agreed are shown on the home page. Off by default (testimonial rules). */
  showOnHome: flag('show_on_home', false),
  /** Minutes after the appointment is marked completed before the invitation goes out. */
  inviteDelayMinutes: zeroOrMore('invite_delay_minutes'),
  /** Days an author may still edit a review left from an invitation. */
  editWindowDays: integer('edit_window_days').notNull().default(7),
});

/** A branch or practitioner with its own review page `/review/{slug}` (and maybe its own public link). */
export const reviewLinks = pgTable(
  'review_links',
  {
    ...tenantOwned(),
    slug: text('slug').notNull(),
    kind: text('kind', { enum: ['branch', 'practitioner'] }).notNull(),
    /** The practitioner (a resource) the page is about, for `practitioner` links. */
    resourceId: optionalRef('resource_id', () => resources.id, 'cascade'),
    name: text('name').notNull(),
    /** The branch's own public review link; null falls back to the organisation's. */
    publicReviewUrl: text('public_review_url'),
  },
  (t) => [uniqueIndex('review_links_tenant_slug_key').on(t.tenantId, t.slug)],
);

/** One invitation per completed booking, ever (the unique booking id). */
export const reviewInvitations = pgTable(
  'review_invitations',
  {
    ...tenantOwned(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    resourceId: optionalRef('resource_id', () => resources.id),
    /** Who it is for (`p:60123…` or `e:name@…`), for the 14-day gap and unsubscribes; null without contact. */
    recipientKey: text('recipient_key'),
    /** SHA-256 (hex) of the personal link's token, set when it is sent; the token is only in the message. */
    tokenHash: text('token_hash').unique(),
    status: text('status', { enum: ['due', 'sent', 'skipped'] })
      .notNull()
      .default('due'),
    skipReason: text('skip_reason'),
    dueAt: instant('due_at').notNull(),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_invitations_due_idx').on(t.dueAt).where(sql`${t.status} = 'due'`),
    index('review_invitations_recipient_idx').on(t.tenantId, t.recipientKey, t.sentAt),
  ],
);

/** People who asked for no more review invitations from a tenant. */
export const reviewUnsubscribes = pgTable(
  'review_unsubscribes',
  {
    tenantId: tenantId(),
    recipientKey: text('recipient_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.recipientKey] })],
);

export const REVIEW_MODERATIONS = ['pending', 'held', 'approved', 'rejected'] as const;

/**
 * A review (a rating 1–5 with a comment) or private feedback (no rating, for the organisation
 * only). A review from an invitation names its booking: one per booking (the unique index).
 */
export const reviews = pgTable(
  'reviews',
  {
    ...tenantOwned(),
    kind: text('kind', { enum: ['review', 'feedback'] }).notNull(),
    rating: integer('rating'),
    comment: text('comment').notNull().default(''),
    authorName: text('author_name'),
    linkId: optionalRef('link_id', () => reviewLinks.id),
    resourceId: optionalRef('resource_id', () => resources.id),
    bookingId: optionalRef('booking_id', () => bookings.id),
    customerId: optionalRef('customer_id', () => customers.id),
    /** The author agreed that staff may answer them privately, at these addresses. */
    contactConsent: flag('contact_consent', false),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** The author agreed that the comment may be shown on the organisation's site. */
    mayPublish: flag('may_publish', false),
    locale: text('locale').notNull().default('en'),
    status: text('status', { enum: ['new', 'handled'] })
      .notNull()
      .default('new'),
    /**
     * Whether the home page may show it (issue 23): every review waits for a staff member's
     * approval; one posted during a burst on its page is `held` (shown to staff as such) instead
     * of the page refusing everyone. Private feedback is never shown, whatever this says.
     */
    moderation: text('moderation', { enum: REVIEW_MODERATIONS }).notNull().default('pending'),
    moderatedAt: instant('moderated_at'),
    moderatedByStaffId: optionalRef('moderated_by_staff_id', () => staff.id),
    handledAt: instant('handled_at'),
    handledByStaffId: optionalRef('handled_by_staff_id', () => staff.id),
    repliedAt: instant('replied_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One review per visit; private feedback sent after it names the same booking.
    uniqueIndex('reviews_booking_key').on(t.bookingId).where(sql`${t.kind} = 'review'`),
    index('reviews_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} is null or (${t.rating} between 1 and 5)`),
  ],
);
