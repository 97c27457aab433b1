// Answers of the booking endpoints, shared by the endpoints (which build them: `satisfies`) and
// the islands (which check them through apiCall, src/lib/api-client.ts). zod/mini, and apart from
// booking.schema.ts (requests, with the phone rules): the slot page ships only this. Kinds kept
// to those in auth-api.schema.ts (each other kind adds to every island page's JavaScript).
import * as z from 'zod/mini';

/**
 * `GET /api/appointments/{serviceId}/availability`: the days of the period and their free slots,
 * in the compact shape of availability-feed.ts (practitioners by index, runs of minutes).
 */
export const AvailabilityResponse = z.object({
  step: z.number(),
  duration: z.number(),
  resources: z.array(z.string()),
  days: z.array(
    z.object({
      date: z.string(),
      status: z.enum(['available', 'full', 'closed', 'blocked']),
      free: z.optional(z.array(z.array(z.number()))),
    }),
  ),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/** `POST /api/bookings` (201): the booking made, and the next page (checkout or request). */
export const BookingMadeResponse = z.object({
  publicId: z.string(),
  status: z.string(),
  checkoutPath: z.optional(z.string()),
  requestPath: z.optional(z.string()),
});
export type BookingMadeResponse = z.infer<typeof BookingMadeResponse>;

/** `POST /api/bookings/{publicId}/reschedule`: the booking's page, in the visitor's language. */
export const RescheduledResponse = z.object({ status: z.string(), path: z.string() });
export type RescheduledResponse = z.infer<typeof RescheduledResponse>;

/** `POST /api/bookings/{publicId}/cancel`. */
export const CancelledResponse = z.object({ status: z.string() });
export type CancelledResponse = z.infer<typeof CancelledResponse>;
