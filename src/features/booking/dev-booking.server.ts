import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { addDays, zonedDate } from '#lib/zoned-time.ts';
import { availabilityFor } from './availability.server';
import { type BookSlotResult, bookSlot } from './book-slot.server';
import { listActiveServices } from './booking-repo.server';

/**
 * Developer aid behind `/dev/bookings` (SHOW_DEV_PAGES=1): books the first free slot of a
 * service for whichever practitioner is free, through the real `bookSlot` (a request for
 * services that need approval, else a hold). Looks a month ahead; tries the next slot when a
 * concurrent booking takes one first.
 */
export async function bookFirstFreeSlot(
  db: Db,
  input: {
    tenant: Tenant;
    serviceSlug: string;
    contact: { name: string; phone: string | null; email: string | null };
    answers?: Record<string, string>;
    address?: Record<string, string> | null;
    notes?: string | null;
    locale: Locale;
    now?: Date;
  },
): Promise<BookSlotResult & { serviceSlug?: string }> {
  const now = input.now ?? new Date();
  const service = (await listActiveServices(db, input.tenant.id)).find((s) => s.slug === input.serviceSlug);
  if (!service) return { ok: false, reason: 'service_not_found' };
  // Slots still offered on the real clock too: a booking made "11 minutes ago" (a late payment's
  // hold) must not take a time that minimum notice has closed since, or a test that books the
  // same time now would fail at some hours of the day and not others.
  const offeredAt = new Date(Math.max(now.getTime(), Date.now()));
  const today = zonedDate(offeredAt, input.tenant.timeZone);
  const availability = await availabilityFor(db, {
    tenant: input.tenant,
    serviceId: service.id,
    from: today,
    to: addDays(today, 30),
    now: offeredAt,
  });
  for (const slot of availability?.days.flatMap((day) => day.slots) ?? []) {
    const result = await bookSlot(db, {
      tenant: input.tenant,
      serviceId: service.id,
      resourceId: 'any',
      start: new Date(slot.start),
      contact: input.contact,
      answers: input.answers ?? {},
      address: input.address ?? null,
      notes: input.notes ?? null,
      locale: input.locale,
      now,
    });
    if (result.ok) return { ...result, serviceSlug: service.slug };
  }
  return { ok: false, reason: 'slot_taken' };
}
