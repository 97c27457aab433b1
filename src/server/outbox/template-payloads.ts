import { z } from 'zod';

/**
 * What each template needs. A later template (receipt, booking-approved, booking-declined,
 * reminder) adds its schema here, its wording in texts.ts and one line in templates.ts.
 */
const organisation = z.string().trim().min(1).max(200);

export const LoginCodePayload = z.object({
  code: z.string().regex(/^[0-9A-Za-z]{4,12}$/),
  organisation,
  minutes: z
    .number()
    .int()
    .positive()
    .max(24 * 60),
});
export type LoginCodePayload = z.infer<typeof LoginCodePayload>;

/** A code that confirms a new email or phone for an existing account (sent to the new one). */
export const ContactCodePayload = LoginCodePayload;
export type ContactCodePayload = LoginCodePayload;

export const StaffInvitePayload = z.object({
  organisation,
  /** The invited person's name, for the greeting. */
  name: z.string().trim().min(1).max(200),
  link: z.url({ protocol: /^https?$/ }),
  hours: z
    .number()
    .int()
    .positive()
    .max(24 * 30),
});
export type StaffInvitePayload = z.infer<typeof StaffInvitePayload>;

export const ReceiptPayload = z.object({
  organisation,
  name: z.string().trim().max(200),
  /** "INV-000042" */
  number: z.string().trim().min(1).max(40),
  /** Already formatted for display, e.g. "RM102.35". */
  amount: z.string().trim().min(1).max(40),
  link: z.url({ protocol: /^https?$/ }),
});
export type ReceiptPayload = z.infer<typeof ReceiptPayload>;

/** A booking request the organisation approved (or declined): what, when, and where to look. */
const bookingDecision = {
  organisation,
  /** The customer's name, for the greeting (may be empty). */
  name: z.string().trim().max(200),
  service: z.string().trim().min(1).max(200),
  /** Already formatted in the tenant's time zone and the customer's language. */
  when: z.string().trim().min(1).max(80),
  link: z.url({ protocol: /^https?$/ }),
};

export const BookingApprovedPayload = z.object(bookingDecision);
export type BookingApprovedPayload = z.infer<typeof BookingApprovedPayload>;

export const BookingDeclinedPayload = z.object({
  ...bookingDecision,
  /** The staff member's reason, when they gave one. */
  reason: z.string().trim().max(500).optional(),
});
export type BookingDeclinedPayload = z.infer<typeof BookingDeclinedPayload>;

/**
 * A booking's own messages (confirmed, request received, cancelled, rescheduled, lapsed, refund
 * due): what, with whom, when (in the clinic's zone), where, and the booking's page.
 */
const bookingNotice = {
  ...bookingDecision,
  /** The practitioner or room, when known. */
  practitioner: z.string().trim().max(200).default(''),
  /** The clinic's address. */
  address: z.string().trim().max(500).default(''),
  /** The clinic's phone, for what the customer cannot do online. */
  phone: z.string().trim().max(40).default(''),
};

export const BookingConfirmedPayload = z.object({
  ...bookingNotice,
  /** The add-to-calendar file. */
  calendar: z.url({ protocol: /^https?$/ }).optional(),
  /** Already formatted, e.g. "RM50.00": to pay at the front counter (the customer chose it). */
  payAtCounter: z.string().trim().max(40).optional(),
});
export type BookingConfirmedPayload = z.infer<typeof BookingConfirmedPayload>;

export const BookingNoticePayload = z.object(bookingNotice);

/** A cancelled booking; `refundDue` when it had been paid (the clinic refunds it). */
export const BookingCancelledPayload = z.object({ ...bookingNotice, refundDue: z.boolean().optional() });
export type BookingCancelledPayload = z.infer<typeof BookingCancelledPayload>;
export type BookingNoticePayload = z.infer<typeof BookingNoticePayload>;
