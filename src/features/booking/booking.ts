/** Booking statuses (DESIGN.md §4). held → confirmed | expired; requested → confirmed | declined. */
export type BookingStatus =
  | 'held'
  | 'requested'
  | 'confirmed'
  | 'declined'
  | 'cancelled'
  | 'expired'
  | 'completed'
  | 'no_show';

/** SPEC.md §9: "Please make payment within 10 minutes or this booking will be cancelled." */
export const HOLD_MINUTES = 10;

/** Statuses that keep a resource's time (the exclusion constraint's WHERE). */
export const BLOCKING: readonly BookingStatus[] = ['held', 'requested', 'confirmed'];

export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

/** The time a booking keeps, buffers included. */
export function blockedRange(
  start: Date,
  service: { durationMinutes: number; bufferBeforeMinutes: number; bufferAfterMinutes: number },
): { startsAt: Date; endsAt: Date; blocksFrom: Date; blocksUntil: Date } {
  const endsAt = new Date(start.getTime() + service.durationMinutes * 60_000);
  return {
    startsAt: start,
    endsAt,
    blocksFrom: new Date(start.getTime() - service.bufferBeforeMinutes * 60_000),
    blocksUntil: new Date(endsAt.getTime() + service.bufferAfterMinutes * 60_000),
  };
}

/**
 * What is left to pay at the visit once the booking's invoice is paid: the price less what the
 * invoice asks (a deposit), 0 when the invoice is the whole price.
 */
export function balanceAtVisit(service: { price: number; deposit: number | null }, invoiceSubtotal: number): number {
  if (!service.deposit || service.deposit <= 0) return 0;
  return Math.max(0, service.price - invoiceSubtotal);
}

/** What the customer pays online at booking: the deposit when set, else the price. */
export function amountDueAtBooking(service: { price: number; deposit: number | null }): number {
  return service.deposit && service.deposit > 0 ? Math.min(service.deposit, service.price) : service.price;
}

/** A customer may cancel or reschedule online until `changeNoticeHours` before the start. */
export function canChangeOnline(
  booking: { status: BookingStatus; startsAt: Date },
  changeNoticeHours: number,
  now: Date,
): boolean {
  if (booking.status !== 'confirmed' && booking.status !== 'requested') return false;
  return booking.startsAt.getTime() - now.getTime() >= changeNoticeHours * 3_600_000;
}

/** SQLSTATE 23P01: the exclusion constraint refused an overlapping booking. */
export function isOverlapViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: unknown }).code === '23P01') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
