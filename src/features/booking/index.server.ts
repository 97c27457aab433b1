// The server door of features/booking: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.

export { appointmentsSection } from './account-section.server';
export {
  bookableService,
  bookingOfInvoice,
  bookingPageData,
  bookingToMove,
  categoryWithServices,
  serviceBookingWindow,
} from './appointment-pages.server';
export { availabilityFor, MAX_REQUEST_DAYS } from './availability.server';
export {
  AVAILABILITY_CHANNEL,
  availabilityChanged,
  availabilityFeed,
  availabilityFeeds,
  createAvailabilityFeeds,
  FEED_TTL_MS,
  FRONT_DOOR_FEEDS,
} from './availability-feed.server';
export { bookSlot } from './book-slot.server';
export {
  confirmForCounter,
  confirmPaidBooking,
  decideRequest,
  hasStarted,
  markAttendance,
  markRefunded,
  sweepBookings,
} from './booking-lifecycle.server';
export { enqueueBookingMessages } from './booking-messages.server';
export { bookingsWithPhotos, findBookingPhoto, saveBookingPhoto } from './booking-photo.server';
export {
  findBooking,
  findBookingByPublicId,
  findService,
  findSettings,
  listActiveServices,
  listBookingsBetween,
  listCategories,
  listRequests,
} from './booking-repo.server';
export { cancelBooking } from './cancel-booking.server';
export { appointmentLanding, embedServiceGroups } from './catalogue-pages.server';
export { bookFirstFreeSlot } from './dev-booking.server';
export { registerBookingEffects } from './effects.server';
export { embedSnippet } from './embed.server';
export * from './index.ts';
export { bookingJobs } from './jobs.server';
export { registerBookingTemplates } from './messages';
export { rescheduleBooking } from './reschedule-booking.server';
export { serviceFormPageView, servicePageView } from './service-page-view.server';
export {
  findByReference,
  REQUESTS_PAGE_ROWS,
  staffAgenda,
  staffAppointmentAction,
  staffAppointmentsPage,
  todaysAppointments,
} from './staff-agenda.server';
