// The reviews tables (src/db/schema/reviews.ts). Every query takes the tenant, except the job's
// search for due invitations across tenants (each row then carries its tenant).
import { and, desc, eq, gte, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { countRows, findTenantRow, firstTenantRow, ofTenant } from '#db/rows.server.ts';
import {
  bookings,
  resources,
  reviewInvitations,
  reviewLinks,
  reviewSettings,
  reviews,
  reviewUnsubscribes,
} from '#db/schema/index.ts';
import type { ReviewLinkTarget } from './review-links';
import type { ReviewModeration, ReviewRow, ReviewSettings, StaffReviewRow } from './review-types';

export type { ReviewRow, ReviewSettings, StaffReviewRow };

export type InvitationRow = typeof reviewInvitations.$inferSelect;

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  publicReviewUrl: null,
  showOnHome: false,
  inviteDelayMinutes: 0,
  editWindowDays: 7,
};

export async function findReviewSettings(db: Db, tenantId: string): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewSettings).where(ofTenant(reviewSettings, tenantId));
  if (!row) return DEFAULT_REVIEW_SETTINGS;
  const { tenantId: _, ...settings } = row;
  return settings;
}

export async function saveReviewSettings(db: Db, tenantId: string, settings: Partial<ReviewSettings>): Promise<void> {
  await db
    .insert(reviewSettings)
    .values({ tenantId, ...settings })
    .onConflictDoUpdate({ target: reviewSettings.tenantId, set: settings });
}

export async function findReviewLinks(db: Db, tenantId: string): Promise<ReviewLinkTarget[]> {
  return db
    .select({
      id: reviewLinks.id,
      slug: reviewLinks.slug,
      kind: reviewLinks.kind,
      resourceId: reviewLinks.resourceId,
      name: reviewLinks.name,
      publicReviewUrl: reviewLinks.publicReviewUrl,
    })
    .from(reviewLinks)
    .where(ofTenant(reviewLinks, tenantId))
    .orderBy(reviewLinks.slug);
}

/** Inserts the booking's invitation unless it has one; null when it had. */
export async function insertInvitation(
  tx: Db,
  values: typeof reviewInvitations.$inferInsert,
): Promise<InvitationRow | null> {
  const [row] = await tx
    .insert(reviewInvitations)
    .values(values)
    .onConflictDoNothing({ target: reviewInvitations.bookingId })
    .returning();
  return row ?? null;
}

/** Ids (with tenants) of invitations due by `now`, oldest first. */
export async function dueInvitationIds(db: Db, now: Date, limit: number): Promise<{ id: string; tenantId: string }[]> {
  return db
    .select({ id: reviewInvitations.id, tenantId: reviewInvitations.tenantId })
    .from(reviewInvitations)
    .where(and(eq(reviewInvitations.status, 'due'), lte(reviewInvitations.dueAt, now)))
    .orderBy(reviewInvitations.dueAt)
    .limit(limit);
}

/** Locks a still-due invitation for its decision; null when another run took it. */
export async function lockDueInvitation(tx: Db, tenantId: string, id: string): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(reviewInvitations)
    .where(
      and(eq(reviewInvitations.tenantId, tenantId), eq(reviewInvitations.id, id), eq(reviewInvitations.status, 'due')),
    )
    .for('update');
  return row ?? null;
}

