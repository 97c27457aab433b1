// The review pages' heads as their page files answer them (`/review/{pid?}/clinic`,
// `/review/{slug?}/feedback`, two files each): the 404 page, the 303 after a post, or the page to
// render with its status set. Each page file is then one call and its markup.
import {
  answerClinicReview,
  answerFeedback,
  type ClinicReviewAnswer,
  type FeedbackAnswer,
} from './review-pages.server';

/** What a review page reads of `Astro` (so the helpers need no Astro). */
export interface ReviewPageAstro {
  locals: Parameters<typeof answerClinicReview>[0];
  request: Request;
  url: URL;
  response: { status?: number | undefined };
  redirect(path: string, status: 303): Response;
  rewrite(path: string): Promise<Response>;
}

type Shown<A> = Extract<A, { kind: 'page' }>;

function respond<A extends ClinicReviewAnswer | FeedbackAnswer>(
  astro: ReviewPageAstro,
  answer: A,
): Response | Promise<Response> | Shown<A> {
  if (answer.kind === 'not-found') return astro.rewrite('/404');
  if (answer.kind === 'redirect') return astro.redirect(answer.location, 303);
  astro.response.status = answer.status;
  return answer as Shown<A>;
}

/** The clinic review, of a visit with one practitioner when `pid` is given. */
export async function clinicReviewFor(astro: ReviewPageAstro, pid: string | undefined) {
  return respond(astro, await answerClinicReview(astro.locals, astro.request, astro.url, pid));
}

/** Private feedback to the organisation, or about one branch or practitioner (`slug`). */
export async function feedbackFor(astro: ReviewPageAstro, slug: string | undefined) {
  return respond(astro, await answerFeedback(astro.locals, astro.request, astro.url, slug));
}
