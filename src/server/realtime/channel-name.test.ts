import { describe, expect, it } from 'vitest';
import { isChannelName, isEventName, MAX_CHANNELS, RealtimeQuery } from './channel-name';

describe('channel names', () => {
  it('accepts kind:id with a 1–64 character id', () => {
    expect(isChannelName('invoice:Vh3kQ9_x-2')).toBe(true);
    expect(isChannelName('queue:main')).toBe(true);
    expect(isChannelName(`booking:${'a'.repeat(64)}`)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of [
      'invoice',
      'invoice:',
      ':abc',
      'Invoice:abc',
      'invoice:a:b',
      'invoice:a b',
      `x:${'a'.repeat(65)}`,
      'queue:main\n',
    ])
      expect(isChannelName(bad), bad).toBe(false);
  });

  it('keeps the realtime. prefix for control events', () => {
    expect(isEventName('status')).toBe(true);
    expect(isEventName('ticket.called')).toBe(true);
    expect(isEventName('realtime.ready')).toBe(false);
    expect(isEventName('has space')).toBe(false);
    expect(isEventName('line\nbreak')).toBe(false);
  });
});

describe('RealtimeQuery', () => {
  it('splits, trims and de-duplicates the channel list', () => {
    const parsed = RealtimeQuery.parse({ channels: 'invoice:abc, queue:main,invoice:abc,' });
    expect(parsed.channels).toEqual(['invoice:abc', 'queue:main']);
    expect(parsed.lastEventId).toBeUndefined();
  });

  it('allows at most ten channels', () => {
    const channels = (n: number) => Array.from({ length: n }, (_, i) => `queue:c${i}`).join(',');
    expect(RealtimeQuery.safeParse({ channels: channels(MAX_CHANNELS) }).success).toBe(true);
    expect(RealtimeQuery.safeParse({ channels: channels(MAX_CHANNELS + 1) }).success).toBe(false);
  });

  it('refuses an empty list and bad names with a message key', () => {
    for (const channels of ['', ',', 'invoice:abc,../etc', 'queue:main;drop']) {
      const result = RealtimeQuery.safeParse({ channels });
      expect(result.success, channels).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('error.request');
    }
  });

  it('accepts our message ids and cursors as lastEventId, nothing with line breaks', () => {
    expect(RealtimeQuery.parse({ channels: 'queue:main', lastEventId: 'a1b2c3-1z' }).lastEventId).toBe('a1b2c3-1z');
    expect(RealtimeQuery.parse({ channels: 'queue:main', lastEventId: '@a1b2c3.0' }).lastEventId).toBe('@a1b2c3.0');
    expect(RealtimeQuery.safeParse({ channels: 'queue:main', lastEventId: 'x\ndata: 1' }).success).toBe(false);
  });
});
