// Every in-app address of appointments (issue 24). Pages in the visitor's language take the
// locale; the `…PagePath` builders are unprefixed for the callers that add the language later (a
// message's link, the account's list). Files and endpoints have no language. Each segment is
// encoded; nothing else builds them.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';

const segment = encodeURIComponent;
const serviceBase = (slug: string) => `/appointment/${segment(slug)}`;

/** The services to book. */
export const appointmentsPath = (locale: Locale) => localePath(locale, '/appointment');
/** A category of services. */
export const categoryPath = (locale: Locale, slug: string) =>
  localePath(locale, `/appointment/category/${segment(slug)}`);
/** A service's page, where a time is chosen. */
export const servicePath = (locale: Locale, slug: string) => localePath(locale, serviceBase(slug));
/** The booking form of a service (the chosen time rides in the query). */
export const serviceFormPath = (locale: Locale, slug: string) => localePath(locale, `${serviceBase(slug)}/form`);
/** A booking's calendar file: no language prefix (a file is no page; it speaks the booking's language). */
export const bookingCalendarPath = (slug: string, publicId: string) =>
  `${serviceBase(slug)}/calendar.ics?booking=${segment(publicId)}`;
/** The unprefixed path of a booking's page: `/appointment/{service}/checkout?booking={publicId}`. */
export const bookingPagePath = (serviceKey: string, publicId: string, page: 'checkout' | 'request') =>
  `${serviceBase(serviceKey)}/${page}?booking=${segment(publicId)}`;
/** The page a customer follows their booking on (the request page), unprefixed. */
export const requestPagePath = (serviceSlug: string, publicId: string) =>
  bookingPagePath(serviceSlug, publicId, 'request');
/** The service's booking page, where a declined customer can choose another time, unprefixed. */
export const servicePagePath = (serviceSlug: string) => serviceBase(serviceSlug);
/** The endpoint of a service's free times. */
export const availabilityApiPath = (serviceId: string, query: URLSearchParams) =>
  `/api/appointments/${segment(serviceId)}/availability?${query}`;
/** The endpoints of a booking its customer acts on. */
export const bookingApiPath = (publicId: string, action: 'cancel' | 'photo' | 'reschedule') =>
  `/api/bookings/${segment(publicId)}/${action}`;
/** A booking's photo as staff open it from the agenda. */
export const staffBookingPhotoPath = (publicId: string) => `/api/staff/bookings/${segment(publicId)}/photo`;
