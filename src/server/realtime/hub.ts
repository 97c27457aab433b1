import type { RealtimeMessage } from './message';
import { DEFAULT_REPLAY_LIMITS, type Replay, ReplayBuffer, type ReplayLimits } from './replay-buffer';

export interface HubSubscriber {
  message(message: RealtimeMessage): void;
  /** Messages on these channels may have been missed: fetch the current state. */
  resync(channels: string[]): void;
}

export interface HubOptions {
  instanceId: string;
  limits?: ReplayLimits;
  now?: () => number;
}

interface Subscription {
  channels: string[];
  subscriber: HubSubscriber;
}

const keyOf = (realm: string, channel: string) => `${realm}\n${channel}`;

/**
 * This instance's subscribers, keyed by realm + channel, and the replay buffer. It does no I/O:
 * the local adapter feeds it messages (directly on PGlite, from LISTEN on PostgreSQL) and the
 * SSE endpoint reads from it. Each message id is delivered at most once, whatever path it takes.
 */
export class RealtimeHub {
  readonly instanceId: string;
  private readonly buffer: ReplayBuffer;
  private readonly now: () => number;
  private readonly byKey = new Map<string, Set<Subscription>>();
  private readonly all = new Set<Subscription>();

  constructor(options: HubOptions) {
    this.instanceId = options.instanceId;
    this.buffer = new ReplayBuffer(options.instanceId, options.limits ?? DEFAULT_REPLAY_LIMITS);
    this.now = options.now ?? Date.now;
  }

  /** Listens to channels of one realm; returns the function that stops listening. */
  subscribe(realm: string, channels: readonly string[], subscriber: HubSubscriber): () => void {
    const subscription: Subscription = { channels: [...new Set(channels)], subscriber };
    this.all.add(subscription);
    for (const channel of subscription.channels) {
      const key = keyOf(realm, channel);
      let set = this.byKey.get(key);
      if (!set) {
        set = new Set();
        this.byKey.set(key, set);
      }
      set.add(subscription);
    }
    return () => {
      this.all.delete(subscription);
      for (const channel of subscription.channels) {
        const key = keyOf(realm, channel);
        const set = this.byKey.get(key);
        set?.delete(subscription);
        if (set?.size === 0) this.byKey.delete(key);
      }
    };
  }

  /** Hands a message to its subscribers; false (and nothing delivered) when the id was seen before. */
  deliver(message: RealtimeMessage): boolean {
    const key = keyOf(message.realm, message.channel);
    if (!this.buffer.append(key, message, this.now())) return false;
    for (const { subscriber } of [...(this.byKey.get(key) ?? [])]) {
      try {
        subscriber.message(message);
      } catch {
        // One broken subscriber must not starve the others; it cleans itself up on close.
      }
    }
    return true;
  }

  /** Delivery was interrupted: tell every subscriber to resync, and later readers from before now too. */
  markGap(): void {
    this.buffer.markGap();
    for (const { channels, subscriber } of [...this.all]) {
      try {
        subscriber.resync(channels);
      } catch {
        // as above
      }
    }
  }

  /** Messages after `lastId` on a realm's channels; `complete: false` when some may be missing. */
  replay(realm: string, channels: readonly string[], lastId: string): Replay {
    return this.buffer.after(
      channels.map((channel) => keyOf(realm, channel)),
      lastId,
      this.now(),
    );
  }

  /** The position a new reader resumes from (see ReplayBuffer.cursor). */
  cursor(): string {
    return this.buffer.cursor();
  }

  /** Subscribers of a realm's channel, or of everything (tests, metrics). */
  subscriberCount(realm?: string, channel?: string): number {
    if (realm === undefined || channel === undefined) return this.all.size;
    return this.byKey.get(keyOf(realm, channel))?.size ?? 0;
  }
}
