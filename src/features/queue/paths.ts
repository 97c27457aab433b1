// Every in-app address of the queue (issue 24): pages in the visitor's language (localePath adds
// the prefix), endpoints without one. Each segment is encoded; nothing else builds them.
import type { Locale } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';

const segment = encodeURIComponent;

/** A ticket's page, which follows it live. */
export const queueTicketPath = (locale: Locale, publicId: string) =>
  localePath(locale, `/queue/ticket/${segment(publicId)}`);
/** The endpoint of a ticket's state. */
export const queueTicketApiPath = (publicId: string) => `/api/queue/tickets/${segment(publicId)}`;
/** The endpoint of a board's state (which display, which service points). */
export const qtvStateApiPath = (query: URLSearchParams) => `/api/qtv/state?${query}`;
