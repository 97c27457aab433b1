import { log } from '#lib/logger.server.ts';
import { maskDestination } from './mask';
import type { OutgoingMessage, Transport } from './message';

/** How many messages the log transport remembers for the development page. */
export const RECENT_LOG_MESSAGES = 50;

export interface LoggedMessage {
  id: string;
  tenantId: string;
  channel: OutgoingMessage['channel'];
  /** Unmasked: it stays in this process's memory, so a development page can find "my" code. */
  destination: string;
  template: OutgoingMessage['template'];
  locale: OutgoingMessage['locale'];
  subject: string;
  text: string;
  loggedAt: Date;
}

const recent: LoggedMessage[] = [];

/**
 * The default transport: one log line per message. The line carries the text, login code
 * included on purpose (a local tester reads it there); the destination is masked.
 */
export const logTransport: Transport = {
  name: 'log',
  async send(message) {
    log.info('outbox message (log transport)', {
      id: message.id,
      channel: message.channel,
      to: maskDestination(message.channel, message.destination),
      template: message.template,
      locale: message.locale,
      subject: message.subject,
      text: message.text,
    });
    recent.unshift({
      id: message.id,
      tenantId: message.tenantId,
      channel: message.channel,
      destination: message.destination,
      template: message.template,
      locale: message.locale,
      subject: message.subject,
      text: message.text,
      loggedAt: new Date(),
    });
    recent.length = Math.min(recent.length, RECENT_LOG_MESSAGES);
  },
};

/** The messages the log transport wrote in this process, newest first. */
export function recentLogMessages(): readonly LoggedMessage[] {
  return [...recent];
}

export function clearRecentLogMessages(): void {
  recent.length = 0;
}
