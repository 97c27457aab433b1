// The review pages' heads as their page files answer them (`/review/{pid?}/clinic`,
// `/review/{slug?}/feedback`, two files each; server/page-answer.ts): the 404 page, the 303 after a
// post, or the page to render with its status set. Each page file is then one call and its markup.
import { type PageAstro, pageResponse } from '#server/page-answer.ts';
import { answerClinicReview, answerFeedback } from './review-pages.server';

type ReviewPageAstro = PageAstro<Parameters<typeof answerClinicReview>[0]>;

/** The clinic review, of a visit with one practitioner when `pid` is given. */
export async function clinicReviewFor(astro: ReviewPageAstro, pid: string | undefined) {
  return pageResponse(astro, await answerClinicReview(astro.locals, astro.request, astro.url, pid));
}

/** Private feedback to the organisation, or about one branch or practitioner (`slug`). */
export async function feedbackFor(astro: ReviewPageAstro, slug: string | undefined) {
  return pageResponse(astro, await answerFeedback(astro.locals, astro.request, astro.url, slug));
}
