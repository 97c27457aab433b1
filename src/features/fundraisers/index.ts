// Fundraisers (issue 13; docs/decisions/0023-fundraisers.md): supporters' pages under a campaign,
// teams, leaderboards, staff control. One public entry.
export type { ManagedFundraiser, ManageOutcome } from './account.server';

export { FUNDRAISERS_EVENT, type FundraiserTotalsMessage, LIVE_TOP, RANKED_PLACES } from './fundraiser-channel';
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
export { qrSvg } from './fundraiser-links';
export type { FundraiserPage, FundraiserView } from './fundraiser-page.server';
export * from './fundraiser-rules';
export type { TotalsDrift } from './fundraiser-totals.server';
export type { FundraisingSettings, StartResult, UploadedFile } from './fundraisers.server';
export type { StaffAction } from './fundraisers-staff.server';
export type { Leaderboard, LeaderboardEntry, TeamEntry } from './leaderboard.server';
export { LeaderboardResponse } from './leaderboard-answer';
export * from './paths';
export type { FundraiserStart } from './start-form.server';
