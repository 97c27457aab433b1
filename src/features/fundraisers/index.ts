// Fundraisers (issue 13; docs/decisions/0023-fundraisers.md): supporters' pages under a campaign,
// teams, leaderboards, staff control. One public entry.
export {
  fundraisersSection,
  type ManagedFundraiser,
  type ManageOutcome,
  manageFundraiser,
  THANKS_LIMIT,
} from './account.server';
export { registerFundraiserEffects, registerFundraiserTemplates } from './effects.server';
export { FUNDRAISERS_EVENT, type FundraiserTotalsMessage } from './fundraiser-channel';
export type { FundraiserChangedEvent, FundraiserGiftEvent } from './fundraiser-events';
export {
  type FundraiserTextValues,
  fundraiserTextSchema,
  fundraisingSettingsSchema,
  reportSchema,
  type StartFundraiserValues,
  startFundraiserSchema,
  thanksSchema,
} from './fundraiser-form.schema';
export { fundraiserPaths, qrSvg } from './fundraiser-links';
export { sendDailyDigests } from './fundraiser-messages.server';
export * from './fundraiser-rules';
export { fundraiserTotalsDrift, type TotalsDrift } from './fundraiser-totals.server';
export {
  campaignForFundraising,
  campaignLeaderboard,
  type FundraiserPage,
  type FundraiserView,
  type FundraisingSettings,
  fundraiserPage,
  fundraiserPhoto,
  fundraisingSettings,
  type Leaderboard,
  type LeaderboardEntry,
  leaderboardOf,
  liveFundraiserCount,
  reportFundraiser,
  type StartResult,
  saveFundraisingSettings,
  startFundraiser,
  type TeamEntry,
  type UploadedFile,
} from './fundraisers.server';
export {
  campaignFundraisingPanel,
  identityDocument,
  STAFF_ACTIONS,
  type StaffAction,
  saveCampaignFundraising,
  staffAct,
  staffFundraiser,
  staffFundraisers,
  staffFundraisingSettings,
  staffTeams,
} from './fundraisers-staff.server';
export { fundraiserJobs } from './jobs.server';
export { LeaderboardResponse } from './leaderboard-answer';
export { type FundraiserStart, startFundraiserFromForm } from './start-form.server';
