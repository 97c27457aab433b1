import { z } from 'zod';
import { isEmail } from '#lib/email.ts';
import { matchDialCode, validatePhone } from '#lib/phone.ts';
import { normalisePhone } from '#lib/phone-e164.ts';

const isoInstant = z.iso.datetime({ offset: true, message: 'booking.slotInvalid' });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'booking.dateInvalid' });

/** `GET /api/appointments/{serviceId}/availability?from&to&resource` */
export const AvailabilityQuery = z
  .object({ from: day, to: day, resource: z.string().max(40, { message: 'booking.resourceInvalid' }).default('any') })
  .refine((q) => q.from <= q.to, { message: 'booking.dateInvalid', path: ['to'] });

const phone = z
  .string({ message: 'phone.required' })
  .trim()
  .min(1, { message: 'phone.required' })
  .regex(/^\d{6,16}$/, { message: 'phone.invalid' })
  .superRefine((value, ctx) => {
    if (matchDialCode(value)?.iso !== 'MY') return;
    const error = validatePhone(value, 'MY', true);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  // Stored as the phone field emits it: E.164 digits, trunk 0 dropped (one shared function).
  .transform(normalisePhone);

const address = z
  .object({
    address_1: z.string().trim().min(1, { message: 'field.required' }).max(200),
    address_2: z.string().trim().max(200).optional(),
    postcode: z.string().trim().min(1, { message: 'field.required' }).max(10),
    city: z.string().trim().min(1, { message: 'field.required' }).max(100),
    state: z.string().trim().min(1, { message: 'field.required' }).max(100),
    country: z.string().trim().min(1, { message: 'field.required' }).max(100),
  })
  .nullable()
  .optional();

/** `POST /api/bookings`: the slot and the customer's details from the form step. */
export const BookingBody = z.object({
  serviceId: z.uuid({ message: 'booking.slotInvalid' }),
  resourceId: z.union([z.literal('any'), z.uuid()]),
  start: isoInstant,
  name: z.string().trim().min(1, { message: 'field.required' }).max(120),
  phone,
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || isEmail(value), { message: 'auth.emailInvalid' })
    .optional(),
  address,
  answers: z.record(z.string().max(60), z.string().max(1000)).default({}),
  notes: z.string().trim().max(2000).optional(),
});
export type BookingBody = z.infer<typeof BookingBody>;

/** Staff decision on a booking request. */
export const DecisionBody = z.object({
  decision: z.enum(['approve', 'decline']),
  reason: z.string().trim().max(500).optional(),
});

/** `POST /api/bookings/{publicId}/reschedule`: the new time, with a practitioner or 'any'. */
export const RescheduleBody = z.object({
  resourceId: z.union([z.literal('any'), z.uuid()]),
  start: isoInstant,
});
