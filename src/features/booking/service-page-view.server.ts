// The loading of a service's pages. The slot step (`/appointment/{slug or id}`): the service, its
// category for the breadcrumb, the booking window and practitioners for the SlotPicker, what is
// due now, and (`?reschedule={publicId}`) the booking being moved and whether it still may be.
// `?taken=1` comes back from the form step when the slot was taken meanwhile. The form step after it.
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import { timeZoneLabel } from '#lib/zoned-time.ts';
import { bookableService, bookingToMove, serviceBookingWindow } from './appointment-pages.server';
import { amountDueAtBooking, canChangeOnline } from './booking';
import { listCategories } from './booking-repo.server';

/** The page's data, or null for an unknown or inactive service (the page answers 404). */
export async function servicePageView(
  locals: { db: Db; tenant: Tenant; locale: Locale },
  key: string | undefined,
  url: URL,
  now = new Date(),
) {
  const { db, tenant, locale } = locals;
  const service = await bookableService(db, tenant, key ?? '');
  if (!service) return null;
  const [bookingWindow, categories] = await Promise.all([
    serviceBookingWindow(db, tenant, service),
    listCategories(db, tenant.id),
  ]);
  const rescheduleId = url.searchParams.get('reschedule');
  const movingBooking = rescheduleId ? await bookingToMove(db, tenant, service, rescheduleId) : null;
  const moving = movingBooking ? { booking: movingBooking, settings: bookingWindow.settings } : null;
  return {
    service,
    name: localized(service.name, locale),
    category: categories.find((c) => c.id === service.categoryId),
    due: amountDueAtBooking(service),
    bookingWindow,
    resources: bookingWindow.resources.map((r) => ({ id: r.id, name: r.name, title: localized(r.title, locale) })),
    taken: url.searchParams.get('taken') === '1',
    moving,
    movable: moving !== null && canChangeOnline(moving.booking, moving.settings.changeNoticeHours, now),
    // The clinic's zone, for visitors whose clock is elsewhere (the island decides after mount).
    zone: timeZoneLabel(tenant.timeZone, locale, now),
  };
}

/** The form step of a service (`/appointment/{slug or id}/form`): the service, its practitioners, its intake questions and the step after the form; null: 404. */
export async function serviceFormPageView(locals: { db: Db; tenant: Tenant; locale: Locale }, key: string | undefined) {
  const { db, tenant, locale } = locals;
  const service = await bookableService(db, tenant, key ?? '');
  if (!service) return null;
  const { resources } = await serviceBookingWindow(db, tenant, service);
  const next: 'request' | 'payment' | 'confirm' = service.needsApproval
    ? 'request'
    : amountDueAtBooking(service) > 0
      ? 'payment'
      : 'confirm';
  return {
    service,
    name: localized(service.name, locale),
    next,
    questions: service.intakeQuestions.map((q) => ({
      id: q.id,
      label: localized(q.label, locale),
      kind: q.kind,
      required: q.required,
    })),
    resources: resources.map((r) => ({ id: r.id, name: r.name })),
  };
}
