// Answers of the booking endpoints, shared by the endpoints (which build them: `satisfies`) and
// the islands (which check them through apiCall, src/lib/api-client.ts). zod/mini, and apart from
// booking.schema.ts (requests, with the phone rules). The slot page's two answers are in
// slot-page-answers.ts, checked by hand to keep zod off that page. Kinds kept
// to those in auth-api.schema.ts (each other kind adds to every island page's JavaScript).
import * as z from 'zod/mini';

/** `POST /api/bookings` (201): the booking made, and the next page (checkout or request). */
export const BookingMadeResponse = z.object({
  publicId: z.string(),
  status: z.string(),
  checkoutPath: z.optional(z.string()),
  requestPath: z.optional(z.string()),
});
export type BookingMadeResponse = z.infer<typeof BookingMadeResponse>;

/** `POST /api/bookings/{publicId}/cancel`. */
export const CancelledResponse = z.object({ status: z.string() });
export type CancelledResponse = z.infer<typeof CancelledResponse>;
