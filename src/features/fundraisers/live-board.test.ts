import { describe, expect, it } from 'vitest';
import { FUNDRAISERS_EVENT, type FundraiserTotalsMessage, LIVE_TOP, RANKED_PLACES } from './fundraiser-channel';
import type { LeaderboardRow } from './leaderboard-answer';
import { boardStep, isLiveBoard } from './live-board';

// Issue 25: an open leaderboard renders from the gift's message and refetches only after a gap.

const row = (place: number): LeaderboardRow => ({
  rank: place,
  id: `f${place}`,
  slug: `runner-${place}`,
  name: `Runner ${place}`,
  title: 'Run',
  raisedMinor: 10_000 - place,
  donorCount: 1,
  verified: false,
  teamName: null,
});
const top = Array.from({ length: LIVE_TOP }, (_, i) => row(i + 1));
const message = (patch: Partial<FundraiserTotalsMessage> = {}): FundraiserTotalsMessage => ({
  fundraiserId: 'f3',
  raisedMinor: 9997,
  donorCount: 1,
  teamId: null,
  rank: 3,
  refund: false,
  top,
  more: true,
  asOf: 2000,
  ...patch,
});
const campaignPage = { offset: 0, limit: 5 };
const fresh = { asOf: 0, shown: ['f1', 'f2', 'f3', 'f4', 'f5'] };

describe('boardStep', () => {
  it('renders the first places from a message, without a refetch', () => {
    expect(boardStep(campaignPage, fresh, FUNDRAISERS_EVENT, message())).toEqual({
      kind: 'render',
      rows: top.slice(0, 5),
      asOf: 2000,
    });
    // The full board's first page is inside the message too.
    const step = boardStep({ offset: 0, limit: 20 }, fresh, FUNDRAISERS_EVENT, message());
    expect(step.kind === 'render' && step.rows).toHaveLength(20);
  });

  it('renders the whole board from a message that holds all of it', () => {
    const short = message({ top: top.slice(0, 3), more: false });
    expect(boardStep({ offset: 0, limit: 20 }, fresh, FUNDRAISERS_EVENT, short)).toMatchObject({
      kind: 'render',
      rows: top.slice(0, 3),
    });
  });

  it('refetches after a gap: a (re)connection, a resync, a message that lost its board', () => {
    expect(boardStep(campaignPage, fresh, 'realtime.ready', null)).toEqual({ kind: 'refetch' });
    expect(boardStep(campaignPage, fresh, 'realtime.resync', null)).toEqual({ kind: 'refetch' });
    expect(boardStep(campaignPage, fresh, FUNDRAISERS_EVENT, null)).toEqual({ kind: 'refetch' });
    expect(boardStep(campaignPage, fresh, FUNDRAISERS_EVENT, { fundraiserId: 'f3', raisedMinor: 1 })).toEqual({
      kind: 'refetch',
    });
  });

  it('never refetches for a run of messages on a window they hold', () => {
    let state = fresh;
    for (let asOf = 1; asOf <= 1000; asOf += 1) {
      const step = boardStep(campaignPage, state, FUNDRAISERS_EVENT, message({ asOf }));
      expect(step.kind).toBe('render');
      if (step.kind === 'render') state = { asOf: step.asOf, shown: step.rows.map((r) => r.id) };
    }
  });

  it('passes over a message read before the one shown, and other events', () => {
    expect(boardStep(campaignPage, { ...fresh, asOf: 2000 }, FUNDRAISERS_EVENT, message({ asOf: 1999 }))).toEqual({
      kind: 'none',
    });
    expect(boardStep(campaignPage, fresh, 'totals', { raisedMinor: 5 })).toEqual({ kind: 'none' });
  });

  it('on a later page, refetches only when the change can reach it', () => {
    const page3 = { offset: 40, limit: 20 };
    const shown = { asOf: 0, shown: ['f41', 'f42', 'f50'] };
    // A gift to someone above the page's end: the page may have moved down one place.
    expect(boardStep(page3, shown, FUNDRAISERS_EVENT, message({ rank: 12 }))).toEqual({ kind: 'refetch' });
    // To someone on the page, even one who fell beyond the ranked places.
    expect(boardStep(page3, shown, FUNDRAISERS_EVENT, message({ fundraiserId: 'f50', rank: null }))).toEqual({
      kind: 'refetch',
    });
    // To someone still below it: nothing on the page changed.
    expect(boardStep(page3, shown, FUNDRAISERS_EVENT, message({ fundraiserId: 'f90', rank: 75 }))).toEqual({
      kind: 'none',
    });
    // A refund may lift every page below the fundraiser's old place.
    expect(
      boardStep(page3, shown, FUNDRAISERS_EVENT, message({ fundraiserId: 'f90', rank: 90, refund: true })),
    ).toEqual({ kind: 'refetch' });
  });

  it('reads a message without a rank as "beyond the ranked places"', () => {
    const beyond = message({ fundraiserId: 'f999', rank: null });
    expect(isLiveBoard(beyond)).toBe(true);
    // A page inside the ranked places: the change is below it.
    const lastRanked = { offset: RANKED_PLACES - 20, limit: 20 };
    expect(boardStep(lastRanked, { asOf: 0, shown: ['f81'] }, FUNDRAISERS_EVENT, beyond)).toEqual({ kind: 'none' });
    // A page reaching past them cannot tell: it refetches.
    const past = { offset: RANKED_PLACES, limit: 20 };
    expect(boardStep(past, { asOf: 0, shown: ['f101'] }, FUNDRAISERS_EVENT, beyond)).toEqual({ kind: 'refetch' });
    // The first places still render from the message.
    expect(boardStep(campaignPage, fresh, FUNDRAISERS_EVENT, beyond).kind).toBe('render');
  });
});
