// The heads of the review pages whose address has an optional segment (`/review/{pid?}/clinic`,
// `/review/{slug?}/feedback`). Astro ranks `[slug]` before `[...slug]`, so each stays two page
// files; both only render what these answer.
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { readForm } from '#server/http.ts';
import type { FieldErrors } from './review-form';
import type { ReviewTarget } from './review-links';
import { type ClinicReviewPage, clinicReviewPage, reviewTarget, submitFeedback, submitReview } from './reviews.server';

interface ReviewPageLocals {
  db: Db;
  tenant: Tenant;
  locale: Locale;
  clientIp: string;
}

type Answer<Page> =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  | ({ kind: 'page'; status: number; errors?: FieldErrors } & Page);

export type ClinicReviewAnswer = Answer<{
  page: ClinicReviewPage;
  values?: { rating: number | null; comment?: string; name?: string; publish: boolean };
}>;

/** The clinic review, of a visit with one practitioner when `pid` is given; `?i=` is an invitation's link. */
export async function answerClinicReview(
  { db, tenant, locale, clientIp }: ReviewPageLocals,
  request: Request,
  url: URL,
  pid: string | undefined,
): Promise<ClinicReviewAnswer> {
  const page = await clinicReviewPage(db, tenant, { pid, token: url.searchParams.get('i') });
  if (!page) return { kind: 'not-found' };
  if (request.method !== 'POST') return { kind: 'page', status: 200, page };
  const form = await readForm(request);
  const result = await submitReview(db, {
    tenant,
    locale,
    ip: clientIp,
    form,
    target: null,
    practitionerId: page.practitioner?.id ?? null,
    token: page.invitation?.token ?? null,
  });
  if (result.kind === 'done') return { kind: 'redirect', location: result.location };
  const values = {
    rating: Number(form.rating) || null,
    comment: form.comment,
    name: form.name,
    publish: form.publish === 'yes',
  };
  return { kind: 'page', status: result.status, page, errors: result.errors, values };
}

export type FeedbackAnswer = Answer<{ target: ReviewTarget; values?: Record<string, string> }>;

/** Private feedback to the organisation, or about one branch or practitioner (`slug`). */
export async function answerFeedback(
  { db, tenant, locale, clientIp }: ReviewPageLocals,
  request: Request,
  url: URL,
  slug: string | undefined,
): Promise<FeedbackAnswer> {
  const target = await reviewTarget(db, tenant, slug);
  if (!target) return { kind: 'not-found' };
  if (request.method !== 'POST') return { kind: 'page', status: 200, target };
  const values = await readForm(request);
  const result = await submitFeedback(db, {
    tenant,
    locale,
    ip: clientIp,
    form: values,
    target,
    // From a verified review's thank-you page: the visit the feedback is about.
    token: url.searchParams.get('t'),
  });
  if (result.kind === 'done') return { kind: 'redirect', location: result.location };
  return { kind: 'page', status: result.status, target, errors: result.errors, values };
}
