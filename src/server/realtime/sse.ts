import type { RealtimeMessage } from './message';

/** Server-Sent Events text (https://html.spec.whatwg.org/multipage/server-sent-events.html). */

/** Our control events; published event names cannot start with `realtime.`. */
export const READY_EVENT = 'realtime.ready';
export const RESYNC_EVENT = 'realtime.resync';

export interface SseEvent {
  id?: string | undefined;
  event?: string | undefined;
  data: unknown;
}

/** One event block. Field values never hold line breaks: ids and names are checked, data is JSON. */
export function formatSseEvent({ id, event, data }: SseEvent): string {
  let text = '';
  if (id !== undefined) text += `id: ${singleLine(id)}\n`;
  if (event !== undefined) text += `event: ${singleLine(event)}\n`;
  // JSON.stringify escapes line breaks, so one data line always suffices.
  return `${text}data: ${JSON.stringify(data ?? null)}\n\n`;
}

/** A comment line: ignored by readers, keeps proxies from closing an idle connection. */
export function formatSseComment(text: string): string {
  return `: ${singleLine(text)}\n\n`;
}

/** How long a native EventSource waits before reconnecting. */
export function formatSseRetry(milliseconds: number): string {
  return `retry: ${Math.max(0, Math.round(milliseconds))}\n\n`;
}

/** A realtime message as the browser client reads it: the event name outside, the channel inside. */
export function formatMessageEvent(message: RealtimeMessage): string {
  return formatSseEvent({
    id: message.id,
    event: message.event,
    data: { channel: message.channel, data: message.data, at: message.at },
  });
}

function singleLine(value: string): string {
  return value.replace(/[\r\n]/g, ' ');
}
