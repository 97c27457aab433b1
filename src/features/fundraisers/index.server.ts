// The server door of features/fundraisers: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { fundraisersSection, manageFundraiser, THANKS_LIMIT } from './account.server';
export { registerFundraiserEffects, registerFundraiserTemplates } from './effects.server';
export { sendDailyDigests } from './fundraiser-messages.server';
export { fundraiserPage, fundraiserPhoto } from './fundraiser-page.server';
export { loadFundraiserPage } from './fundraiser-page-view.server';
export { fundraiserTotalsDrift } from './fundraiser-totals.server';
export {
  campaignForFundraising,
  fundraisingSettings,
  saveFundraisingSettings,
  startFundraiser,
} from './fundraisers.server';
export {
  campaignFundraisingPanel,
  identityDocument,
  STAFF_ACTIONS,
  saveCampaignFundraising,
  staffAct,
  staffActOnForm,
  staffFundraiser,
  staffFundraisers,
  staffFundraisingSettings,
  staffTeams,
} from './fundraisers-staff.server';
export { fundraisingSettingsPage, saveFundraisingSettingsForm } from './fundraising-settings-page.server';
export * from './index.ts';
export { fundraiserJobs } from './jobs.server';
export { campaignLeaderboard, leaderboardOf, liveFundraiserCount } from './leaderboard.server';
export { reportFundraiser } from './report-fundraiser.server';
export { startFundraiserFromForm } from './start-form.server';
