import type { APIRoute } from 'astro';
import { createEvent } from 'ics';
import { bookingPageData, bookingPagePath, calendarEvent } from '#features/booking/index.server.ts';
import { isLocale, localized } from '#i18n/locales.ts';
import { localePath } from '#i18n/routing.ts';
import { translator } from '#i18n/t.ts';
import { formatDateTime } from '#lib/dates.ts';

/**
 * `GET /appointment/{service}/calendar.ics?booking={publicId}`: a confirmed appointment as an
 * iCalendar file (times in UTC), in the language it was booked in. Not a page: the middleware
 * does not rewrite paths with an extension, so there is one unprefixed URL for every language.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const { tenant } = locals;
  const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const data = await bookingPageData(locals.db, tenant, params.id ?? '', url.searchParams.get('booking'));
  if (data?.booking.status !== 'confirmed') return notFound();
  const { booking, service, resource } = data;
  const locale = isLocale(booking.locale) ? booking.locale : locals.locale;
  const t = translator(locale);
  const page = new URL(localePath(locale, bookingPagePath(service.slug, booking.publicId, 'checkout')), locals.origin);
  const event = calendarEvent({
    uid: booking.publicId,
    start: booking.startsAt,
    end: booking.endsAt,
    serviceName: localized(service.name, locale),
    organisation: tenant.name,
    organisationEmail: tenant.email || null,
    location: tenant.address,
    practitioner: resource ? `${t('appointment.practitioner')}: ${resource.name}` : null,
    details: [
      `${t('appointment.when')}: ${formatDateTime(booking.startsAt, locale, tenant.timeZone)}`,
      `${t('appointment.reference')}: ${booking.publicId}`,
      ...(tenant.phone ? [`${tenant.name}: ${tenant.phone}`] : []),
      page.href,
    ],
    url: page.href,
  });
  const { error, value } = createEvent(event);
  if (error || !value) throw error ?? new Error('calendar file not created');
  return new Response(value, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="appointment-${booking.publicId}.ics"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
};
