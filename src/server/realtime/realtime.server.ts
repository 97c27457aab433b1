import { randomBytes } from 'node:crypto';
import type { TokenRequest } from 'ably';
import type { AblyAdapter } from './ably.server';
import { type EventStreamRequest, type EventStreamTiming, eventStreamResponse } from './event-stream';
import { RealtimeHub } from './hub';
import { createMessage, encodeMessage, messageIdGenerator, type RealtimeMessage, realmFor } from './message';
import { type FanoutLogger, NOTIFY_CHANNEL, type PgFanout, startPgFanout } from './pg-fanout.server';
import type { ReplayLimits } from './replay-buffer';

/** What `/api/realtime/token` answers: which transport the browser should use. */
export type BrowserRealtime =
  | { provider: 'local' }
  | { provider: 'ably' /** channel names are `<realm>:<channel>` */; realm: string; tokenRequest: TokenRequest };

export interface Realtime {
  readonly provider: 'local' | 'ably';
  readonly hub: RealtimeHub;
  /**
   * Sends an event to a tenant's channel. Call it after the change is committed, so subscribers
   * who refetch see it. A transport failure is logged, never thrown: the change itself happened.
   * A bad channel or event name is a programming error and throws.
   */
  publish(tenantId: string, channel: string, event: string, data: unknown): Promise<void>;
  browserRealtime(tenantId: string): Promise<BrowserRealtime>;
  /** The SSE response for one reader of a tenant's channels. */
  eventStream(tenantId: string, request: Omit<EventStreamRequest, 'realm'>): Response;
  /** Resolves when cross-instance delivery is in place (LISTEN started); at once on PGlite. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  log: FanoutLogger;
  /**
   * Cross-instance fan-out on PostgreSQL: a connection string for the dedicated LISTEN connection
   * and a way to run `SELECT pg_notify(…)` (the app's pool). Absent on PGlite: one process.
   */
  postgres?: { connectionString: string; notify(channel: string, payload: string): Promise<void> } | undefined;
  /** Also publish through Ably (ABLY_API_KEY set); this instance's SSE keeps working regardless. */
  ably?: AblyAdapter | undefined;
  instanceId?: string;
  limits?: ReplayLimits;
  timing?: EventStreamTiming;
  now?: () => Date;
  fanoutBackoff?: { initialMs: number; maxMs: number };
}

/** The `local` adapter (in-process hub, plus LISTEN/NOTIFY on PostgreSQL), and Ably when configured. */
export function createRealtime(options: RealtimeOptions): Realtime {
  const { log, postgres, ably } = options;
  const now = options.now ?? (() => new Date());
  const instanceId = options.instanceId ?? randomBytes(5).toString('hex');
  const nextId = messageIdGenerator(instanceId);
  const hub = new RealtimeHub({
    instanceId,
    now: () => now().getTime(),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const fanout: PgFanout | undefined = postgres
    ? startPgFanout({
        connectionString: postgres.connectionString,
        applicationName: `serambi-realtime-${instanceId}`,
        onMessage: (message) => hub.deliver(message),
        onReconnected: () => hub.markGap(),
        log,
        ...(options.fanoutBackoff ? { backoff: options.fanoutBackoff } : {}),
      })
    : undefined;

  /**
   * On PostgreSQL a message reaches this instance's subscribers the way it reaches everyone
   * else's: through NOTIFY, so all instances see one order. Only when LISTEN is down (or NOTIFY
   * failed) is it delivered directly; the hub drops the echo should it still arrive.
   */
  async function publishLocally(message: RealtimeMessage) {
    if (!fanout || !postgres) {
      hub.deliver(message);
      return;
    }
    try {
      await postgres.notify(NOTIFY_CHANNEL, encodeMessage(message));
    } catch (error) {
      log.warn('realtime: NOTIFY failed; delivered on this instance only', { error: errorText(error) });
      hub.deliver(message);
      return;
    }
    if (!fanout.listening) hub.deliver(message);
  }

  async function publishToAbly(message: RealtimeMessage) {
    if (!ably) return;
    try {
      await ably.publish(message);
    } catch (error) {
      log.warn('realtime: Ably publish failed', { channel: message.channel, error: errorText(error) });
    }
  }

  return {
    provider: ably ? 'ably' : 'local',
    hub,
    async publish(tenantId, channel, event, data) {
      const { message, trimmed } = createMessage({ id: nextId(), tenantId, channel, event, data, at: now() });
      if (trimmed) log.warn('realtime: message too large; sent without data', { channel, event });
      await Promise.all([publishLocally(message), publishToAbly(message)]);
    },
    async browserRealtime(tenantId) {
      if (!ably) return { provider: 'local' };
      const realm = realmFor(tenantId);
      return { provider: 'ably', realm, tokenRequest: await ably.tokenRequest(realm) };
    },
    eventStream(tenantId, request) {
      return eventStreamResponse(hub, { ...request, realm: realmFor(tenantId) }, options.timing);
    },
    ready() {
      return fanout?.ready() ?? Promise.resolve();
    },
    async close() {
      await fanout?.close();
    },
  };
}

/** Error text for the log: the message only (Ably and pg errors carry no secrets in it). */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
