import { z } from 'zod';
import type { Db } from '../../db/client.server';
import { LOCALES } from '../../i18n/locales';
import { insertOutboxRow } from './outbox-repo.server';
import { parsePayload, type TemplateName, type TemplatePayload } from './templates';

interface Envelope {
  tenantId: string;
  channel: 'sms' | 'email';
  /** SMS: digits with the dial code (60123456789) or E.164; e-mail: an address. */
  destination: string;
  locale: 'en' | 'ms' | 'id';
}

/** A message for one template, its payload typed by the template's schema (ServerTemplates). */
export type MessageToEnqueue<T extends TemplateName = TemplateName> = {
  [K in T]: Envelope & { template: K; payload: TemplatePayload<K> };
}[T];

const Envelope = z.discriminatedUnion('channel', [
  z.object({
    channel: z.literal('sms'),
    destination: z
      .string()
      .trim()
      .regex(/^\+?[1-9]\d{6,14}$/),
  }),
  z.object({ channel: z.literal('email'), destination: z.email() }),
]);
const Common = z.object({ tenantId: z.uuid(), locale: z.enum(LOCALES) });

/**
 * Writes a pending message with the caller's handle: pass the transaction of the change that
 * causes the message, so the two commit or roll back together. Call kickOutbox() after the
 * commit for prompt delivery. A malformed message is a programming error and throws here,
 * rolling the caller's change back, rather than failing later out of sight.
 */
export async function enqueueMessage(tx: Db, message: MessageToEnqueue): Promise<{ id: string }> {
  const { tenantId, locale } = Common.parse(message);
  const { channel, destination } = Envelope.parse(message);
  const payload = parsePayload(message.template, message.payload) as Record<string, unknown>;
  // Due by this process's clock, not the database's: now() has microseconds, a JS Date only
  // milliseconds, so a worker kicked within the same millisecond would not see the row as due.
  const dueAt = new Date();
  return insertOutboxRow(tx, { tenantId, channel, destination, locale, template: message.template, payload, dueAt });
}
