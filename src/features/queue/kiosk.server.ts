// The self-service kiosk (issue 16; limits from issue 23): a visitor takes a number, optionally
// with a mobile number for an SMS when their turn is near.
import { createHash } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { countryName } from '#lib/countries.ts';
import { parseUuid } from '#lib/input.ts';
import { hitRateLimit, hitRateLimits, releaseRateLimitHits } from '#server/rate-limit.server.ts';
import { KIOSK_TICKETS_PER_ADDRESS, KIOSK_TICKETS_PER_PHONE, kioskPhone, tenantCountry } from './kiosk-rules';
import { issueTicket } from './queue.server';
import { findSettings } from './queue-repo.server';

export type KioskRefusal =
  | { ok: false; status: 400; key: 'error.request' | 'queue.kiosk.badPhone' }
  | { ok: false; status: 400; key: 'queue.kiosk.phoneAbroad'; params: { country: string } }
  | { ok: false; status: 429; key: 'queue.kiosk.tooMany'; retryAfterSeconds: number }
  | { ok: false; status: 429; key: 'queue.kiosk.phoneLimit'; params: { count: number }; retryAfterSeconds: number };

export type KioskResult = { ok: true; status: 200; number: string; publicId: string; sms: boolean } | KioskRefusal;

/** A phone in a rate-limit key without the number itself (no personal data in keys). */
function phoneKey(tenantId: string, phone: string): string {
  return `kiosk:phone:${tenantId}:${createHash('sha256').update(phone).digest('hex').slice(0, 32)}`;
}

/**
 * A visitor takes a number at the kiosk: one of the kiosk's queues and an optional mobile number,
 * read like every phone field with the tenant's country as the default (0171234567 is Malaysian
 * at a Malaysian clinic). SMS go only to numbers of the tenant's country unless staff allowed
 * others; a number takes at most KIOSK_TICKETS_PER_PHONE tickets a day, and one address at most
 * KIOSK_TICKETS_PER_ADDRESS. Bad input is a 400 and a limit a 429, both writing no ticket.
 */
export async function kioskTicket(
  db: Db,
  input: {
    tenant: Pick<Tenant, 'id' | 'timeZone' | 'name' | 'primaryHost'>;
    form: Record<string, string>;
    queueIds: ReadonlySet<string>;
    locale: Locale;
    ip: string;
    now?: Date;
  },
): Promise<KioskResult> {
  const now = input.now ?? new Date();
  const { tenant } = input;
  const queueId = parseUuid(input.form.queueId);
  if (!queueId || !input.queueIds.has(queueId)) return { ok: false, status: 400, key: 'error.request' };
  const home = tenantCountry(tenant.timeZone);
  const typed = kioskPhone(input.form.phone ?? '', home);
  if (!typed.ok) return { ok: false, status: 400, key: 'queue.kiosk.badPhone' };
  const settings = await findSettings(db, tenant.id);
  if (typed.phone && typed.country !== home && !settings?.smsAbroad) {
    return {
      ok: false,
      status: 400,
      key: 'queue.kiosk.phoneAbroad',
      params: { country: countryName(home, input.locale) },
    };
  }

  const perAddress = KIOSK_TICKETS_PER_ADDRESS.map(
    (limit, i) => [`kiosk:ip:${tenant.id}:${input.ip}:${i}`, limit] as const,
  );
  const address = await hitRateLimits(db, perAddress, now);
  if (!address.allowed) {
    return { ok: false, status: 429, key: 'queue.kiosk.tooMany', retryAfterSeconds: address.retryAfterSeconds };
  }
  if (typed.phone) {
    const phone = await hitRateLimit(db, phoneKey(tenant.id, typed.phone), KIOSK_TICKETS_PER_PHONE, now);
    if (!phone.allowed) {
      // The address did not get a ticket: its hit is given back.
      await releaseRateLimitHits(db, perAddress, now);
      return {
        ok: false,
        status: 429,
        key: 'queue.kiosk.phoneLimit',
        params: { count: KIOSK_TICKETS_PER_PHONE.limit },
        retryAfterSeconds: phone.retryAfterSeconds,
      };
    }
  }
  const ticket = await issueTicket(db, {
    tenant,
    queueId,
    source: 'kiosk',
    phone: typed.phone,
    locale: input.locale,
    now,
  });
  return {
    ok: true,
    status: 200,
    number: ticket.number,
    publicId: ticket.publicId,
    sms: Boolean(typed.phone && settings?.smsEnabled),
  };
}
