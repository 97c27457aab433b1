// The server door of features/donations: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { CAMPAIGN_IMAGE_KINDS, CAMPAIGN_STATUSES } from '#db/schema/campaigns.ts';
export {
  DONATION_STATUSES,
  INSTALMENT_STATUSES,
  PLAN_FREQUENCIES,
  PLAN_METHODS,
  PLAN_STATUSES,
} from '#db/schema/donations.ts';
export { donationsSection } from './account-section.server';
export { COVER_IMAGE, campaignImagesFrom, MAX_CAMPAIGN_UPLOAD_BYTES, SHARE_IMAGE } from './campaign-image.server';
export { type CampaignPageView, loadCampaignPageView } from './campaign-page-view.server';
export {
  CAMPAIGN_ID,
  campaignImage,
  campaignPage,
  campaignTotals,
  donationFilterOf,
  donationLanding,
  endCampaign,
  newCampaignId,
  recordOfflineDonation,
  refundDonation,
  saveCampaign,
  staffCampaign,
  staffCampaigns,
  staffDonations,
} from './campaigns.server';
export { DONATION_UNPAID_LIMITS, givingOptionsOf, startDonationCheckout } from './checkout.server';
export { answerDonationPost, donationFormData, submitDonationCart, submitDonationForm } from './donation-form.server';
export { answerDonationFormPage } from './donation-form-answer.server';
export { type DonationFormPage, loadDonationFormPage } from './donation-form-page.server';
export { announceTotals, markDonationsPaid, recordOfflineGift, takeDonationsOut } from './donation-totals.server';
export { donationIdsOf, registerDonationEffects } from './effects.server';
export { emptyOfflineGift, GIFTS_PAGE_ROWS, staffGiftsAction, staffGiftsList } from './gifts-page.server';
export * from './index.ts';
export { CHARGE_JOB, INVOICE_JOB, runDueInstalments, startCardUpdate } from './instalments.server';
export { donationJobs } from './jobs.server';
export { signLink, verifyLink } from './manage-link';
export { absoluteLinks, linkToken, openLink } from './manage-link.server';
export { registerPlanTemplates } from './messages';
export { devRecurringGift } from './plan-dev-aid.server';
export { manageAction, managePlanView } from './plan-manage.server';
export { cancelPlan, changePlanAmount, recordPlanCharge } from './plans.server';
export { receiptPdfFor, renderReceiptPdf } from './receipt-pdf.server';
export { issueReceipt } from './receipts.server';
export { donationThanks } from './thanks.server';
