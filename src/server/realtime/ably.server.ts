import * as Ably from 'ably';
import type { RealtimeMessage } from './message';

/** Browsers may only listen, only inside their tenant's realm, for an hour per token. */
export const BROWSER_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The part of Ably's REST client we use; tests hand in a fake. */
export interface AblyRestLike {
  channels: { get(name: string): { publish(name: string, data: unknown): Promise<unknown> } };
  auth: { createTokenRequest(params: Ably.TokenParams): Promise<Ably.TokenRequest> };
}

export interface AblyAdapter {
  publish(message: RealtimeMessage): Promise<void>;
  /** A signed token request the browser trades with Ably itself: the key stays here. */
  tokenRequest(realm: string): Promise<Ably.TokenRequest>;
}

/** `tenant:<id>` + `invoice:abc` → `tenant:<id>:invoice:abc`, the Ably channel the browser attaches to. */
export function ablyChannelName(realm: string, channel: string): string {
  return `${realm}:${channel}`;
}

/** Subscribe-only on every channel of one realm (`tenant:<id>:*` matches all deeper segments). */
export function browserCapability(realm: string): Record<string, ['subscribe']> {
  return { [`${realm}:*`]: ['subscribe'] };
}

export function createAblyRest(apiKey: string, warn: (message: string) => void): AblyRestLike {
  return new Ably.Rest({
    key: apiKey,
    logLevel: 1,
    // Ably's own log lines go through ours, with the key taken out should one ever contain it.
    logHandler: (line) => warn(line.split(apiKey).join('[ABLY_API_KEY]')),
  });
}

export function createAblyAdapter(rest: AblyRestLike): AblyAdapter {
  return {
    async publish(message) {
      await rest.channels.get(ablyChannelName(message.realm, message.channel)).publish(message.event, message.data);
    },
    tokenRequest(realm) {
      return rest.auth.createTokenRequest({
        capability: JSON.stringify(browserCapability(realm)),
        ttl: BROWSER_TOKEN_TTL_MS,
      });
    },
  };
}
