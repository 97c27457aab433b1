/**
 * Fundraisers' live updates ride on the campaign's own realtime channel (`campaign:{publicId}`,
 * donations' campaign-channel.ts): event `fundraisers` after a gift or refund through a fundraiser
 * commits, carrying that fundraiser's and its team's new totals. Open leaderboards refetch.
 */
export const FUNDRAISERS_EVENT = 'fundraisers';

export interface FundraiserTotalsMessage {
  fundraiserId: string;
  raisedMinor: number;
  donorCount: number;
  teamId: string | null;
}
