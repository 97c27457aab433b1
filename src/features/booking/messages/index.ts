import { z } from 'zod';
import type { Translate } from '#i18n/t.ts';
import {
  defineTemplate,
  greeting,
  letterFields,
  type MessageText,
  pageLink,
  templateRegistration,
  when,
} from '#server/outbox/templates.ts';

/** The outbox templates of bookings; wording under `message.booking*` in the catalogues. */

/** A booking request the organisation approved (or declined): what, when, and where to look. */
const bookingDecision = {
  ...letterFields,
  service: z.string().trim().min(1).max(200),
  /** Already formatted in the tenant's time zone and the customer's language. */
  when: z.string().trim().min(1).max(80),
  link: pageLink,
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
  /** A cancelled booking that had been paid: the clinic refunds it. */
  refundDue: z.boolean().optional(),
};

export const BookingConfirmedPayload = z.object({
  ...bookingNotice,
  /** The add-to-calendar file. */
  calendar: pageLink.optional(),
  /** Already formatted, e.g. "RM50.00": to pay at the front counter (the customer chose it). */
  payAtCounter: z.string().trim().max(40).optional(),
});
export type BookingConfirmedPayload = z.infer<typeof BookingConfirmedPayload>;

export const BookingNoticePayload = z.object(bookingNotice);
export type BookingNoticePayload = z.infer<typeof BookingNoticePayload>;

declare module '../../../server/outbox/templates' {
  interface ServerTemplates {
    'booking-approved': typeof BookingApprovedPayload;
    'booking-declined': typeof BookingDeclinedPayload;
    'booking-confirmed': typeof BookingConfirmedPayload;
    'booking-requested': typeof BookingNoticePayload;
    'booking-cancelled': typeof BookingNoticePayload;
    'booking-rescheduled': typeof BookingNoticePayload;
    'booking-lapsed': typeof BookingNoticePayload;
    'booking-refund-due': typeof BookingNoticePayload;
  }
}

/** "With: Dr Aminah", "Address: 12 Jalan …": who and where, when known. */
const withWhom = (t: Translate, p: BookingNoticePayload) =>
  when(p.practitioner, () => t('message.booking.with', { practitioner: p.practitioner }));
const where = (t: Translate, p: BookingNoticePayload) =>
  when(p.address, () => t('message.booking.address', { address: p.address }));
const questions = (t: Translate, p: BookingNoticePayload) =>
  when(p.phone, () => t('message.booking.questions', { organisation: p.organisation, phone: p.phone }));

export const bookingApprovedTemplate = defineTemplate({
  name: 'booking-approved',
  payload: BookingApprovedPayload,
  render: (p, t) => ({
    subject: t('message.bookingApproved.subject', { organisation: p.organisation }),
    paragraphs: [
      greeting(t, p.name),
      t('message.bookingApproved.approved', { organisation: p.organisation, service: p.service, when: p.when }),
      t('message.bookingApproved.details', { link: p.link }),
    ],
  }),
});

export const bookingDeclinedTemplate = defineTemplate({
  name: 'booking-declined',
  payload: BookingDeclinedPayload,
  render: (p, t) => ({
    subject: t('message.bookingDeclined.subject', { organisation: p.organisation }),
    paragraphs: [
      greeting(t, p.name),
      t('message.bookingDeclined.declined', { organisation: p.organisation, service: p.service, when: p.when }),
      ...when(p.reason, () => t('message.bookingDeclined.reason', { reason: p.reason ?? '' })),
      t('message.booking.chooseAnother', { link: p.link }),
    ],
  }),
});

export const bookingConfirmedTemplate = defineTemplate({
  name: 'booking-confirmed',
  payload: BookingConfirmedPayload,
  render: (p, t) => ({
    subject: t('message.bookingConfirmed.subject', { organisation: p.organisation }),
    paragraphs: [
      greeting(t, p.name),
      t('message.bookingConfirmed.confirmed', { service: p.service, when: p.when }),
      ...withWhom(t, p),
      ...where(t, p),
      ...when(p.payAtCounter, () => t('message.bookingConfirmed.payAtCounter', { amount: p.payAtCounter ?? '' })),
      t('message.booking.manage', { link: p.link }),
      ...when(p.calendar, () => t('message.bookingConfirmed.calendar', { calendar: p.calendar ?? '' })),
    ],
  }),
});

type NoticeTemplate =
  | 'booking-requested'
  | 'booking-cancelled'
  | 'booking-rescheduled'
  | 'booking-lapsed'
  | 'booking-refund-due';

/** A booking notice: subject, greeting, then the template's own paragraphs. */
const notice = (
  name: NoticeTemplate,
  subject: (t: Translate, p: BookingNoticePayload) => string,
  body: (t: Translate, p: BookingNoticePayload) => string[],
) =>
  defineTemplate<NoticeTemplate>({
    name,
    payload: BookingNoticePayload,
    render: (p, t): MessageText => ({ subject: subject(t, p), paragraphs: [greeting(t, p.name), ...body(t, p)] }),
  });

export const bookingRequestedTemplate = notice(
  'booking-requested',
  (t, p) => t('message.bookingRequested.subject', { organisation: p.organisation }),
  (t, p) => [
    t('message.bookingRequested.received', { service: p.service, when: p.when, organisation: p.organisation }),
    ...where(t, p),
    t('message.bookingRequested.follow', { link: p.link }),
  ],
);

export const bookingCancelledTemplate = notice(
  'booking-cancelled',
  (t, p) => t('message.bookingCancelled.subject', { organisation: p.organisation }),
  (t, p) => [
    t('message.bookingCancelled.cancelled', { service: p.service, when: p.when }),
    ...when(p.refundDue, () => t('message.bookingCancelled.refund')),
    ...questions(t, p),
    t('message.bookingCancelled.bookAgain', { link: p.link }),
  ],
);

export const bookingRescheduledTemplate = notice(
  'booking-rescheduled',
  (t, p) => t('message.bookingRescheduled.subject', { organisation: p.organisation }),
  (t, p) => [
    t('message.bookingRescheduled.moved', { service: p.service, when: p.when }),
    ...withWhom(t, p),
    ...where(t, p),
    t('message.booking.manage', { link: p.link }),
  ],
);

export const bookingLapsedTemplate = notice(
  'booking-lapsed',
  (t, p) => t('message.bookingLapsed.subject', { organisation: p.organisation }),
  (t, p) => [
    t('message.bookingLapsed.lapsed', { organisation: p.organisation, service: p.service, when: p.when }),
    t('message.booking.chooseAnother', { link: p.link }),
    ...when(p.phone, () => t('message.bookingLapsed.callUs', { phone: p.phone })),
  ],
);

export const bookingRefundDueTemplate = notice(
  'booking-refund-due',
  (t, p) => t('message.bookingRefundDue.subject', { organisation: p.organisation }),
  (t, p) => [
    t('message.bookingRefundDue.refund', { service: p.service, when: p.when }),
    ...questions(t, p),
    t('message.bookingRefundDue.chooseOther', { link: p.link }),
  ],
);

/** Registers booking's templates on the outbox (from src/app.server.ts). */
export const registerBookingTemplates = templateRegistration(
  bookingApprovedTemplate,
  bookingDeclinedTemplate,
  bookingConfirmedTemplate,
  bookingRequestedTemplate,
  bookingCancelledTemplate,
  bookingRescheduledTemplate,
  bookingLapsedTemplate,
  bookingRefundDueTemplate,
);
