import { z } from 'zod';
import { matchDialCode, validatePhone } from '../../lib/phone';

/** The phone value the shared phone input emits: dial code + number, digits only. */
const phoneValue = z
  .string()
  .trim()
  .regex(/^\d{6,16}$/, { message: 'phone.invalid' });

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'auth.emailInvalid' }).max(254));

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'auth.codeFormat' });

/** Malaysian numbers (dial code 60) must pass the SPEC.md §5 rule; others only need digits. */
function malaysianRule(value: { phone: string }, ctx: z.RefinementCtx): void {
  if (matchDialCode(value.phone)?.iso !== 'MY') return;
  const error = validatePhone(value.phone, 'MY', true);
  if (error) ctx.addIssue({ code: 'custom', path: ['phone'], message: error });
}

const phoneContact = { channel: z.literal('phone'), phone: phoneValue };
const emailContact = { channel: z.literal('email'), email };

/** A phone or an email to log in with (or to add to an account), by the one shared phone rule. */
export const RequestCodeBody = z.discriminatedUnion('channel', [
  z.object(phoneContact).superRefine(malaysianRule),
  z.object(emailContact),
]);
export type RequestCodeBody = z.infer<typeof RequestCodeBody>;

/** A new phone or email for the account: the same rules as logging in with it. */
export const ContactCodeBody = RequestCodeBody;

/** The code that came to the new phone or email, with that phone or email. */
export const ConfirmContactBody = z.discriminatedUnion('channel', [
  z.object({ ...phoneContact, code }).superRefine(malaysianRule),
  z.object({ ...emailContact, code }),
]);

export const VerifyCodeBody = z.object({
  channel: z.enum(['phone', 'email']),
  destination: z.string().trim().min(1).max(254),
  code,
  next: z.string().max(2048).optional(),
});

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
  role: z.enum(['owner', 'staff']).default('staff'),
});

export const PASSWORD_MIN_LENGTH = 10;
export const AcceptInviteBody = z.object({
  password: z.string().min(PASSWORD_MIN_LENGTH, { message: 'staff.passwordTooShort' }).max(200),
});
