// Reviews (issue 15; docs/decisions/0025-reviews-without-gating.md): review pages, private
// feedback, the public review redirect, invitations after attended appointments, staff tools.
export { registerReviewEffects } from './effects.server';
export { editable, INVITATION_GAP_DAYS, invitationDecision, recipientKey } from './invitation-rules';
export { invitationLinks, openInvitation, sendDueInvitations, unsubscribeByToken } from './invitations.server';
export { reviewJobs } from './jobs.server';
export { registerReviewTemplates } from './messages';
export { reviewPoster } from './poster.server';
export type { ReviewDisplayChangedEvent } from './review-events';
export * from './review-form';
export * from './review-links';
export { parseToken } from './review-token.server';
export type { ReviewRow, StaffReviewRow } from './review-types';
export {
  type ClinicReviewPage,
  clinicReviewPage,
  publicReviewUrl,
  REVIEW_RATE_LIMITS,
  reviewTarget,
  type SubmitResult,
  submitFeedback,
  submitReview,
} from './reviews.server';
export {
  homeReviews,
  type ReviewFilter,
  type ReviewSettings,
  reviewFilterOf,
  reviewLinkAction,
  reviewLinksOf,
  reviewPractitioners,
  reviewSettings,
  type StaffActionResult,
  saveReviewSettingsForm,
  staffReviewAction,
  staffReviews,
} from './staff-reviews.server';
export * from './thank-you';
