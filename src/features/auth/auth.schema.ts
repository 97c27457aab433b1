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

/** Malaysian numbers (dial code 60) must pass the SPEC.md §5 rule; others only need digits. */
const loginPhone = z.object({ channel: z.literal('phone'), phone: phoneValue }).superRefine((value, ctx) => {
  if (matchDialCode(value.phone)?.iso !== 'MY') return;
  const error = validatePhone(value.phone, 'MY', true);
  if (error) ctx.addIssue({ code: 'custom', path: ['phone'], message: error });
});

export const RequestCodeBody = z.discriminatedUnion('channel', [
  loginPhone,
  z.object({ channel: z.literal('email'), email }),
]);
export type RequestCodeBody = z.infer<typeof RequestCodeBody>;

export const VerifyCodeBody = z.object({
  channel: z.enum(['phone', 'email']),
  destination: z.string().trim().min(1).max(254),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'auth.codeFormat' }),
  next: z.string().max(2048).optional(),
});

export const StaffLoginBody = z.object({
  email,
  password: z.string().min(1, { message: 'field.required' }).max(200),
  next: z.string().max(2048).optional(),
});

export const AccountBody = z.object({
  name: z.string().trim().min(1, { message: 'field.required' }).max(120),
  email: z.union([z.literal(''), email]).optional(),
  phone: z.union([z.literal(''), phoneValue]).optional(),
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
