// Loyalty (issue 14; docs/decisions/0024-loyalty.md): programmes, an append-only points ledger
// with expiring lots, rewards redeemed for counter vouchers or as a checkout discount.
export { ENTRY_KINDS, HOLD_STATUSES, type LoyaltyTier, REWARD_KINDS, VOUCHER_STATUSES } from '#db/schema/loyalty';
export { loyaltySection } from './account-section.server';
export { checkLedger, type LedgerCheck } from './check.server';
export { clawBackOnRefund, earnOnClaimedInvoices, earnOnInvoice, earnOnVisit } from './earning.server';
export { registerLoyaltyEffects } from './effects.server';
export { expirePoints, loyaltyJobs, remindExpiring } from './jobs.server';
export { credit, debit, expireLots, giveBack, takeBack } from './ledger.server';
export { JoinForm, RedeemForm } from './loyalty.schema';
export type { LoyaltyChangedEvent } from './loyalty-events';
export * from './loyalty-rules';
export { memberPanel, reasonText, signedPoints } from './member-view.server';
export {
  activeProgrammes,
  type EntryRow,
  type JoinInput,
  joinProgramme,
  type MemberRow,
  type MemberStanding,
  memberStanding,
  membershipOf,
  type ProgrammeRow,
  programmeByPublicIdActive,
  type RewardRow,
  rewardsOnOffer,
  type VoucherRow,
  withServices,
} from './membership.server';
export { registerLoyaltyTemplates } from './messages';
export { howItWorks, rewardValue, tierLines } from './programme-view';
export {
  type ApplyResult,
  applyRewardToInvoice,
  type CounterResult,
  type RedeemRefusal,
  type RedeemResult,
  redeemForVoucher,
  releaseDueHolds,
  spendHoldOnPaid,
  takeVoucherAtCounter,
} from './rewards.server';
export { type RedeemPost, type RewardsPage, redeemPost, rewardsPage } from './rewards-page.server';
export {
  type AdjustResult,
  adjustPoints,
  findMembersByPhone,
  ledgerExport,
  type SaveResult,
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
  type ProgrammeValues,
  programmeForm,
  programmeFormValues,
  type RewardValues,
  rewardForm,
  rewardFormValues,
} from './staff-forms.schema';
