import type { Db } from '#db/client.server.ts';
import { type InvoiceView, invoiceById, lineSources, sourceIdOf } from '#features/invoices/index.server.ts';
import { refundOfInvoice } from '#features/payments/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { addDays, zonedDate } from '#lib/zoned-time.ts';
import { bookingPage } from './appointment-flow';
import {
  type CategoryRow,
  findBookingUnderService,
  findCategoryByKey,
  findServiceByKey,
  listServiceResources,
} from './appointment-pages-repo.server';
import {
  type BookingRow,
  findBookingByPublicId,
  findBookingWithService,
  findSettings,
  listActiveServices,
  type ServiceRow,
} from './booking-repo.server';
import { bookingPagePath, servicePagePath } from './paths';

export type { CategoryRow } from './appointment-pages-repo.server';

const PUBLIC_ID = /^[A-Za-z0-9]{10,40}$/;

/** A bookable service by slug or id; null when unknown or inactive. */
export async function bookableService(db: Db, tenant: Tenant, key: string): Promise<ServiceRow | null> {
  const service = await findServiceByKey(db, tenant.id, key);
  return service?.active ? service : null;
}

/** A category by slug or id, with its active services; null when unknown. */
export async function categoryWithServices(
  db: Db,
  tenant: Tenant,
  key: string,
): Promise<{ category: CategoryRow; services: ServiceRow[] } | null> {
  const category = await findCategoryByKey(db, tenant.id, key);
  if (!category) return null;
  return { category, services: await listActiveServices(db, tenant.id, category.id) };
}

/** The service page's data: who delivers it and the bookable window in the tenant's calendar. */
export async function serviceBookingWindow(db: Db, tenant: Tenant, service: ServiceRow, now = new Date()) {
  const [resources, settings] = await Promise.all([
    listServiceResources(db, tenant.id, service.id),
    findSettings(db, tenant.id),
  ]);
  const today = zonedDate(now, tenant.timeZone);
  return { resources, settings, min: today, max: addDays(today, Math.max(0, settings.horizonDays)) };
}

export interface BookingPageData {
  booking: BookingRow;
  service: ServiceRow;
  resource: { id: string; name: string; title: Partial<Record<string, string>> } | null;
  invoice: InvoiceView | null;
  settings: Awaited<ReturnType<typeof findSettings>>;
  /** Money owed back on its invoice (payments' refunds record), if any. */
  refund: { amount: number; status: 'due' | 'refunded' } | null;
}

/**
 * A booking as its checkout or request page shows it: the booking by its unguessable public id,
 * only for this tenant and only under its own service's URL; with practitioner, invoice and the
 * tenant's booking settings.
 */
export async function bookingPageData(
  db: Db,
  tenant: Tenant,
  serviceKey: string,
  publicId: string | null,
): Promise<BookingPageData | null> {
  if (!publicId || !PUBLIC_ID.test(publicId)) return null;
  // Five queries at most: the booking with its service and practitioner, then the invoice (and
  // its lines), the settings and any refund side by side.
  const found = await findBookingUnderService(db, tenant.id, serviceKey, publicId);
  if (!found) return null;
  const { booking, service, resource } = found;
  const [invoice, settings, refund] = await Promise.all([
    booking.invoiceId ? invoiceById(db, tenant, booking.invoiceId) : Promise.resolve(null),
    findSettings(db, tenant.id),
    booking.invoiceId ? refundOfInvoice(db, tenant.id, booking.invoiceId) : Promise.resolve(null),
  ]);
  return { booking, service, resource, invoice: invoice?.kind === 'appointment' ? invoice : null, settings, refund };
}

/**
 * The booking a service page moves (`?reschedule={publicId}`): this service's, by its public id,
 * in one query; the page has the settings already (serviceBookingWindow).
 */
export async function bookingToMove(
  db: Db,
  tenant: Pick<Tenant, 'id'>,
  service: Pick<ServiceRow, 'id'>,
  publicId: string | null,
): Promise<BookingRow | null> {
  if (!publicId || !PUBLIC_ID.test(publicId)) return null;
  const booking = await findBookingByPublicId(db, tenant.id, publicId);
  return booking?.serviceId === service.id ? booking : null;
}

export interface InvoiceBooking {
  booking: BookingRow;
  service: ServiceRow;
  /** The booking's own page (confirmation, calendar file, cancel), unprefixed. */
  bookingPath: string;
  /** The service page, to choose another time, unprefixed. */
  servicePath: string;
}

/** The booking an appointment invoice pays for (this tenant's only), for the payment result page. */
export async function bookingOfInvoice(
  db: Db,
  tenant: Pick<Tenant, 'id'>,
  invoice: Pick<InvoiceView, 'lines'>,
): Promise<InvoiceBooking | null> {
  const bookingId = sourceIdOf(lineSources(invoice), 'booking');
  if (!bookingId) return null;
  const found = await findBookingWithService(db, tenant.id, bookingId);
  if (!found) return null;
  const { booking, service } = found;
  return {
    booking,
    service,
    bookingPath: bookingPagePath(service.slug, booking.publicId, bookingPage(booking.status, service.needsApproval)),
    servicePath: servicePagePath(service.slug),
  };
}
