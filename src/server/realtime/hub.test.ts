import { describe, expect, it } from 'vitest';
import { type HubSubscriber, RealtimeHub } from './hub';
import type { RealtimeMessage } from './message';

const message = (id: string, realm: string, channel: string): RealtimeMessage => ({
  id,
  realm,
  channel,
  event: 'status',
  data: null,
  at: '2030-01-01T00:00:00.000Z',
});

function recorder(): HubSubscriber & { got: string[]; resyncs: string[][] } {
  const got: string[] = [];
  const resyncs: string[][] = [];
  return { got, resyncs, message: (m) => got.push(m.id), resync: (channels) => resyncs.push(channels) };
}

describe('RealtimeHub', () => {
  it('delivers to the subscribers of that realm and channel only', () => {
    const hub = new RealtimeHub({ instanceId: 'me' });
    const invoice = recorder();
    const queue = recorder();
    const otherTenant = recorder();
    hub.subscribe('tenant:t1', ['invoice:abc'], invoice);
    hub.subscribe('tenant:t1', ['queue:main', 'invoice:zzz'], queue);
    hub.subscribe('tenant:t2', ['invoice:abc'], otherTenant);
    hub.deliver(message('m1', 'tenant:t1', 'invoice:abc'));
    hub.deliver(message('m2', 'tenant:t1', 'queue:main'));
    expect(invoice.got).toEqual(['m1']);
    expect(queue.got).toEqual(['m2']);
    expect(otherTenant.got).toEqual([]);
  });

  it('delivers each id once, however many times it arrives', () => {
    const hub = new RealtimeHub({ instanceId: 'me' });
    const subscriber = recorder();
    hub.subscribe('tenant:t1', ['queue:main'], subscriber);
    expect(hub.deliver(message('m1', 'tenant:t1', 'queue:main'))).toBe(true);
    expect(hub.deliver(message('m1', 'tenant:t1', 'queue:main'))).toBe(false);
    expect(subscriber.got).toEqual(['m1']);
  });

  it('stops delivering after unsubscribe and forgets empty channels', () => {
    const hub = new RealtimeHub({ instanceId: 'me' });
    const subscriber = recorder();
    const stop = hub.subscribe('tenant:t1', ['queue:main', 'queue:main'], subscriber);
    expect(hub.subscriberCount('tenant:t1', 'queue:main')).toBe(1);
    stop();
    expect(hub.subscriberCount('tenant:t1', 'queue:main')).toBe(0);
    expect(hub.subscriberCount()).toBe(0);
    hub.deliver(message('m1', 'tenant:t1', 'queue:main'));
    expect(subscriber.got).toEqual([]);
  });

  it('a throwing subscriber does not starve the others', () => {
    const hub = new RealtimeHub({ instanceId: 'me' });
    const good = recorder();
    hub.subscribe('tenant:t1', ['queue:main'], {
      message: () => {
        throw new Error('broken');
      },
      resync: () => {},
    });
    hub.subscribe('tenant:t1', ['queue:main'], good);
    hub.deliver(message('m1', 'tenant:t1', 'queue:main'));
    expect(good.got).toEqual(['m1']);
  });

  it('tells every subscriber to resync after a delivery gap', () => {
    const hub = new RealtimeHub({ instanceId: 'me' });
    const a = recorder();
    const b = recorder();
    hub.subscribe('tenant:t1', ['queue:main'], a);
    hub.subscribe('tenant:t2', ['invoice:x', 'booking:y'], b);
    hub.markGap();
    expect(a.resyncs).toEqual([['queue:main']]);
    expect(b.resyncs).toEqual([['invoice:x', 'booking:y']]);
  });

  it('replays within a realm only', () => {
    const hub = new RealtimeHub({ instanceId: 'me' });
    hub.deliver(message('m1', 'tenant:t1', 'queue:main'));
    hub.deliver(message('m2', 'tenant:t2', 'queue:main'));
    hub.deliver(message('m3', 'tenant:t1', 'queue:main'));
    expect(hub.replay('tenant:t1', ['queue:main'], 'm1').messages.map((m) => m.id)).toEqual(['m3']);
    expect(hub.replay('tenant:t2', ['queue:main'], 'm1').messages.map((m) => m.id)).toEqual(['m2']);
  });
});
