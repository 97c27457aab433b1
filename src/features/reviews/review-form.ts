// Pure: reading the review and feedback forms (plain form posts, no script needed). Errors are
// message keys. The honeypot `website` field is invisible to people: a bot that fills it is
// answered as if it had succeeded and nothing is written.
import type { MessageKey } from '#i18n/t.ts';

export const REVIEW_LIMITS = { comment: 2000, name: 80, phone: 20, email: 200 } as const;
export const HONEYPOT_FIELD = 'website';

export type FieldErrors = Partial<Record<string, MessageKey>>;

export interface ReviewInput {
  rating: number;
  comment: string;
  authorName: string | null;
  mayPublish: boolean;
}

export interface FeedbackInput {
  comment: string;
  authorName: string | null;
  contactConsent: boolean;
  contactPhone: string | null;
  contactEmail: string | null;
}

export type FormRead<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors } | { ok: 'bot' };

const clean = (value: string | undefined) => (value ?? '').replace(/\r\n/g, '\n').trim();
// Control characters other than newline and tab never belong in a comment.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function text(form: Record<string, string>, name: string, max: number, errors: FieldErrors, required = false): string {
  const value = clean(form[name]);
  if (required && !value) errors[name] = 'field.required';
  else if (value.length > max) errors[name] = 'review.form.tooLong';
  else if (CONTROL.test(value)) errors[name] = 'review.form.invalid';
  return value;
}

/** The review form: a rating 1–5 (required), an optional comment and name, consent to show it. */
export function readReviewForm(form: Record<string, string>): FormRead<ReviewInput> {
  if (clean(form[HONEYPOT_FIELD])) return { ok: 'bot' };
  const errors: FieldErrors = {};
  const rating = /^[1-5]$/.test(form.rating ?? '') ? Number(form.rating) : 0;
  if (!rating) errors.rating = 'review.form.ratingRequired';
  const comment = text(form, 'comment', REVIEW_LIMITS.comment, errors);
  const authorName = text(form, 'name', REVIEW_LIMITS.name, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { rating, comment, authorName: authorName || null, mayPublish: form.publish === 'yes' } };
}

const PHONE = /^\+?[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The private feedback form: a message (required), a name, and contact details with consent. */
export function readFeedbackForm(form: Record<string, string>): FormRead<FeedbackInput> {
  if (clean(form[HONEYPOT_FIELD])) return { ok: 'bot' };
  const errors: FieldErrors = {};
  const comment = text(form, 'comment', REVIEW_LIMITS.comment, errors, true);
  const authorName = text(form, 'name', REVIEW_LIMITS.name, errors);
  const contactConsent = form.consent === 'yes';
  const phoneText = text(form, 'phone', REVIEW_LIMITS.phone, errors).replace(/[\s-]/g, '');
  const email = text(form, 'email', REVIEW_LIMITS.email, errors).toLowerCase();
  if (phoneText && !PHONE.test(phoneText)) errors.phone = 'review.form.phoneInvalid';
  if (email && !EMAIL.test(email)) errors.email = 'review.form.emailInvalid';
  if (contactConsent && !phoneText && !email && !errors.phone && !errors.email)
    errors.phone = 'review.form.contactNeeded';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      comment,
      authorName: authorName || null,
      contactConsent,
      // Without consent, contact details are not kept.
      contactPhone: contactConsent && phoneText ? phoneText.replace(/^\+/, '') : null,
      contactEmail: contactConsent && email ? email : null,
    },
  };
}
