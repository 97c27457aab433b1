// Every in-app address of the catalogue screens (issue 26), in the visitor's language (localePath
// adds the prefix). Each segment is encoded; nothing else builds them.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';

const segment = encodeURIComponent;

export const staffCataloguePaths = {
  home: (locale: Locale) => localePath(locale, '/staff/catalogue'),
  service: (locale: Locale, id: string) => localePath(locale, `/staff/catalogue/services/${segment(id)}`),
  category: (locale: Locale, id: string) => localePath(locale, `/staff/catalogue/categories/${segment(id)}`),
  practitioner: (locale: Locale, id: string) => localePath(locale, `/staff/catalogue/practitioners/${segment(id)}`),
  hours: (locale: Locale, id: string) => localePath(locale, `/staff/catalogue/practitioners/${segment(id)}/hours`),
};

/** A booking found by its reference on the staff appointments screen (to move or cancel it there). */
export const staffBookingByReferencePath = (locale: Locale, reference: string) =>
  `${localePath(locale, '/staff/appointments')}?ref=${segment(reference)}`;
