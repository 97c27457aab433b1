// What an open leaderboard does with each event on its campaign's channel (issue 25): render the
// rows the message carries, pass over what changes nothing it shows, and refetch the endpoint only
// after a gap in the stream. Pure, so the island stays a thin shell around it.
import { FUNDRAISERS_EVENT, type FundraiserTotalsMessage, RANKED_PLACES } from './fundraiser-channel';
import type { LeaderboardRow } from './leaderboard-answer';

/** Must equal READY and RESYNC in realtime-client.ts (not imported: that module opens connections). */
const READY = 'realtime.ready';
const RESYNC = 'realtime.resync';

export interface BoardWindow {
  offset: number;
  limit: number;
}

export interface BoardState {
  /** The `asOf` of the newest message shown (0 before any). */
  asOf: number;
  /** The ids of the fundraisers shown, in order. */
  shown: readonly string[];
}

export type BoardStep =
  | { kind: 'render'; rows: LeaderboardRow[]; asOf: number }
  | { kind: 'refetch' }
  | { kind: 'none' };

function isRow(v: unknown): v is LeaderboardRow {
  const r = v as Partial<LeaderboardRow> | null;
  return typeof r?.id === 'string' && typeof r.rank === 'number' && typeof r.name === 'string';
}

/** A message with the board in it (a message too big for the wire arrives as `null`). */
export function isLiveBoard(data: unknown): data is FundraiserTotalsMessage {
  const d = data as Partial<FundraiserTotalsMessage> | null;
  return (
    typeof d?.fundraiserId === 'string' &&
    (typeof d.rank === 'number' || d.rank === null) &&
    typeof d.asOf === 'number' &&
    typeof d.more === 'boolean' &&
    Array.isArray(d.top) &&
    d.top.every(isRow)
  );
}

/**
 * The step for one event. A (re)connection or a resync is a gap (messages may have been missed,
 * or the page's HTML is older than the subscription): refetch. A `fundraisers` message without
 * its board (cut for size) is a gap too. A message read before the one shown is stale. A window
 * inside the message's first places renders from it; a later page refetches only when the change
 * can reach it: the fundraiser now ranks at or above its last place, is on it, or money came out.
 * A message without a rank (beyond the first RANKED_PLACES) reaches only a window that ends beyond them.
 */
export function boardStep(window: BoardWindow, state: BoardState, event: string, data: unknown): BoardStep {
  if (event === READY || event === RESYNC) return { kind: 'refetch' };
  if (event !== FUNDRAISERS_EVENT) return { kind: 'none' };
  if (!isLiveBoard(data)) return { kind: 'refetch' };
  if (data.asOf <= state.asOf) return { kind: 'none' };
  const end = window.offset + window.limit;
  if (end <= data.top.length || !data.more) {
    return { kind: 'render', rows: data.top.slice(window.offset, end), asOf: data.asOf };
  }
  const ranked = data.rank === null ? end > RANKED_PLACES : data.rank <= end;
  const reaches = data.refund || ranked || state.shown.includes(data.fundraiserId);
  return reaches ? { kind: 'refetch' } : { kind: 'none' };
}
