import type { BoardCall, BoardState } from '../board-state';

/** How often the board fetches its full state anyway (catch-up and health check). */
export const POLL_MS = 15_000;
/** How long the live connection may be down before the board says it may be out of date. */
export const DOWN_GRACE_MS = 4_000;

/** A call shown at once, before the refetch that follows it: the point's number, the highlight, the lines. */
export function applyCall(state: BoardState, call: BoardCall): BoardState {
  if (!state.points.some((p) => p.id === call.pointId)) return state;
  return {
    ...state,
    latest: call,
    points: state.points.map((p) =>
      p.id === call.pointId ? { ...p, current: { number: call.number, status: 'called', calledAt: call.at } } : p,
    ),
    queues: state.queues.map((q) => ({ ...q, next: q.next.filter((n) => n !== call.number) })),
    missed: state.missed.filter((n) => n !== call.number),
  };
}

/**
 * The board is stale when its live connection has been down a few seconds or its last full
 * fetch failed (a dead connection nobody reported is found by the 15 s fetch: stale within ~25 s).
 */
export function isStale(input: { status: string; notOpenSince: number; fetchOk: boolean; now: number }): boolean {
  if (!input.fetchOk) return true;
  return input.status !== 'open' && input.now - input.notOpenSince > DOWN_GRACE_MS;
}

/**
 * A fetched state, unless a live call newer than its latest arrived while it was on its way
 * (the fetch started before that call committed): then that call is laid over it.
 */
export function mergeFetched(fresh: BoardState, live: BoardCall | null): BoardState {
  if (!live) return fresh;
  const freshAt = fresh.latest ? Date.parse(fresh.latest.at) : 0;
  return Date.parse(live.at) > freshAt ? applyCall(fresh, live) : fresh;
}
