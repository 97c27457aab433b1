import { createHash } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { hitRateLimit, type RateLimit } from '../rate-limit.server';
import type { Channel } from './message';

/**
 * The most messages one phone number or inbox is sent per hour, whatever asked for them (login
 * codes, bookings moved again and again, any tenant): an SMS to a number someone else typed costs
 * money and may be a premium number (SMS pumping). Above it a message is not sent, and the outbox
 * records why. Generous for a real customer: codes are limited to 3 per 15 minutes per tenant.
 */
export const DESTINATION_CAPS: Record<Channel, RateLimit> = {
  sms: { limit: 10, windowMs: 60 * 60_000 },
  email: { limit: 20, windowMs: 60 * 60_000 },
};

/** One destination however it is written (+60… or 60…, upper or lower case), hashed: no personal data in keys. */
export function destinationCapKey(channel: Channel, destination: string): string {
  const normal = channel === 'sms' ? destination.trim().replace(/^\+/, '') : destination.trim().toLowerCase();
  return `outbox:dest:${channel}:${createHash('sha256').update(normal).digest('hex')}`;
}

/** Counts one message to this destination; false when the cap is reached (shared by every instance). */
export async function withinDestinationCap(
  db: Db,
  message: { channel: Channel; destination: string },
  now: Date,
  caps: Record<Channel, RateLimit> = DESTINATION_CAPS,
): Promise<boolean> {
  const hit = await hitRateLimit(
    db,
    destinationCapKey(message.channel, message.destination),
    caps[message.channel],
    now,
  );
  return hit.allowed;
}
