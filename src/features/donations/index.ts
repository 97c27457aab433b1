// Donations (issue 12; docs/decisions/0020-donations.md): campaigns, gifts, plans, receipts.
// One public entry: H5 (campaigns, totals, staff), H6 (form, cart, checkout, fees), H7 (plans, receipts)
// each add their own exports here.
export {
  CAMPAIGN_IMAGE_KINDS,
  CAMPAIGN_STATUSES,
  DONATION_STATUSES,
  type DonorAddress,
  INSTALMENT_STATUSES,
  PLAN_FREQUENCIES,
  PLAN_METHODS,
  PLAN_STATUSES,
} from '#db/schema/donations';
// H7: recurring plans, receipts, manage links, the account section.
export { donationsSection } from './account-section.server';
// H5: campaigns, campaign pages, totals, staff.
export * from './campaign';
export * from './campaign.schema';
export { campaignChannel } from './campaign-channel';
export { type CampaignFormSource, campaignFormValues, newCampaignFormValues } from './campaign-form-values';
export {
  COVER_IMAGE,
  campaignImagesFrom,
  MAX_CAMPAIGN_UPLOAD_BYTES,
  type ProcessedImage,
  SHARE_IMAGE,
} from './campaign-image.server';
export type { CampaignRow, DonationFilter, DonationRow, StaffDonationRow } from './campaign-repo.server';
export {
  CAMPAIGN_ID,
  type CampaignPage,
  campaignImage,
  campaignPage,
  campaignTotals,
  type DonationLanding,
  donationFilterOf,
  donationLanding,
  endCampaign,
  newCampaignId,
  type RecentDonor,
  recordOfflineDonation,
  refundDonation,
  type SaveCampaignResult,
  type StaffRefundResult,
  saveCampaign,
  staffCampaign,
  staffCampaigns,
  staffDonations,
} from './campaigns.server';
// H6: form, cart, checkout, fees, schedule.
export {
  addLine,
  allowedCounts,
  cartTotals,
  feeForMethods,
  type GivingOptions,
  lineAmounts,
  lineProblem,
  offeredTypes,
  removeLine,
  updateLine,
} from './cart';
export { DONATION_UNPAID_LIMITS, givingOptionsOf, startDonationCheckout } from './checkout.server';
export type { CampaignChangedEvent, DonationPaidEvent, DonationRefundedEvent } from './donation-events';
export {
  answerDonationPost,
  type DonationFormData,
  type DonationPostAnswer,
  donationFormData,
  submitDonationCart,
  submitDonationForm,
} from './donation-form.server';
export {
  announceTotals,
  markDonationsPaid,
  recordOfflineGift,
  takeDonationsOut,
} from './donation-totals.server';
export { donationIdsOf, registerDonationEffects } from './effects.server';
export { coverFee, coverFeeForAnyMethod, type FeeMethod, type FeeRate, type FeeRates, grossUp } from './fees';
export {
  type CardUpdateResult,
  CHARGE_JOB,
  INVOICE_JOB,
  type InstalmentCounts,
  runDueInstalments,
  startCardUpdate,
} from './instalments.server';
export { donationJobs } from './jobs.server';
export { type LinkPurpose, planManagePath, receiptPdfPath, signLink, verifyLink } from './manage-link';
export { absoluteLinks, linkToken, openLink } from './manage-link.server';
export { registerPlanTemplates } from './messages';
export { devRecurringGift } from './plan-dev-aid.server';
export {
  type ManageActionResult,
  type ManagePlanView,
  manageAction,
  managePlanView,
} from './plan-manage.server';
export {
  amountAllowed,
  CANCEL_REASONS,
  CARD_RETRY_AFTER_DAYS,
  type CancelReason,
  type InstalmentStatus,
  nextRetryAt,
  type PlanFrequency,
  type PlanMethod,
  type PlanStatus,
  planChangeable,
  planCharges,
  planProgress,
} from './plan-rules';
export {
  cancelPlan,
  changePlanAmount,
  type PlanChangeResult,
  type ProvidersFor,
  recordPlanCharge,
} from './plans.server';
export { deductibleReceipt, displayReceiptNumber } from './receipt-number';
export { type ReceiptPdf, receiptPdfFor, renderReceiptPdf } from './receipt-pdf.server';
export { issueReceipt } from './receipts.server';
export { addMonthsClamped, type DonationFrequency, lastScheduleDate, scheduleDates } from './schedule';
export { donationThanks, type ThanksGift } from './thanks.server';
