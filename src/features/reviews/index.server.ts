// The server door of features/reviews: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { registerReviewEffects } from './effects.server';
export * from './index.ts';
export { invitationLinks, openInvitation, sendDueInvitations, unsubscribeByToken } from './invitations.server';
export { reviewJobs } from './jobs.server';
export { registerReviewTemplates } from './messages';
export { reviewPoster } from './poster.server';
export { clinicReviewFor, feedbackFor } from './review-page-answer.server';
export { answerClinicReview, answerFeedback } from './review-pages.server';
export { parseToken } from './review-token.server';
export {
  clinicReviewPage,
  publicReviewUrl,
  REVIEW_RATE_LIMITS,
  reviewTarget,
  submitFeedback,
  submitReview,
} from './reviews.server';
export {
  homeReviews,
  reviewFilterOf,
  reviewLinkAction,
  reviewLinksOf,
  reviewPractitioners,
  reviewSettings,
  saveReviewSettingsForm,
  staffReviewAction,
  staffReviews,
} from './staff-reviews.server';
export { REVIEWS_PAGE_ROWS, staffReviewsPage, staffReviewsPost } from './staff-reviews-page.server';
