export { appointmentsSection } from './account-section.server';
export * from './appointment-flow';
export {
  type BookingPageData,
  bookableService,
  bookingOfInvoice,
  bookingPageData,
  bookingToMove,
  type CategoryRow,
  categoryWithServices,
  type InvoiceBooking,
  serviceBookingWindow,
} from './appointment-pages.server';
export type { Availability, AvailabilityDay, DayStatus, Slot } from './availability';
export { availabilityFor, MAX_REQUEST_DAYS } from './availability.server';
export { type AvailabilityFeed, decodeAvailability, encodeAvailability, type FeedDay } from './availability-feed';
export {
  AVAILABILITY_CHANNEL,
  availabilityChanged,
  availabilityFeed,
  availabilityFeeds,
  createAvailabilityFeeds,
  FEED_TTL_MS,
  type FeedAnswer,
  FRONT_DOOR_FEEDS,
} from './availability-feed.server';
export { type BookSlotInput, type BookSlotResult, bookSlot } from './book-slot.server';
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
export {
  type AttendanceResult,
  confirmForCounter,
  confirmPaidBooking,
  type DecisionResult,
  decideRequest,
  hasStarted,
  markAttendance,
  markRefunded,
  type PaidOutcome,
  sweepBookings,
} from './booking-lifecycle.server';
export { type BookingNoticeKind, bookingMessages, customerDestinations } from './booking-messages';
export { enqueueBookingMessages } from './booking-messages.server';
export { detectPhotoType, MAX_PHOTO_BYTES } from './booking-photo';
export { bookingsWithPhotos, findBookingPhoto, type SavePhotoResult, saveBookingPhoto } from './booking-photo.server';
export {
  type BookingRow,
  findBooking,
  findBookingByPublicId,
  findService,
  findSettings,
  listActiveServices,
  listBookingsBetween,
  listCategories,
  listRequests,
  type ServiceRow,
} from './booking-repo.server';
export { type CancelBookingResult, cancelBooking } from './cancel-booking.server';
export { bookFirstFreeSlot } from './dev-booking.server';
export { registerBookingEffects } from './effects.server';
export { embedSnippet } from './embed.server';
export { bookingJobs } from './jobs.server';
export { registerBookingTemplates } from './messages';
export { type RescheduleResult, rescheduleBooking } from './reschedule-booking.server';
export { findByReference, staffAgenda, staffAppointmentAction } from './staff-agenda.server';
