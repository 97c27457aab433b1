// The server door of features/loyalty: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { ENTRY_KINDS, HOLD_STATUSES, REWARD_KINDS, VOUCHER_STATUSES } from '#db/schema/loyalty.ts';
export { loyaltySection } from './account-section.server';
export { checkLedger } from './check.server';
export { clawBackOnRefund, earnOnClaimedInvoices, earnOnInvoice, earnOnVisit } from './earning.server';
export { registerLoyaltyEffects } from './effects.server';
export * from './index.ts';
export { expirePoints, loyaltyJobs, remindExpiring } from './jobs.server';
export { credit, debit, expireLots, giveBack, takeBack } from './ledger.server';
export { memberPanel, reasonText, signedPoints } from './member-view.server';
export {
  activeProgrammes,
  joinProgramme,
  memberStanding,
  membershipOf,
  programmeByPublicIdActive,
  rewardsOnOffer,
  withServices,
} from './membership.server';
export { registerLoyaltyTemplates } from './messages';
export { programmePageView } from './programme-page-view.server';
export {
  applyRewardToInvoice,
  redeemForVoucher,
  releaseDueHolds,
  spendHoldOnPaid,
  takeVoucherAtCounter,
} from './rewards.server';
export { answerRewardsPage, redeemPost, rewardsPage } from './rewards-page.server';
export { rewardsPageFor } from './rewards-page-answer.server';
export {
  adjustPoints,
  findMembersByPhone,
  ledgerExport,
  saveProgramme,
  saveReward,
  saveRewardKinds,
  staffLoyalty,
  staffMember,
  staffProgramme,
  staffReward,
} from './staff.server';
export {
  AdjustForm,
  MAX_TIERS,
  programmeForm,
  programmeFormValues,
  rewardForm,
  rewardFormValues,
} from './staff-forms.schema';
