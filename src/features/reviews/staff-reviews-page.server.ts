// Staff's reviews page (`/staff/reviews`): its posts (settings, the review links, marking and
// replying to a review) answered as the page's notice, and what it lists for the address's filters
// (rating, practitioner, date, kind, status) with the settings and links forms' data.
import { pageCount, parsePage } from '#components/pagination/pagination-model.ts';
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import {
  reviewFilterOf,
  reviewLinkAction,
  reviewLinksOf,
  reviewPractitioners,
  reviewSettings,
  saveReviewSettingsForm,
  staffReviewAction,
  staffReviewCount,
  staffReviews,
} from './staff-reviews.server';

/** A post of the page, as its staffAction handler returns it. */
export async function staffReviewsPost(db: Db, tenant: Tenant, staffId: string, form: Record<string, string>) {
  const result =
    form.action === 'settings'
      ? await saveReviewSettingsForm(db, tenant.id, form)
      : form.action === 'add-link' || form.action === 'remove-link'
        ? await reviewLinkAction(db, tenant, form)
        : await staffReviewAction(db, { tenant, staffId, form });
  return { ...result, key: result.message };
}

/** The page's lists for the query's filters. */
export async function staffReviewsPage(db: Db, tenant: Pick<Tenant, 'id' | 'timeZone'>, query: URLSearchParams) {
  const filter = reviewFilterOf(query, tenant.timeZone);
  const page = parsePage(query.get('page'));
  const [rows, total, practitioners, settings, links] = await Promise.all([
    staffReviews(db, tenant.id, filter, REVIEWS_PAGE_ROWS, ((page ?? 1) - 1) * REVIEWS_PAGE_ROWS),
    staffReviewCount(db, tenant.id, filter),
    reviewPractitioners(db, tenant.id),
    reviewSettings(db, tenant.id),
    reviewLinksOf(db, tenant.id),
  ]);
  // Not a page number: 400; past the last page: 404 (page 1 of nothing exists: "none yet").
  const pageIssue = page === null ? 400 : page > Math.max(1, pageCount(total, REVIEWS_PAGE_ROWS)) ? 404 : null;
  return { rows, total, page: page ?? 1, pageIssue, practitioners, settings, links };
}

/** Reviews and feedback per page of the staff list (`?page=N`, newest first). */
export const REVIEWS_PAGE_ROWS = 50;
