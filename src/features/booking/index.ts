export * from './appointment-flow';
export type { BookingPageData, CategoryRow, InvoiceBooking } from './appointment-pages.server';
export type { Availability, AvailabilityDay, DayStatus, Slot } from './availability';
export { type AvailabilityFeed, decodeAvailability, encodeAvailability, type FeedDay } from './availability-feed';
export type { FeedAnswer } from './availability-feed.server';
export type { BookSlotInput, BookSlotResult } from './book-slot.server';
export {
  amountDueAtBooking,
  BLOCKING,
  type BookingStatus,
  balanceAtVisit,
  canChangeOnline,
  HOLD_MINUTES,
} from './booking';
export type { BookingCompletedEvent, BookingsClaimedEvent, CatalogueChangedEvent } from './booking-events';
export * from './booking-form-rules';
export type { AttendanceResult, DecisionResult, PaidOutcome } from './booking-lifecycle.server';
export { type BookingNoticeKind, bookingMessages, customerDestinations } from './booking-messages';
export { detectPhotoType, MAX_PHOTO_BYTES } from './booking-photo';
export type { SavePhotoResult } from './booking-photo.server';
export type { BookingRow, ServiceRow } from './booking-repo.server';
export type { CancelBookingResult } from './cancel-booking.server';
export * from './paths';

export type { RescheduleResult } from './reschedule-booking.server';
