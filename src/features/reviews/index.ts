// Reviews (issue 15; docs/decisions/0025-reviews-without-gating.md): review pages, private
// feedback, the public review redirect, invitations after attended appointments, staff tools.

export { editable, INVITATION_GAP_DAYS, invitationDecision, recipientKey } from './invitation-rules';
export * from './paths';
export type { ReviewDisplayChangedEvent } from './review-events';
export * from './review-form';
export * from './review-links';
export type { ReviewRow, StaffReviewRow } from './review-types';
export type { ClinicReviewPage, SubmitResult } from './reviews.server';
export type { ReviewFilter, ReviewSettings, StaffActionResult } from './staff-reviews.server';
export * from './thank-you';
