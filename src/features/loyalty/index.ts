// Loyalty (issue 14; docs/decisions/0024-loyalty.md): programmes, an append-only points ledger
// with expiring lots, rewards redeemed for counter vouchers or as a checkout discount.
export type { LoyaltyTier } from '#db/schema/loyalty.ts';

export type { LedgerCheck } from './check.server';

export { JoinForm, RedeemForm } from './loyalty.schema';
export type { LoyaltyChangedEvent } from './loyalty-events';
export * from './loyalty-rules';

export type {
  EntryRow,
  JoinInput,
  MemberRow,
  MemberStanding,
  ProgrammeRow,
  RewardRow,
  VoucherRow,
} from './membership.server';
export * from './paths';
export { howItWorks, rewardValue, tierLines } from './programme-view';
export type { ApplyResult, CounterResult, RedeemRefusal, RedeemResult } from './rewards.server';
export type { RedeemPost, RewardsPage } from './rewards-page.server';
export type { AdjustResult, SaveResult } from './staff.server';
export type { ProgrammeValues, RewardValues } from './staff-forms.schema';
