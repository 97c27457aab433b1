import { z } from 'zod';

/**
 * A channel is `<kind>:<id>` inside a tenant's realm, e.g. `invoice:Vh3k…`, `booking:…`, `queue:main`.
 * Anyone may subscribe to any channel name of the tenant whose site they are on: there is no
 * per-channel login check. Private things are therefore named by their unguessable public id
 * (an invoice's public id, a booking request's public id), so subscribing requires already knowing
 * the id, exactly like opening the invoice page itself. Never name a channel by a sequential or
 * guessable id, and never publish data a visitor of that page may not see.
 */
export const CHANNEL_NAME = /^[a-z]+:[A-Za-z0-9_-]{1,64}$/;

/** One browser connection listens to at most this many channels. */
export const MAX_CHANNELS = 10;

/**
 * Event names travel in the SSE `event:` field and as Ably message names: no spaces or line breaks.
 * The `realtime.` prefix is ours (connection control: ready, resync).
 */
export const EVENT_NAME = /^[a-z][A-Za-z0-9_.-]{0,63}$/;
export const CONTROL_EVENT_PREFIX = 'realtime.';

/** Ids we hand out as SSE ids (message ids and cursors): short, no line breaks. */
const EVENT_ID = /^@?[A-Za-z0-9._-]{1,100}$/;

export const ChannelName = z.string().regex(CHANNEL_NAME, { message: 'error.request' });

/** `GET /api/realtime?channels=a,b&lastEventId=…` (the Last-Event-ID header wins over the query). */
export const RealtimeQuery = z.object({
  channels: z
    .string()
    .transform((list) => [...new Set(list.split(',').map((name) => name.trim()))].filter((name) => name !== ''))
    .pipe(z.array(ChannelName).min(1, { message: 'error.request' }).max(MAX_CHANNELS, { message: 'error.request' })),
  lastEventId: z.string().regex(EVENT_ID, { message: 'error.request' }).optional(),
});
export type RealtimeQuery = z.infer<typeof RealtimeQuery>;

export function isChannelName(name: string): boolean {
  return CHANNEL_NAME.test(name);
}

export function isEventName(name: string): boolean {
  return EVENT_NAME.test(name) && !name.startsWith(CONTROL_EVENT_PREFIX);
}
