// Pure: the customer's messages about their booking (SPEC.md "after booking"), in the language
// they booked in, by SMS when the booking has a phone and by e-mail when it has an address.
import { z } from 'zod';
import { isLocale, type Locale, type LocalizedText, localized } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import { formatDateTime } from '#lib/dates.ts';
import type { MessageToEnqueue } from '#server/outbox/index.ts';
import { bookingPage } from './appointment-flow';
import type { BookingStatus } from './booking';
import type { BookingConfirmedPayload } from './messages';
import { bookingPagePath, servicePagePath } from './paths';

const SMS_DESTINATION = /^\+?[1-9]\d{6,14}$/;
const Email = z.email();

/** What happened to the booking; each is one outbox template `booking-{kind}`. */
export type BookingNoticeKind = 'confirmed' | 'requested' | 'cancelled' | 'rescheduled' | 'lapsed' | 'refund-due';

export interface BookingMessageContext {
  tenant: { id: string; name: string; timeZone: string; address: string; phone: string };
  service: { slug: string; name: Partial<LocalizedText>; needsApproval: boolean };
  /** The practitioner or room's name. */
  practitioner: string | null;
  /** Where links point: `https://kliniksihat.my`. */
  origin: string;
  /** Confirmed with payment due at the counter: the amount, formatted ("RM50.00"). */
  payAtCounter?: string | null;
}

export interface BookingForMessage {
  publicId: string;
  status: BookingStatus;
  startsAt: Date;
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
  locale: string;
  /** Paid and then cancelled: the clinic refunds it (the cancelled message says so). */
  refundDue?: boolean;
}

/** A booking's customer hears of its moves at most once an hour: later moves fold into one notice. */
export const RESCHEDULE_NOTICE_INTERVAL_MS = 60 * 60_000;

/**
 * When the notice of a move made at `now` is due, given when the booking's previous one is (or
 * was) due: now when there was none within the hour; else one interval after it — or the notice
 * still waiting, which the move's message then replaces (the latest time is what it says).
 */
export function rescheduleNoticeDue(previous: Date | null, now: Date): Date {
  if (!previous || previous.getTime() <= now.getTime() - RESCHEDULE_NOTICE_INTERVAL_MS) return now;
  if (previous.getTime() > now.getTime()) return previous;
  return new Date(previous.getTime() + RESCHEDULE_NOTICE_INTERVAL_MS);
}

/** The outbox key under which a booking's "moved" notices replace each other while unsent. */
export function rescheduleNoticeKey(bookingId: string): string {
  return `booking-rescheduled:${bookingId}`;
}

/** The SMS and e-mail destinations of a booking the outbox would accept (others are left out). */
export function customerDestinations(
  booking: Pick<BookingForMessage, 'contactPhone' | 'contactEmail'>,
): { channel: 'sms' | 'email'; destination: string }[] {
  const out: { channel: 'sms' | 'email'; destination: string }[] = [];
  const phone = booking.contactPhone?.replace(/[\s-]/g, '') ?? '';
  if (SMS_DESTINATION.test(phone)) out.push({ channel: 'sms', destination: phone });
  const email = booking.contactEmail?.trim() ?? '';
  if (email && Email.safeParse(email).success) out.push({ channel: 'email', destination: email });
  return out;
}

/** The messages telling the customer that their booking was confirmed, cancelled, moved… */
export function bookingMessages(
  kind: BookingNoticeKind,
  booking: BookingForMessage,
  context: BookingMessageContext,
): MessageToEnqueue<`booking-${BookingNoticeKind}`>[] {
  const { tenant, service, origin } = context;
  const locale: Locale = isLocale(booking.locale) ? booking.locale : 'en';
  // The booking's page (calendar file, cancel, change the time) while it stands; else the service
  // page, to choose another time.
  const standing = kind === 'confirmed' || kind === 'requested' || kind === 'rescheduled';
  const path = standing
    ? bookingPagePath(service.slug, booking.publicId, bookingPage(booking.status, service.needsApproval))
    : servicePagePath(service.slug);
  const payload: BookingConfirmedPayload = {
    organisation: tenant.name,
    name: booking.contactName.trim().slice(0, 200),
    service: localized(service.name, locale) || service.slug,
    practitioner: (context.practitioner ?? '').slice(0, 200),
    when: formatDateTime(booking.startsAt, locale, tenant.timeZone),
    address: tenant.address.slice(0, 500),
    phone: tenant.phone.slice(0, 40),
    link: `${origin}${localePath(locale, path)}`,
    ...(kind === 'confirmed'
      ? {
          calendar: `${origin}/appointment/${encodeURIComponent(service.slug)}/calendar.ics?booking=${encodeURIComponent(booking.publicId)}`,
          ...(context.payAtCounter ? { payAtCounter: context.payAtCounter } : {}),
        }
      : {}),
    ...(kind === 'cancelled' && booking.refundDue ? { refundDue: true } : {}),
  };
  const template = `booking-${kind}` as const;
  return customerDestinations(booking).map((to) => ({ tenantId: tenant.id, locale, template, payload, ...to }));
}
