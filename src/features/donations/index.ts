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
export { DONATION_LIMITS, givingOptionsOf, startDonationCheckout } from './checkout.server';
export {
  type DonationFormData,
  donationFormData,
  submitDonationCart,
  submitDonationForm,
} from './donation-form.server';
export { coverFee, coverFeeForAnyMethod, type FeeMethod, type FeeRate, type FeeRates, grossUp } from './fees';
export { addDays, addMonthsClamped, type DonationFrequency, dayIn, lastScheduleDate, scheduleDates } from './schedule';
