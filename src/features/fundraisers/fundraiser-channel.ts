import type { LeaderboardRow } from './leaderboard-answer';

/**
 * Fundraisers' live updates ride on the campaign's own realtime channel (`campaign:{publicId}`,
 * donations' campaign-channel.ts): event `fundraisers` after a gift or refund through a fundraiser
 * commits, carrying that fundraiser's and its team's new totals, its rank, and the board's first
 * places, computed once per gift on the server: open leaderboards render from it and refetch only
 * after a gap in the stream (issue 25).
 */
export const FUNDRAISERS_EVENT = 'fundraisers';

/** The most first places a message carries: the full board's first page (the campaign page shows 5). */
export const LIVE_TOP = 20;

/**
 * The places within which a message's `rank` is exact (the full board's first five pages); beyond
 * them it is null, so finding it costs the same for any place (issue 25).
 */
export const RANKED_PLACES = 100;

export interface FundraiserTotalsMessage {
  fundraiserId: string;
  raisedMinor: number;
  donorCount: number;
  teamId: string | null;
  /** The fundraiser's rank now, by the campaign's rule; null when beyond the first RANKED_PLACES places. */
  rank: number | null;
  /** Money came out (a refund): places below the fundraiser's old one may have moved up. */
  refund: boolean;
  /** The board's first places as the leaderboard endpoint answers them (at most LIVE_TOP; fewer if a message could not hold them). */
  top: LeaderboardRow[];
  /** Whether the board has places after `top`. */
  more: boolean;
  /** When the database read the board (µs): a message read before one already shown is stale. */
  asOf: number;
}
