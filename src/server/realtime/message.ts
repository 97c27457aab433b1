import { isChannelName, isEventName } from './channel-name';

/** One realtime message, the same on every transport (in-process, NOTIFY, SSE, Ably). */
export interface RealtimeMessage {
  /** Unique across instances (`<instance>-<sequence>`), given once at publish. */
  id: string;
  /** `tenant:<tenantId>`: a tenant's messages never reach another tenant's subscribers. */
  realm: string;
  channel: string;
  event: string;
  data: unknown;
  /** ISO time of publishing. */
  at: string;
}

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. Realtime messages should carry a
 * status and ids, not documents; one that is too big goes out with `data: null`, which tells
 * subscribers "this changed, fetch it".
 */
export const MAX_MESSAGE_BYTES = 7_800;

export function realmFor(tenantId: string): string {
  return `tenant:${tenantId}`;
}

/** Message ids for one process: a random instance id plus a counter, so they are unique without coordination. */
export function messageIdGenerator(instanceId: string): () => string {
  let sequence = 0;
  return () => `${instanceId}-${(++sequence).toString(36)}`;
}

export interface NewMessage {
  id: string;
  tenantId: string;
  channel: string;
  event: string;
  data: unknown;
  at: Date;
}

/** Builds the envelope; a bad channel or event name is a programming error and throws. */
export function createMessage(input: NewMessage): { message: RealtimeMessage; trimmed: boolean } {
  if (!isChannelName(input.channel)) throw new TypeError(`realtime: invalid channel name "${input.channel}"`);
  if (!isEventName(input.event)) throw new TypeError(`realtime: invalid event name "${input.event}"`);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(input.tenantId)) throw new TypeError('realtime: invalid tenant id');
  const message: RealtimeMessage = {
    id: input.id,
    realm: realmFor(input.tenantId),
    channel: input.channel,
    event: input.event,
    // JSON round trip: what subscribers get is exactly what survives the wire (dates become strings).
    data: input.data === undefined ? null : JSON.parse(JSON.stringify(input.data)),
    at: input.at.toISOString(),
  };
  if (encodedSize(message) <= MAX_MESSAGE_BYTES) return { message, trimmed: false };
  return { message: { ...message, data: null }, trimmed: true };
}

export function encodeMessage(message: RealtimeMessage): string {
  return JSON.stringify(message);
}

const utf8 = new TextEncoder();

function encodedSize(message: RealtimeMessage): number {
  return utf8.encode(encodeMessage(message)).byteLength;
}

/** A message from another instance, or undefined when the payload is not one of ours. */
export function decodeMessage(payload: string): RealtimeMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, realm, channel, event, data, at } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof realm !== 'string' || typeof at !== 'string') return undefined;
  if (typeof channel !== 'string' || !isChannelName(channel)) return undefined;
  if (typeof event !== 'string' || !isEventName(event)) return undefined;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id) || !realm.startsWith('tenant:')) return undefined;
  return { id, realm, channel, event, data: data ?? null, at };
}
