import { Realtime, type RealtimeChannel, type TokenRequest } from 'ably';
import type { AblyAnswer, Transport, TransportHooks } from './transport';

/** Must equal RESYNC and READY in realtime-client.ts (not imported: this file loads only on demand). */
const RESYNC = 'realtime.resync';
const READY = 'realtime.ready';

/**
 * Ably: one connection, an Ably channel attached per subscribed channel. Loaded by dynamic import
 * only when `/api/realtime/token` says `ably`, so pages without Ably never download the SDK.
 */
export function ablyTransport(first: AblyAnswer, hooks: TransportHooks): Transport {
  let tokenRequest: unknown = first.tokenRequest;
  const client = new Realtime({
    authCallback(_params, callback) {
      // The first token request came with the answer; renewals (hourly) fetch a fresh one.
      const ready = tokenRequest;
      tokenRequest = undefined;
      (ready ? Promise.resolve(ready) : hooks.fetchAnswer().then((answer) => (answer as AblyAnswer).tokenRequest)).then(
        (request) => callback(null, request as TokenRequest),
        (error) => callback(String(error), null),
      );
    },
  });
  const status = (state: string) =>
    hooks.status(
      state === 'connected' ? 'open' : state === 'connecting' || state === 'initialized' ? 'connecting' : 'closed',
    );
  status(client.connection.state);
  client.connection.on((change) => status(change.current));

  const attached = new Map<string, RealtimeChannel>();
  return {
    update(next) {
      for (const [name, channel] of attached) {
        if (next.includes(name)) continue;
        channel.unsubscribe();
        channel.off();
        channel.detach().catch(() => {});
        attached.delete(name);
      }
      for (const name of next) {
        if (attached.has(name)) continue;
        const channel = client.channels.get(`${first.realm}:${name}`);
        let wasAttached = false;
        // Continuity lost (e.g. offline for minutes): what was missed is gone, so refetch.
        channel.on('attached', (change) => {
          if (wasAttached && !change?.resumed) hooks.emit(name, RESYNC, null);
          wasAttached = true;
          // Attached: messages from now on arrive; anything earlier is the island's to re-check.
          hooks.emit(name, READY, null);
        });
        channel.on('update', (change) => {
          if (!change?.resumed) hooks.emit(name, RESYNC, null);
        });
        channel.subscribe((message) => hooks.emit(name, message.name ?? '', message.data)).catch(() => {});
        attached.set(name, channel);
      }
    },
    close() {
      client.close();
    },
  };
}
