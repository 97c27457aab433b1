// The form step's rules (SPEC.md §5), shared by the BookingForm island and POST /api/bookings.
// Kept apart from appointment-flow.ts so the slot step does not ship the phone rules.
import type { IntakeQuestion } from '#db/schema/index.ts';
import { type Address, validateAddress } from '#lib/address.ts';
import { isEmail } from '#lib/email.ts';
import { matchDialCode, validatePhone } from '#lib/phone.ts';

export type FieldErrorKey = 'field.required' | 'phone.required' | 'phone.invalid' | 'auth.emailInvalid';

/** A question as the form shows it: the label already in the visitor's language. */
export interface FormQuestion {
  id: string;
  label: string;
  kind: IntakeQuestion['kind'];
  required: boolean;
}

/**
 * The service's intake answers, cleaned: only its own questions, trimmed, yes/no as 'yes'|'no',
 * blanks dropped; a required question without an answer is an error.
 */
export function checkAnswers(
  questions: readonly Pick<IntakeQuestion, 'id' | 'kind' | 'required'>[],
  answers: Readonly<Record<string, unknown>>,
): { answers: Record<string, string>; errors: Record<string, FieldErrorKey> } {
  const clean: Record<string, string> = {};
  const errors: Record<string, FieldErrorKey> = {};
  for (const question of questions) {
    const raw = answers[question.id];
    let value = typeof raw === 'string' ? raw.trim().slice(0, 1000) : '';
    if (question.kind === 'yes_no' && value !== 'yes' && value !== 'no') value = '';
    if (value) clean[question.id] = value;
    else if (question.required) errors[question.id] = 'field.required';
  }
  return { answers: clean, errors };
}

export interface BookingFormValues {
  name: string;
  /** As PhoneInput emits it: the dial code prefixed to the number (60123456789). */
  phone: string;
  email: string;
  address: Partial<Address>;
  answers: Record<string, string>;
}

/**
 * The form step's rules (SPEC.md §5), by field: name and phone required (a Malaysian number must
 * be a valid mobile), email optional but valid, address optional but whole once started, required
 * intake questions answered. Keys are `name`, `phone`, `email`, `address.<part>`, `answers.<id>`.
 */
export function checkBookingForm(
  values: BookingFormValues,
  questions: readonly Pick<IntakeQuestion, 'id' | 'kind' | 'required'>[],
): Record<string, FieldErrorKey> {
  const errors: Record<string, FieldErrorKey> = {};
  if (!values.name.trim()) errors.name = 'field.required';
  const country = matchDialCode(values.phone)?.iso ?? 'MY';
  const phone = validatePhone(values.phone, country, true);
  if (phone) errors.phone = phone;
  if (values.email.trim() && !isEmail(values.email)) errors.email = 'auth.emailInvalid';
  for (const [part, key] of Object.entries(validateAddress(values.address, false))) errors[`address.${part}`] = key;
  for (const [id, key] of Object.entries(checkAnswers(questions, values.answers).errors)) errors[`answers.${id}`] = key;
  return errors;
}

/** The address to send: null when left entirely blank (it is optional). */
export function addressOrNull(address: Partial<Address>): Address | null {
  const parts = ['address_1', 'address_2', 'postcode', 'city', 'state', 'country'] as const;
  if (!parts.some((p) => (address[p] ?? '').trim() !== '')) return null;
  const out: Address = {
    address_1: (address.address_1 ?? '').trim(),
    postcode: (address.postcode ?? '').trim(),
    city: (address.city ?? '').trim(),
    state: (address.state ?? '').trim(),
    country: (address.country ?? '').trim(),
  };
  const second = (address.address_2 ?? '').trim();
  if (second) out.address_2 = second;
  return out;
}
