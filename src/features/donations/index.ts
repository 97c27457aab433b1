// Donations (issue 12; docs/decisions/0020-donations.md): campaigns, gifts, plans, receipts.
// One public entry: H5 (campaigns, totals, staff), H6 (form, cart, checkout, fees), H7 (plans, receipts)
// each add their own exports here.
export type { DonorAddress } from '#db/schema/donations.ts';
// H7: recurring plans, receipts, manage links, the account section.

// H5: campaigns, campaign pages, totals, staff.
export * from './campaign';
export * from './campaign.schema';
export { campaignChannel } from './campaign-channel';
export { type CampaignFormSource, campaignFormValues, newCampaignFormValues } from './campaign-form-values';
export type { ProcessedImage } from './campaign-image.server';
export { CARD_SIZES, COVER_WIDTHS, type CoverWidth, isCoverWidth, PAGE_SIZES } from './campaign-image-sizes';
export type { CampaignRow, DonationFilter, DonationRow, StaffDonationRow } from './campaign-repo.server';
export type {
  CampaignPage,
  DonationLanding,
  RecentDonor,
  SaveCampaignResult,
  StaffRefundResult,
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
export type { CampaignChangedEvent, DonationPaidEvent, DonationRefundedEvent } from './donation-events';
export type { DonationFormData, DonationPostAnswer } from './donation-form.server';
export { coverFee, coverFeeForAnyMethod, type FeeMethod, type FeeRate, type FeeRates, grossUp } from './fees';
export type { CardUpdateResult, InstalmentCounts } from './instalments.server';
export type { LinkPurpose } from './manage-link';
export {
  campaignCoverSrcset,
  campaignEmbedPath,
  campaignImagePath,
  campaignPath,
  campaignTotalsApiPath,
  donationCheckoutPath,
  donationEmbedFormPath,
  donationFormPath,
  donationLandingPath,
  planManagePath,
  receiptPdfPath,
  staffCampaignPath,
} from './paths';
export type { ManageActionResult, ManagePlanView } from './plan-manage.server';
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
export type { PlanChangeResult, ProvidersFor } from './plans.server';
export { deductibleReceipt, displayReceiptNumber } from './receipt-number';
export type { ReceiptPdf } from './receipt-pdf.server';
export { addMonthsClamped, type DonationFrequency, lastScheduleDate, scheduleDates } from './schedule';
export type { ThanksGift } from './thanks.server';
