import type { RealtimeHub } from './hub';
import type { RealtimeMessage } from './message';
import { formatMessageEvent, formatSseComment, formatSseEvent, formatSseRetry, READY_EVENT, RESYNC_EVENT } from './sse';

export interface EventStreamRequest {
  realm: string;
  channels: readonly string[];
  /** From the Last-Event-ID header (a native reconnect) or the lastEventId query (our client). */
  lastEventId?: string | undefined;
  /** The request's signal: aborted when the visitor goes away. */
  signal?: AbortSignal | undefined;
}

export interface EventStreamTiming {
  heartbeatMs: number;
  retryMs: number;
  /** A reader this many chunks behind is cut off; it reconnects and replays from its last id. */
  maxQueuedChunks: number;
}

export const DEFAULT_EVENT_STREAM_TIMING: EventStreamTiming = {
  heartbeatMs: 20_000,
  retryMs: 3_000,
  maxQueuedChunks: 500,
};

export const EVENT_STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  // nginx and similar proxies would otherwise hold events back in their buffers.
  'X-Accel-Buffering': 'no',
} as const;

/** The open streams' `close`: a graceful stop ends them, else they would hold it until its deadline. */
const openStreams = new Set<() => void>();

/** Ends every open event stream of this process (the readers reconnect and replay from their last id). */
export function closeEventStreams(): void {
  for (const close of [...openStreams]) close();
}

const encoder = new TextEncoder();

/**
 * A message's bytes, formatted once however many readers get it: with a thousand viewers of a
 * board, formatting the same 4 KB per stream was about 20 ms per gift (bench/live-viewers.bench.ts).
 * The hub hands every subscriber the same message object; the bytes are never written to.
 */
const encodedMessages = new WeakMap<RealtimeMessage, Uint8Array>();
function encodedMessage(message: RealtimeMessage): Uint8Array {
  let bytes = encodedMessages.get(message);
  if (!bytes) {
    bytes = encoder.encode(formatMessageEvent(message));
    encodedMessages.set(message, bytes);
  }
  return bytes;
}

/**
 * An SSE response for one reader: replays what it missed after its last id, then streams live
 * messages of its realm's channels until it goes away. The order is: `retry`, missed messages,
 * a resync event when some could not be replayed, a `realtime.ready` event carrying the cursor
 * (so a reader that got no message can still resume), then live messages and heartbeats.
 */
export function eventStreamResponse(
  hub: RealtimeHub,
  request: EventStreamRequest,
  timing: EventStreamTiming = DEFAULT_EVENT_STREAM_TIMING,
): Response {
  const channels = [...new Set(request.channels)];
  let release: (() => void) | undefined;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let unsubscribe = () => {};
      const heartbeat = setInterval(() => send(formatSseComment('ping')), timing.heartbeatMs);
      heartbeat.unref?.();

      function stop() {
        if (!open) return;
        open = false;
        openStreams.delete(close);
        clearInterval(heartbeat);
        unsubscribe();
        request.signal?.removeEventListener('abort', close);
      }
      function close() {
        if (!open) return;
        stop();
        try {
          controller.close();
        } catch {
          // already closed or errored by the reader
        }
      }
      function send(text: string | Uint8Array) {
        if (!open) return;
        if ((controller.desiredSize ?? 0) < -timing.maxQueuedChunks) return close();
        controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
      }
      release = stop;
      openStreams.add(close);

      if (request.signal?.aborted) return close();
      request.signal?.addEventListener('abort', close, { once: true });

      send(formatSseRetry(timing.retryMs));
      // Replay and subscribe in the same tick: no message can slip between them.
      if (request.lastEventId) {
        const missed = hub.replay(request.realm, channels, request.lastEventId);
        for (const message of missed.messages) send(formatMessageEvent(message));
        if (!missed.complete) send(formatSseEvent({ event: RESYNC_EVENT, data: { channels } }));
      }
      send(formatSseEvent({ id: hub.cursor(), event: READY_EVENT, data: { channels } }));
      unsubscribe = hub.subscribe(request.realm, channels, {
        message: (message) => send(encodedMessage(message)),
        resync: (which) => send(formatSseEvent({ event: RESYNC_EVENT, data: { channels: which } })),
      });
    },
    cancel() {
      release?.();
    },
  });

  return new Response(body, { status: 200, headers: EVENT_STREAM_HEADERS });
}
