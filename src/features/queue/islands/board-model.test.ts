import { describe, expect, it } from 'vitest';
import type { BoardState } from '../board-state';
import { applyCall, isStale, mergeFetched } from './board-model';

const state: BoardState = {
  serverTime: '2026-11-24T02:00:00Z',
  points: [
    { id: 'p1', kind: 'counter', number: 1, current: null },
    { id: 'p2', kind: 'room', number: 2, current: { number: 'B001', status: 'serving', calledAt: '' } },
  ],
  queues: [{ id: 'q', prefix: 'A', name: 'Registration', next: ['A002', 'A003'], waiting: 2 }],
  missed: ['A001'],
  latest: null,
};

describe('board model', () => {
  it('shows a call at its point and takes the number off the line', () => {
    const call = {
      callId: 'x.0',
      number: 'A002',
      pointId: 'p1',
      kind: 'counter' as const,
      pointNumber: 1,
      at: '2026-11-24T02:00:01Z',
    };
    const next = applyCall(state, call);
    expect(next.points[0]?.current?.number).toBe('A002');
    expect(next.latest?.number).toBe('A002');
    expect(next.queues[0]?.next).toEqual(['A003']);
    expect(applyCall(state, { ...call, pointId: 'elsewhere' })).toBe(state);
  });
  it('keeps a live call newer than a fetched state that was already on its way', () => {
    const call = {
      callId: 'y.0',
      number: 'A003',
      pointId: 'p1',
      kind: 'counter' as const,
      pointNumber: 1,
      at: '2026-11-24T02:00:05Z',
    };
    const older = { ...state, latest: { ...call, callId: 'z.0', number: 'A002', at: '2026-11-24T02:00:01Z' } };
    expect(mergeFetched(older, call).latest?.number).toBe('A003');
    const newer = { ...state, latest: { ...call, callId: 'w.0', number: 'A004', at: '2026-11-24T02:00:09Z' } };
    expect(mergeFetched(newer, call)).toBe(newer);
  });
  it('is stale after a few seconds without the live connection, or when a fetch failed', () => {
    expect(isStale({ status: 'open', notOpenSince: Number.POSITIVE_INFINITY, fetchOk: true, now: 10_000 })).toBe(false);
    expect(isStale({ status: 'closed', notOpenSince: 9_000, fetchOk: true, now: 10_000 })).toBe(false);
    expect(isStale({ status: 'closed', notOpenSince: 1_000, fetchOk: true, now: 10_000 })).toBe(true);
    expect(isStale({ status: 'open', notOpenSince: Number.POSITIVE_INFINITY, fetchOk: false, now: 0 })).toBe(true);
  });
});
