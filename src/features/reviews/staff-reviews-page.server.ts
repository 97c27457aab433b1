// Staff's reviews page (`/staff/reviews`): its posts (settings, the review links, marking and
// replying to a review) answered as the page's notice, and what it lists for the address's filters
// (rating, practitioner, date, kind, status) with the settings and links forms' data.
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
  const [rows, practitioners, settings, links] = await Promise.all([
    staffReviews(db, tenant.id, filter),
    reviewPractitioners(db, tenant.id),
    reviewSettings(db, tenant.id),
    reviewLinksOf(db, tenant.id),
  ]);
  return { rows, practitioners, settings, links };
}
