/** What the browser client needs from a transport (SSE or Ably). Types only: nothing ships. */
export interface Transport {
  /** The channels to listen to now (never empty). */
  update(channels: string[]): void;
  close(): void;
}

export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** `/api/realtime/token` when Ably is configured. */
export interface AblyAnswer {
  provider: 'ably';
  /** `tenant:<id>`: Ably channel names are `<realm>:<channel>`. */
  realm: string;
  tokenRequest: unknown;
}

export type TokenAnswer = AblyAnswer | { provider: 'local' };

export interface TransportHooks {
  emit(channel: string, event: string, data: unknown): void;
  status(status: RealtimeStatus): void;
  fetchAnswer(): Promise<TokenAnswer>;
}
