import type { TokenParams, TokenRequest } from 'ably';
import { describe, expect, it, vi } from 'vitest';
import {
  type AblyRestLike,
  ablyChannelName,
  BROWSER_TOKEN_TTL_MS,
  browserCapability,
  createAblyAdapter,
  createAblyRest,
} from './ably.server';
import { createRealtime } from './realtime.server';

// A made-up key in Ably's format; createTokenRequest signs locally, nothing goes over the network.
const KEY_NAME = 'appId1.keyId1';
const KEY_SECRET = 'S3cr3tK3yV4lu3-never-in-a-browser';
const API_KEY = `${KEY_NAME}:${KEY_SECRET}`;

const quietLog = { info: vi.fn(), warn: vi.fn() };

function fakeRest() {
  const published: { channel: string; name: string; data: unknown }[] = [];
  const rest: AblyRestLike = {
    channels: {
      get: (channel) => ({
        publish: async (name, data) => {
          published.push({ channel, name, data });
        },
      }),
    },
    auth: { createTokenRequest: async (params: TokenParams) => ({ ...params }) as unknown as TokenRequest },
  };
  return { rest, published };
}

describe('Ably adapter', () => {
  it('names channels tenant:<id>:<channel>', () => {
    expect(ablyChannelName('tenant:t1', 'invoice:abc')).toBe('tenant:t1:invoice:abc');
  });

  it('signs a subscribe-only, one-hour token request for the tenant realm, without the secret', async () => {
    const adapter = createAblyAdapter(createAblyRest(API_KEY, () => {}));
    const request = await adapter.tokenRequest('tenant:t1');
    expect(request.keyName).toBe(KEY_NAME);
    expect(request.ttl).toBe(BROWSER_TOKEN_TTL_MS);
    expect(BROWSER_TOKEN_TTL_MS).toBe(3_600_000);
    expect(JSON.parse(request.capability)).toEqual({ 'tenant:t1:*': ['subscribe'] });
    expect(request.mac).toMatch(/\S{20,}/);
    expect(request.nonce.length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(request)).not.toContain(KEY_SECRET);
    expect(browserCapability('tenant:t2')).toEqual({ 'tenant:t2:*': ['subscribe'] });
  });

  it('publishes to tenant:<id>:<channel> with the event as the message name', async () => {
    const { rest, published } = fakeRest();
    const realtime = createRealtime({ log: quietLog, ably: createAblyAdapter(rest) });
    const local: string[] = [];
    realtime.hub.subscribe('tenant:t1', ['invoice:abc'], { message: (m) => local.push(m.event), resync: () => {} });
    await realtime.publish('t1', 'invoice:abc', 'status', { status: 'paid' });
    expect(published).toEqual([{ channel: 'tenant:t1:invoice:abc', name: 'status', data: { status: 'paid' } }]);
    // This instance's SSE readers still get it.
    expect(local).toEqual(['status']);
  });

  it('answers the browser with the realm and a token request; local when Ably is off', async () => {
    const { rest } = fakeRest();
    const withAbly = createRealtime({ log: quietLog, ably: createAblyAdapter(rest) });
    expect(withAbly.provider).toBe('ably');
    const answer = await withAbly.browserRealtime('t9');
    expect(answer).toMatchObject({ provider: 'ably', realm: 'tenant:t9' });
    if (answer.provider !== 'ably') throw new Error('expected ably');
    expect(JSON.parse(answer.tokenRequest.capability)).toEqual({ 'tenant:t9:*': ['subscribe'] });

    const local = createRealtime({ log: quietLog });
    expect(local.provider).toBe('local');
    expect(await local.browserRealtime('t9')).toEqual({ provider: 'local' });
  });

  it('logs an Ably failure instead of failing the caller, and still delivers locally', async () => {
    const warn = vi.fn();
    const rest: AblyRestLike = {
      channels: { get: () => ({ publish: async () => Promise.reject(new Error('Ably is down')) }) },
      auth: { createTokenRequest: async () => ({}) as TokenRequest },
    };
    const realtime = createRealtime({ log: { info: vi.fn(), warn }, ably: createAblyAdapter(rest) });
    const local: string[] = [];
    realtime.hub.subscribe('tenant:t1', ['queue:main'], { message: (m) => local.push(m.id), resync: () => {} });
    await expect(realtime.publish('t1', 'queue:main', 'called', { number: 'A012' })).resolves.toBeUndefined();
    expect(local).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith('realtime: Ably publish failed', {
      channel: 'queue:main',
      error: 'Ably is down',
    });
  });

  it("keeps the key out of Ably's own log lines", () => {
    const lines: string[] = [];
    const rest = createAblyRest(API_KEY, (line) => lines.push(line));
    // Reach the handler we installed the way Ably calls it.
    const handler = (rest as unknown as { options: { logHandler?: (m: string, l: number) => void } }).options
      .logHandler;
    expect(handler).toBeTypeOf('function');
    handler?.(`Auth error for key ${API_KEY}`, 1);
    expect(lines).toEqual(['Auth error for key [ABLY_API_KEY]']);
  });
});
