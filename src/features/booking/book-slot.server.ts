import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { type InvoiceView, newPublicId, startCheckoutIn } from '#features/invoices/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { zonedDate } from '#lib/zoned-time.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { availabilityFor } from './availability.server';
import { availabilityChanged } from './availability-feed.server';
import { amountDueAtBooking, blockedRange, holdExpiry, isOverlapViolation } from './booking';
import { enqueueBookingMessages } from './booking-messages.server';
import { newBookingReference } from './booking-reference';
import {
  type BookingRow,
  findService,
  insertBooking,
  lockResources,
  moveBooking,
  releaseExpiredHolds,
} from './booking-repo.server';

export interface BookSlotInput {
  tenant: Tenant;
  serviceId: string;
  /** A resource id, or 'any' for whoever is free. */
  resourceId: string;
  start: Date;
  contact: { name: string; phone: string | null; email: string | null };
  address?: Record<string, string> | null;
  answers?: Record<string, string>;
  notes?: string | null;
  customerId?: string | null;
  locale: Locale;
  now?: Date;
}

export type BookSlotResult =
  | { ok: true; booking: BookingRow; invoice: InvoiceView | null }
  | { ok: false; reason: 'service_not_found' | 'slot_taken' | 'not_offered' };

/**
 * Takes a slot: a 10-minute hold with an invoice to pay, or a booking request for services that
 * need approval. The start must be a slot the availability rules offer. Races: the candidates
 * are locked first (one order for all), so concurrent attempts queue and each takes the first
 * practitioner still free; the database's exclusion constraint has the last word. Of N attempts
 * on K free practitioners exactly min(N, K) win and the others get "just taken" — never a double
 * booking, never a 500 (a deadlock or serialization failure runs the transaction again).
 */
export async function bookSlot(db: Db, input: BookSlotInput): Promise<BookSlotResult> {
  const now = input.now ?? new Date();
  const service = await findService(db, input.tenant.id, input.serviceId);
  if (!service?.active) return { ok: false, reason: 'service_not_found' };

  const candidates = await offeredResources(db, input.tenant, service.id, input.resourceId, input.start, now);
  if (candidates.length === 0) return { ok: false, reason: await whyNotOffered(db, input, service.id, now) };

  const range = blockedRange(input.start, service);
  const request = service.needsApproval;
  const amount = amountDueAtBooking(service);
  const expiresAt = holdExpiry(now);

  const result = await transaction(
    db,
    async (tx): Promise<BookSlotResult> => {
      await lockResources(tx, input.tenant.id, candidates);
      for (const resourceId of candidates) {
        let booking: BookingRow;
        try {
          booking = await tx.transaction(async (attempt) => {
            await releaseExpiredHolds(attempt, input.tenant.id, resourceId, range.blocksFrom, range.blocksUntil, now);
            return insertBooking(attempt, {
              tenantId: input.tenant.id,
              publicId: newPublicId(),
              reference: newBookingReference(),
              serviceId: service.id,
              resourceId,
              ...range,
              status: request ? 'requested' : amount > 0 ? 'held' : 'confirmed',
              holdExpiresAt: request || amount === 0 ? null : expiresAt,
              customerId: input.customerId ?? null,
              contactName: input.contact.name,
              contactPhone: input.contact.phone,
              contactEmail: input.contact.email,
              address: input.address ?? null,
              answers: input.answers ?? {},
              notes: input.notes ?? null,
              locale: input.locale,
            });
          });
        } catch (error) {
          if (isOverlapViolation(error)) continue; // someone else has it: try the next practitioner
          throw error;
        }
        if (request || amount === 0) {
          // Nothing to pay: the customer hears now that the request arrived, or that it is booked.
          await enqueueBookingMessages(tx, request ? 'requested' : 'confirmed', booking, { tenant: input.tenant });
          return { ok: true, booking, invoice: null } as const;
        }
        const invoice = await startCheckoutIn(tx, {
          tenantId: input.tenant.id,
          currency: input.tenant.currency,
          kind: 'appointment',
          locale: input.locale,
          lines: [
            { description: service.name, quantity: 1, unitAmount: amount, source: { kind: 'booking', id: booking.id } },
          ],
          contact: input.contact,
          customerId: input.customerId ?? null,
          dueAt: expiresAt,
        });
        const linked = await moveBooking(tx, input.tenant.id, booking.id, ['held'], { invoiceId: invoice.id });
        return { ok: true, booking: linked ?? booking, invoice } as const;
      }
      return { ok: false, reason: 'slot_taken' } as const;
    },
    { name: 'book-slot' },
  );
  // Before answering: the slot just taken is never offered again once this request returns.
  if (result.ok) await availabilityChanged(input.tenant.id);
  if (result.ok && !result.invoice) kickOutbox();
  return result;
}

/**
 * Why a start is not offered: 'slot_taken' when the schedule has it but bookings took it (a race,
 * or a stale page), 'not_offered' when it never was (off the grid, closed, too soon, too far).
 */
export async function whyNotOffered(
  db: Db,
  input: { tenant: Tenant; resourceId: string; start: Date },
  serviceId: string,
  now: Date,
): Promise<'slot_taken' | 'not_offered'> {
  const onSchedule = await offeredResources(db, input.tenant, serviceId, input.resourceId, input.start, now, true);
  return onSchedule.length > 0 ? 'slot_taken' : 'not_offered';
}

/**
 * The resources that offer `start` for the service by the availability rules (hours, notice,
 * horizon, existing bookings): the one asked for, or every free one for 'any'. Empty when the
 * time is not on offer (taken, closed, too soon, a made-up time).
 */
export async function offeredResources(
  db: Db,
  tenant: Tenant,
  serviceId: string,
  resourceId: string,
  start: Date,
  now: Date,
  ignoreBookings = false,
): Promise<string[]> {
  const day = zonedDate(start, tenant.timeZone);
  const availability = await availabilityFor(db, {
    tenant,
    serviceId,
    ...(resourceId === 'any' ? {} : { resourceId }),
    from: day,
    to: day,
    now,
    ignoreBookings,
  });
  const slot = availability?.days[0]?.slots.find((s) => s.start === start.toISOString());
  return slot?.resourceIds.filter((id) => resourceId === 'any' || id === resourceId) ?? [];
}
