import { log } from '#lib/logger.server.ts';
import { env } from '../config.server';
import { db } from '../database.server';
import { onDrain, onStop } from '../lifecycle.server';
import { createAblyAdapter, createAblyRest } from './ably.server';
import { closeEventStreams, type EventStreamRequest } from './event-stream';
import { notifyThrough } from './pg-notify.server';
import { type BrowserRealtime, createRealtime, type Realtime } from './realtime.server';

/**
 * Realtime (DESIGN.md §6). Server code calls `publish()` after its change is committed; the SSE
 * endpoint and the token endpoint read from the same instance-wide adapter.
 *
 * - `local` (default): an in-process hub; on PostgreSQL fanned out to every instance through
 *   LISTEN/NOTIFY. Browsers read SSE from `/api/realtime`.
 * - `ably` (ABLY_API_KEY set): also published through Ably's REST API; browsers get token
 *   requests from `/api/realtime/token` and connect to Ably. `/api/realtime` keeps working.
 */

export { CHANNEL_NAME, MAX_CHANNELS, RealtimeQuery } from './channel-name';
export { EVENT_STREAM_HEADERS } from './event-stream';
export { MAX_MESSAGE_BYTES, type RealtimeMessage } from './message';
export type { BrowserRealtime, Realtime, RealtimeOptions } from './realtime.server';
export { createRealtime } from './realtime.server';
export { READY_EVENT, RESYNC_EVENT } from './sse';

let instance: Realtime | undefined;
onDrain('realtime event streams', closeEventStreams);

/** This process's realtime adapter, chosen by the environment on first use. */
export function realtime(): Realtime {
  if (instance) return instance;
  const { DATABASE_URL, ABLY_API_KEY } = env();
  instance = createRealtime({
    log,
    // The same choice database() makes: DATABASE_URL means PostgreSQL, else one PGlite process.
    postgres: DATABASE_URL
      ? {
          connectionString: DATABASE_URL,
          notify: notifyThrough(db),
        }
      : undefined,
    ably: ABLY_API_KEY ? createAblyAdapter(createAblyRest(ABLY_API_KEY, (line) => log.warn(line))) : undefined,
  });
  const created = instance;
  onStop('realtime', () => created.close());
  return instance;
}

/**
 * Sends `event` with `data` to subscribers of a tenant's `channel` (e.g. `invoice:<publicId>`).
 * Call it AFTER the database change committed. Never throws for a transport failure (logged).
 */
export function publish(tenantId: string, channel: string, event: string, data: unknown): Promise<void> {
  return realtime().publish(tenantId, channel, event, data);
}

/** What the browser needs to connect: `{ provider: 'local' }` or an Ably token request for the tenant's realm. */
export function browserRealtime(tenantId: string): Promise<BrowserRealtime> {
  return realtime().browserRealtime(tenantId);
}

/** The SSE response for `/api/realtime`. */
export function realtimeEventStream(tenantId: string, request: Omit<EventStreamRequest, 'realm'>): Response {
  return realtime().eventStream(tenantId, request);
}

/** Stops the LISTEN connection (shutdown, tests). */
export async function closeRealtime(): Promise<void> {
  const closing = instance;
  instance = undefined;
  await closing?.close();
}
