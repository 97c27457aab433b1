import type { RealtimeMessage } from './message';

export interface ReplayLimits {
  /** Messages kept per realm + channel. */
  perChannel: number;
  /** Messages older than this are forgotten. */
  maxAgeMs: number;
  /** Messages kept in all, whatever the number of channels (bounds memory with many invoices). */
  total: number;
}

export const DEFAULT_REPLAY_LIMITS: ReplayLimits = { perChannel: 50, maxAgeMs: 10 * 60_000, total: 10_000 };

interface Entry {
  /** Arrival order on this instance; every instance receives NOTIFYs in the same order. */
  seq: number;
  key: string;
  message: RealtimeMessage;
  receivedAt: number;
}

interface ChannelLog {
  entries: Entry[];
  /** Highest seq dropped from this channel by the per-channel limit: a reader before it missed something. */
  droppedThrough: number;
}

export interface Replay {
  messages: RealtimeMessage[];
  /** False when messages may be missing: the reader should refetch the state (resync). */
  complete: boolean;
}

/**
 * The recent messages of every realm + channel, so a reconnecting reader catches up from its
 * Last-Event-ID. Also remembers which ids it has seen, so a message arriving twice is dropped.
 * Pure: time comes in as an argument.
 */
export class ReplayBuffer {
  private seq = 0;
  /** Every entry in arrival order; `head` is the oldest one still kept. */
  private log: (Entry | undefined)[] = [];
  private head = 0;
  private readonly channels = new Map<string, ChannelLog>();
  private readonly seqById = new Map<string, number>();
  /** Highest seq forgotten from `log` (age or total limit). */
  private evictedThrough = 0;
  /** Highest seq before which delivery was interrupted (the LISTEN connection dropped). */
  private gapThrough = -1;

  constructor(
    readonly instanceId: string,
    private readonly limits: ReplayLimits = DEFAULT_REPLAY_LIMITS,
  ) {}

  has(id: string): boolean {
    return this.seqById.has(id);
  }

  /** Keeps a message; false when it was already kept (a duplicate). */
  append(key: string, message: RealtimeMessage, now: number): boolean {
    this.prune(now);
    if (this.seqById.has(message.id)) return false;
    const entry: Entry = { seq: ++this.seq, key, message, receivedAt: now };
    this.log.push(entry);
    this.seqById.set(message.id, entry.seq);
    let channel = this.channels.get(key);
    if (!channel) {
      channel = { entries: [], droppedThrough: 0 };
      this.channels.set(key, channel);
    }
    channel.entries.push(entry);
    if (channel.entries.length > this.limits.perChannel) {
      const dropped = channel.entries.shift();
      if (dropped) channel.droppedThrough = dropped.seq;
    }
    if (this.log.length - this.head > this.limits.total) this.evictOldest();
    return true;
  }

  /** Messages may have been missed from here on (e.g. the LISTEN connection was down). */
  markGap(): void {
    this.gapThrough = this.seq;
  }

  /**
   * Where a reader is: the id of the newest message kept, or a cursor `@<instance>.<seq>` when
   * none is kept. Sent to each new reader so that even one that got no message can resume.
   */
  cursor(): string {
    const newest = this.log[this.log.length - 1];
    if (newest) return newest.message.id;
    return `@${this.instanceId}.${this.seq.toString(36)}`;
  }

  /** Messages on `keys` after the reader's last id, oldest first. */
  after(keys: readonly string[], lastId: string, now: number): Replay {
    this.prune(now);
    const position = this.positionOf(lastId);
    if (position === undefined) return { messages: [], complete: false };
    const entries: Entry[] = [];
    let complete = position >= this.evictedThrough && position > this.gapThrough;
    for (const key of new Set(keys)) {
      const channel = this.channels.get(key);
      if (!channel) continue;
      if (channel.droppedThrough > position) complete = false;
      for (const entry of channel.entries) if (entry.seq > position) entries.push(entry);
    }
    entries.sort((a, b) => a.seq - b.seq);
    return { messages: entries.map((entry) => entry.message), complete };
  }

  /** Number of messages kept (tests, metrics). */
  get size(): number {
    return this.log.length - this.head;
  }

  private positionOf(id: string): number | undefined {
    const known = this.seqById.get(id);
    if (known !== undefined) return known;
    // Our own cursor; another instance's cursor means nothing here.
    const prefix = `@${this.instanceId}.`;
    if (!id.startsWith(prefix)) return undefined;
    const seq = Number.parseInt(id.slice(prefix.length), 36);
    return Number.isSafeInteger(seq) && seq >= 0 && seq <= this.seq ? seq : undefined;
  }

  private prune(now: number): void {
    const oldestKept = now - this.limits.maxAgeMs;
    while (this.head < this.log.length) {
      const oldest = this.log[this.head];
      if (!oldest || oldest.receivedAt >= oldestKept) break;
      this.evictOldest();
    }
  }

  private evictOldest(): void {
    const oldest = this.log[this.head];
    if (!oldest) return;
    this.log[this.head] = undefined;
    this.head += 1;
    this.evictedThrough = oldest.seq;
    this.seqById.delete(oldest.message.id);
    const channel = this.channels.get(oldest.key);
    // Channels keep arrival order, so a channel's oldest entry is the first to go.
    if (channel && channel.entries[0]?.seq === oldest.seq) channel.entries.shift();
    // An empty channel can go: every position still resolvable is newer than what it dropped.
    if (channel && channel.entries.length === 0) this.channels.delete(oldest.key);
    if (this.head > 1024 && this.head * 2 > this.log.length) {
      this.log = this.log.slice(this.head);
      this.head = 0;
    }
  }
}
