import type { z } from 'zod';
import { isLocale, type Locale } from '../../i18n/locales';
import type { RenderedMessage } from './message';
import {
  BookingApprovedPayload,
  BookingCancelledPayload,
  BookingConfirmedPayload,
  BookingDeclinedPayload,
  BookingNoticePayload,
  ContactCodePayload,
  LoginCodePayload,
  ReceiptPayload,
  StaffInvitePayload,
} from './template-payloads';
import {
  bookingApprovedText,
  bookingCancelledText,
  bookingConfirmedText,
  bookingDeclinedText,
  bookingLapsedText,
  bookingRefundDueText,
  bookingRequestedText,
  bookingRescheduledText,
  contactCodeText,
  loginCodeText,
  receiptText,
  staffInviteText,
  type Wording,
} from './texts';

interface TemplateDefinition<P> {
  payload: z.ZodType<P>;
  wording: Wording<P>;
  /** How long after enqueueing the message is still worth sending (a code or link that expired is noise). */
  validForMs?: (payload: P) => number;
}

const define = <P>(definition: TemplateDefinition<P>) => definition;

/** Adding a template: a payload schema, its wording in three languages, one entry here. */
const TEMPLATES = {
  'login-code': define({
    payload: LoginCodePayload,
    wording: loginCodeText,
    validForMs: (p) => p.minutes * 60_000,
  }),
  'contact-code': define({
    payload: ContactCodePayload,
    wording: contactCodeText,
    validForMs: (p) => p.minutes * 60_000,
  }),
  'staff-invite': define({
    payload: StaffInvitePayload,
    wording: staffInviteText,
    validForMs: (p) => p.hours * 3_600_000,
  }),
  receipt: define({ payload: ReceiptPayload, wording: receiptText }),
  'booking-approved': define({ payload: BookingApprovedPayload, wording: bookingApprovedText }),
  'booking-declined': define({ payload: BookingDeclinedPayload, wording: bookingDeclinedText }),
  'booking-confirmed': define({ payload: BookingConfirmedPayload, wording: bookingConfirmedText }),
  'booking-requested': define({ payload: BookingNoticePayload, wording: bookingRequestedText }),
  'booking-cancelled': define({ payload: BookingCancelledPayload, wording: bookingCancelledText }),
  'booking-rescheduled': define({ payload: BookingNoticePayload, wording: bookingRescheduledText }),
  'booking-lapsed': define({ payload: BookingNoticePayload, wording: bookingLapsedText }),
  'booking-refund-due': define({ payload: BookingNoticePayload, wording: bookingRefundDueText }),
};

export type TemplateName = keyof typeof TEMPLATES;
export type TemplatePayload<T extends TemplateName> = z.infer<(typeof TEMPLATES)[T]['payload']>;
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

export function isTemplateName(value: unknown): value is TemplateName {
  return typeof value === 'string' && Object.hasOwn(TEMPLATES, value);
}

/** A message that can never be rendered (unknown template, bad payload): retrying cannot help. */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

function definitionOf(template: string): TemplateDefinition<unknown> {
  if (!isTemplateName(template)) throw new TemplateError(`unknown template "${template}"`);
  return TEMPLATES[template] as TemplateDefinition<unknown>;
}

/** Checks a payload against its template; the error names fields only, never values (codes are secret). */
export function parsePayload(template: string, payload: unknown): unknown {
  const parsed = definitionOf(template).payload.safeParse(payload);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
    throw new TemplateError(`invalid payload for ${template}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The message texts in the customer's language (English when the stored locale is unknown). */
export function renderMessage(template: TemplateName, locale: Locale, payload: unknown): RenderedMessage {
  const definition = definitionOf(template);
  const language: Locale = isLocale(locale) ? locale : 'en';
  const { subject, paragraphs } = definition.wording[language](parsePayload(template, payload));
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html lang="${language}"><body>${paragraphs.map((p) => `<p>${linkify(escapeHtml(p))}</p>`).join('')}</body></html>`,
  };
}

/** When the message stops being worth sending, or null when it never does. */
export function messageExpiresAt(template: TemplateName, payload: unknown, enqueuedAt: Date): Date | null {
  const definition = definitionOf(template);
  if (!definition.validForMs) return null;
  return new Date(enqueuedAt.getTime() + definition.validForMs(parsePayload(template, payload)));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Runs on escaped text, so a URL cannot smuggle markup into the href. */
function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);
}
