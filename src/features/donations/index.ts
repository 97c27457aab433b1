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
