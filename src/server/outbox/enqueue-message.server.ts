import { z } from 'zod';
import type { Db } from '#db/client.server.ts';
import { LOCALES } from '#i18n/locales.ts';
import { dropPendingOutboxRows, insertOutboxRow, replacePendingOutboxRow } from './outbox-repo.server';
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
export async function enqueueMessage(
  tx: Db,
  message: MessageToEnqueue,
  options: EnqueueOptions = {},
): Promise<{ id: string }> {
  const { tenantId, locale } = Common.parse(message);
  const { channel, destination } = Envelope.parse(message);
  const payload = parsePayload(message.template, message.payload) as Record<string, unknown>;
  const row = { tenantId, channel, destination, locale, template: message.template, payload };
  if (options.coalesceKey) {
    // The newer message replaces one with the same key that no worker has tried yet.
    const replaced = await replacePendingOutboxRow(tx, { ...row, coalesceKey: options.coalesceKey });
    if (replaced) return replaced;
  }
  // Due by this process's clock, not the database's: now() has microseconds, a JS Date only
  // milliseconds, so a worker kicked within the same millisecond would not see the row as due.
  const dueAt = options.dueAt ?? new Date();
  return insertOutboxRow(tx, { ...row, dueAt, coalesceKey: options.coalesceKey ?? null });
}

export interface EnqueueOptions {
  /** Not before this time (a delayed message); now when absent. */
  dueAt?: Date;
  /**
   * Messages with one key replace each other while unsent: a pending row with this key and channel
   * (in this tenant) that no worker has tried yet gets this message's payload (keeping its due
   * time) instead of a new row being added. The caller serializes messages of one key (it holds
   * the lock of what the key names, e.g. the booking row).
   */
  coalesceKey?: string;
}

/**
 * Withdraws the delayed messages with this key — due after `now`, not tried yet — that a later
 * change made wrong (a move's waiting notice once the booking is cancelled). Returns how many.
 */
export function withdrawPendingMessages(tx: Db, tenantId: string, coalesceKey: string, now: Date): Promise<number> {
  return dropPendingOutboxRows(tx, tenantId, coalesceKey, now);
}