/** Serialises decisions for one person: a transaction-scoped advisory lock on tenant + recipient. */
export async function lockRecipient(tx: Db, tenantId: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`review:${tenantId}:${key}`}))`);
}

export async function lastSentTo(tx: Db, tenantId: string, key: string): Promise<Date | null> {
  const [row] = await tx
    .select({ sentAt: reviewInvitations.sentAt })
    .from(reviewInvitations)
    .where(
      ofTenant(
        reviewInvitations,
        tenantId,
        eq(reviewInvitations.recipientKey, key),
        eq(reviewInvitations.status, 'sent'),
        isNotNull(reviewInvitations.sentAt),
      ),
    )
    .orderBy(desc(reviewInvitations.sentAt))
    .limit(1);
  return row?.sentAt ?? null;
}

export async function isUnsubscribed(db: Db, tenantId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: reviewUnsubscribes.recipientKey })
    .from(reviewUnsubscribes)
    .where(ofTenant(reviewUnsubscribes, tenantId, eq(reviewUnsubscribes.recipientKey, key)));
  return Boolean(row);
}

export async function insertUnsubscribe(db: Db, tenantId: string, key: string): Promise<void> {
  await db.insert(reviewUnsubscribes).values({ tenantId, recipientKey: key }).onConflictDoNothing();
}

export async function settleInvitation(
  tx: Db,
  tenantId: string,
  id: string,
  outcome: { status: 'sent'; sentAt: Date; tokenHash: string } | { status: 'skipped'; skipReason: string },
): Promise<void> {
  await tx
    .update(reviewInvitations)
    .set(outcome)
    .where(ofTenant(reviewInvitations, tenantId, eq(reviewInvitations.id, id)));
}

/** The booking an invitation is for (contact, language, practitioner). */
export async function invitationBooking(tx: Db, tenantId: string, bookingId: string) {
  const [row] = await tx
    .select({
      id: bookings.id,
      customerId: bookings.customerId,
      contactName: bookings.contactName,
      contactPhone: bookings.contactPhone,
      contactEmail: bookings.contactEmail,
      locale: bookings.locale,
      resourceId: bookings.resourceId,
      resourceName: resources.name,
    })
    .from(bookings)
    .leftJoin(resources, eq(resources.id, bookings.resourceId))
    .where(ofTenant(bookings, tenantId, eq(bookings.id, bookingId)));
  return row ?? null;
}

export async function invitationByTokenHash(
  db: Db,
  tenantId: string,
  tokenHash: string,
): Promise<InvitationRow | null> {
  return firstTenantRow(db, reviewInvitations, tenantId, eq(reviewInvitations.tokenHash, tokenHash));
}

export async function reviewOfBooking(db: Db, tenantId: string, bookingId: string): Promise<ReviewRow | null> {
  return firstTenantRow(db, reviews, tenantId, and(eq(reviews.bookingId, bookingId), eq(reviews.kind, 'review')));
}

export async function insertReview(db: Db, values: typeof reviews.$inferInsert): Promise<ReviewRow | null> {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateReview(
  db: Db,
  tenantId: string,
  id: string,
  set: Partial<Pick<ReviewRow, 'rating' | 'comment' | 'authorName' | 'mayPublish' | 'updatedAt'>>,
): Promise<void> {
  await db
    .update(reviews)
    .set(set)
    .where(ofTenant(reviews, tenantId, eq(reviews.id, id)));
}

export interface ReviewFilter {
  rating?: number;
  resourceId?: string;
  from?: Date;
  until?: Date;
  kind?: 'review' | 'feedback';
  status?: 'new' | 'handled';
  moderation?: ReviewModeration;
}

/** The WHERE of a staff filter of reviews, for a page of them and their count alike. */
function reviewConditions(tenantId: string, filter: ReviewFilter) {
  const where = [eq(reviews.tenantId, tenantId)];
  if (filter.rating) where.push(eq(reviews.rating, filter.rating));
  if (filter.resourceId) where.push(eq(reviews.resourceId, filter.resourceId));
  if (filter.from) where.push(gte(reviews.createdAt, filter.from));
  if (filter.until) where.push(lt(reviews.createdAt, filter.until));
  if (filter.kind) where.push(eq(reviews.kind, filter.kind));
  if (filter.status) where.push(eq(reviews.status, filter.status));
  if (filter.moderation) where.push(eq(reviews.moderation, filter.moderation));
  return and(...where);
}

export async function staffReviewRows(
  db: Db,
  tenantId: string,
  filter: ReviewFilter,
  limit: number,
  offset = 0,
): Promise<StaffReviewRow[]> {
  const rows = await db
    .select({
      review: reviews,
      resourceName: resources.name,
      linkName: reviewLinks.name,
      visitName: bookings.contactName,
    })
    .from(reviews)
    .leftJoin(resources, eq(resources.id, reviews.resourceId))
    .leftJoin(reviewLinks, eq(reviewLinks.id, reviews.linkId))
    .leftJoin(bookings, and(eq(bookings.tenantId, reviews.tenantId), eq(bookings.id, reviews.bookingId)))
    .where(reviewConditions(tenantId, filter))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    ...r.review,
    resourceName: r.resourceName,
    linkName: r.linkName,
    visitName: r.visitName,
  }));
}

/** How many reviews and feedback a staff filter finds. */
export async function countStaffReviews(db: Db, tenantId: string, filter: ReviewFilter): Promise<number> {
  return countRows(db, reviews, tenantId, reviewConditions(tenantId, filter));
}

export async function findReview(db: Db, tenantId: string, id: string): Promise<ReviewRow | null> {
  return findTenantRow(db, reviews, tenantId, id);
}

export async function markReview(
  db: Db,
  tenantId: string,
  id: string,
  set: Partial<
    Pick<
      ReviewRow,
      'status' | 'handledAt' | 'handledByStaffId' | 'repliedAt' | 'moderation' | 'moderatedAt' | 'moderatedByStaffId'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set(set)
    .where(ofTenant(reviews, tenantId, eq(reviews.id, id)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** The practitioners of the tenant (the staff filter). */
export async function practitionersOf(db: Db, tenantId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: resources.id, name: resources.name })
    .from(resources)
    .where(ofTenant(resources, tenantId, eq(resources.kind, 'practitioner')))
    .orderBy(resources.name);
}

/**
 * Reviews whose authors agreed to be shown and that a staff member approved, newest first (the
 * home page, when the tenant enables it).
 */
export async function publishedReviews(db: Db, tenantId: string, limit: number) {
  return db
    .select({
      rating: reviews.rating,
      comment: reviews.comment,
      authorName: reviews.authorName,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(
      ofTenant(
        reviews,
        tenantId,
        eq(reviews.kind, 'review'),
        eq(reviews.mayPublish, true),
        eq(reviews.moderation, 'approved'),
        ne(reviews.comment, ''),
      ),
    )
    .orderBy(desc(reviews.createdAt))
    .limit(limit);
}

export async function insertReviewLink(db: Db, values: typeof reviewLinks.$inferInsert): Promise<boolean> {
  const rows = await db.insert(reviewLinks).values(values).onConflictDoNothing().returning({ id: reviewLinks.id });
  return rows.length > 0;
}

export async function deleteReviewLink(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(reviewLinks)
    .where(ofTenant(reviewLinks, tenantId, eq(reviewLinks.id, id)))
    .returning({ id: reviewLinks.id });
  return rows.length > 0;
}
