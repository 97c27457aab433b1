import { describe, expect, it } from 'vitest';
import type { RealtimeMessage } from './message';
import { ReplayBuffer } from './replay-buffer';

const message = (id: string, channel = 'queue:main'): RealtimeMessage => ({
  id,
  realm: 'tenant:t1',
  channel,
  event: 'called',
  data: { id },
  at: '2030-01-01T00:00:00.000Z',
});
const ids = (messages: RealtimeMessage[]) => messages.map((m) => m.id);
const limits = { perChannel: 3, maxAgeMs: 60_000, total: 100 };

describe('ReplayBuffer', () => {
  it('replays the messages after the last id, on the asked channels only, in arrival order', () => {
    const buffer = new ReplayBuffer('me', limits);
    buffer.append('a', message('m1', 'queue:a'), 0);
    buffer.append('b', message('m2', 'queue:b'), 0);
    buffer.append('a', message('m3', 'queue:a'), 0);
    buffer.append('c', message('m4', 'queue:c'), 0);
    buffer.append('b', message('m5', 'queue:b'), 0);
    expect(buffer.after(['a', 'b'], 'm1', 0)).toEqual({
      messages: [message('m2', 'queue:b'), message('m3', 'queue:a'), message('m5', 'queue:b')],
      complete: true,
    });
    // The last id may be of a channel not asked for now (the reader changed its channels).
    expect(ids(buffer.after(['b'], 'm4', 0).messages)).toEqual(['m5']);
    expect(buffer.after(['a', 'b'], 'm5', 0)).toEqual({ messages: [], complete: true });
  });

  it('drops duplicates: the same id is kept once', () => {
    const buffer = new ReplayBuffer('me', limits);
    expect(buffer.append('a', message('m1'), 0)).toBe(true);
    expect(buffer.append('a', message('m1'), 0)).toBe(false);
    expect(buffer.size).toBe(1);
  });

  it('says "incomplete" for an unknown last id (another instance before we started, or garbage)', () => {
    const buffer = new ReplayBuffer('me', limits);
    buffer.append('a', message('m1'), 0);
    expect(buffer.after(['a'], 'nope-1', 0)).toEqual({ messages: [], complete: false });
    expect(buffer.after(['a'], '@other.0', 0)).toEqual({ messages: [], complete: false });
  });

  it('keeps a few messages per channel and knows when a reader missed dropped ones', () => {
    const buffer = new ReplayBuffer('me', limits);
    for (const id of ['m1', 'm2', 'm3', 'm4', 'm5']) buffer.append('a', message(id), 0);
    buffer.append('b', message('x1', 'queue:b'), 0);
    // m2 was dropped: a reader at m1 gets m3..m5 and is told to resync.
    expect(buffer.after(['a'], 'm1', 0)).toEqual({
      messages: [message('m3'), message('m4'), message('m5')],
      complete: false,
    });
    // A reader at m2 missed nothing (m3 onwards are kept).
    expect(buffer.after(['a'], 'm2', 0).complete).toBe(true);
    // Another channel's reader is not affected by channel a's drops.
    expect(buffer.after(['b'], 'm1', 0)).toEqual({ messages: [message('x1', 'queue:b')], complete: true });
  });

  it('forgets messages after the maximum age; their ids become unknown', () => {
    const buffer = new ReplayBuffer('me', limits);
    buffer.append('a', message('old'), 0);
    buffer.append('a', message('new'), 50_000);
    expect(ids(buffer.after(['a'], 'old', 59_999).messages)).toEqual(['new']);
    expect(buffer.after(['a'], 'old', 60_001)).toEqual({ messages: [], complete: false });
    expect(buffer.after(['a'], 'new', 60_001)).toEqual({ messages: [], complete: true });
    expect(buffer.size).toBe(1);
  });

  it('bounds the total number of messages over all channels', () => {
    const buffer = new ReplayBuffer('me', { perChannel: 50, maxAgeMs: 60_000, total: 10 });
    for (let i = 1; i <= 25; i++) buffer.append(`k${i}`, message(`m${i}`, `invoice:i${i}`), 0);
    expect(buffer.size).toBe(10);
    expect(buffer.has('m15')).toBe(false);
    expect(buffer.has('m16')).toBe(true);
  });

  it('hands out a cursor that resumes a reader who got no message yet', () => {
    const buffer = new ReplayBuffer('me', limits);
    const empty = buffer.cursor();
    expect(empty).toBe('@me.0');
    buffer.append('a', message('m1'), 0);
    expect(buffer.after(['a'], empty, 0)).toEqual({ messages: [message('m1')], complete: true });
    expect(buffer.cursor()).toBe('m1');
  });

  it('a cursor from before forgotten messages is incomplete', () => {
    const buffer = new ReplayBuffer('me', limits);
    const cursor = buffer.cursor();
    buffer.append('a', message('m1'), 0);
    buffer.append('a', message('m2'), 70_000);
    expect(buffer.after(['a'], cursor, 70_000)).toEqual({ messages: [message('m2')], complete: false });
    // Everything forgotten: the cursor still counts from where it stands.
    const later = buffer.cursor();
    expect(buffer.after(['a'], later, 70_000).complete).toBe(true);
    expect(buffer.after(['a'], later, 200_000)).toEqual({ messages: [], complete: false });
    expect(buffer.after(['a'], buffer.cursor(), 200_000)).toEqual({ messages: [], complete: true });
  });

  it('after a delivery gap, readers from before it are incomplete and readers after it are not', () => {
    const buffer = new ReplayBuffer('me', limits);
    buffer.append('a', message('m1'), 0);
    buffer.markGap();
    buffer.append('a', message('m2'), 0);
    expect(buffer.after(['a'], 'm1', 0)).toEqual({ messages: [message('m2')], complete: false });
    expect(buffer.after(['a'], 'm2', 0).complete).toBe(true);
  });

  it('keeps memory bounded over a long run (compaction)', () => {
    const buffer = new ReplayBuffer('me', { perChannel: 5, maxAgeMs: 1_000, total: 50 });
    for (let i = 0; i < 5_000; i++) buffer.append(`k${i % 7}`, message(`m${i}`, `queue:k${i % 7}`), i);
    expect(buffer.size).toBeLessThanOrEqual(50);
    expect(ids(buffer.after(['k0'], 'm4990', 5_000).messages)).toEqual(['m4991', 'm4998']);
  });
});
