import { z } from 'zod';
import { isEmail } from '#lib/email.ts';
import { matchDialCode, validatePhone } from '#lib/phone.ts';
import { normalisePhone } from '#lib/phone-e164.ts';

/**
 * The phone value the shared phone input emits: dial code + number, digits only. Malaysian
 * numbers (dial code 60) must pass the SPEC.md §5 rule; others only need digits. Once valid it
 * is normalised by the same function as the field (normalisePhone: E.164 digits, trunk 0 dropped).
 */
const phoneValue = z
  .string()
  .trim()
  .min(1, { message: 'phone.required' })
  .regex(/^\d{6,16}$/, { message: 'phone.invalid' })
  .superRefine((value, ctx) => {
    if (matchDialCode(value)?.iso !== 'MY') return;
    const error = validatePhone(value, 'MY', true);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform(normalisePhone);

const email = z.string().trim().toLowerCase().refine(isEmail, { message: 'auth.emailInvalid' });

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'auth.codeFormat' });

const phoneContact = { channel: z.literal('phone'), phone: phoneValue };
const emailContact = { channel: z.literal('email'), email };

/** A phone or an email to log in with (or to add to an account), by the one shared phone rule. */
export const RequestCodeBody = z.discriminatedUnion('channel', [z.object(phoneContact), z.object(emailContact)]);
export type RequestCodeBody = z.infer<typeof RequestCodeBody>;

/** A new phone or email for the account: the same rules as logging in with it. */
export const ContactCodeBody = RequestCodeBody;

/** The code that came to the new phone or email, with that phone or email. */
export const ConfirmContactBody = z.discriminatedUnion('channel', [
  z.object({ ...phoneContact, code }),
  z.object({ ...emailContact, code }),
]);

export const VerifyCodeBody = z
  .object({
    channel: z.enum(['phone', 'email']),
    destination: z.string().trim().min(1).max(254),
    code,
    next: z.string().max(2048).optional(),
  })
  // The code went to the normalised number; a phone sent back in another form still finds it.
  .transform((body) =>
    body.channel === 'phone' ? { ...body, destination: normalisePhone(body.destination) || body.destination } : body,
  );

export const StaffLoginBody = z.object({
  email,
  password: z.string().min(1, { message: 'field.required' }).max(200),
  next: z.string().max(2048).optional(),
});

/** What changes directly on the account page: the name. Phone and email change by code. */
export const AccountBody = z.object({
  name: z.string().trim().min(1, { message: 'field.required' }).max(120),
});

export const InviteStaffBody = z.object({
  name: z.string().trim().min(1, { message: 'field.required' }).max(120),
  email,
  role: z.enum(['owner', 'manager', 'staff']).default('staff'),
});

export const PASSWORD_MIN_LENGTH = 10;
export const AcceptInviteBody = z.object({
  password: z.string().min(PASSWORD_MIN_LENGTH, { message: 'staff.passwordTooShort' }).max(200),
});
