import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { bookings, resources, serviceCategories, serviceResources, services } from '#db/schema/index.ts';
import type { BookingRow, ServiceRow } from './booking-repo.server';

// Lookups of the customer appointment pages: services and categories by slug or id, and who
// delivers a service. Every query is scoped by tenant.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i;

export type CategoryRow = typeof serviceCategories.$inferSelect;

/** A service by its slug or its id; null for anything else (or another tenant's). */
export async function findServiceByKey(db: Db, tenantId: string, key: string): Promise<ServiceRow | null> {
  const byId = UUID.test(key);
  if (!byId && !SLUG.test(key)) return null;
  const [row] = await db
    .select()
    .from(services)
    .where(
      ofTenant(services, tenantId, byId ? or(eq(services.id, key), eq(services.slug, key)) : eq(services.slug, key)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A booking by its public id under its own service's URL (the service by slug or id), with its
 * practitioner's name: one query for what the booking pages show first. Null for anything else.
 */
export async function findBookingUnderService(
  db: Db,
  tenantId: string,
  serviceKey: string,
  publicId: string,
): Promise<{
  booking: BookingRow;
  service: ServiceRow;
  resource: { id: string; name: string; title: Partial<Record<string, string>> } | null;
} | null> {
  const byId = UUID.test(serviceKey);
  if (!byId && !SLUG.test(serviceKey)) return null;
  const [row] = await db
    .select({
      booking: bookings,
      service: services,
      resourceId: resources.id,
      resourceName: resources.name,
      resourceTitle: resources.title,
    })
    .from(bookings)
    .innerJoin(services, and(eq(services.id, bookings.serviceId), eq(services.tenantId, tenantId)))
    .leftJoin(resources, and(eq(resources.id, bookings.resourceId), eq(resources.tenantId, tenantId)))
    .where(
      ofTenant(
        bookings,
        tenantId,
        eq(bookings.publicId, publicId),
        byId ? or(eq(services.id, serviceKey), eq(services.slug, serviceKey)) : eq(services.slug, serviceKey),
      ),
    )
    .limit(1);
  if (!row) return null;
  const resource =
    row.resourceId === null
      ? null
      : { id: row.resourceId, name: row.resourceName ?? '', title: row.resourceTitle ?? {} };
  return { booking: row.booking, service: row.service, resource };
}

/** A category by its slug or its id. */
export async function findCategoryByKey(db: Db, tenantId: string, key: string): Promise<CategoryRow | null> {
  const byId = UUID.test(key);
  if (!byId && !SLUG.test(key)) return null;
  const [row] = await db
    .select()
    .from(serviceCategories)
    .where(
      ofTenant(
        serviceCategories,
        tenantId,
        byId ? or(eq(serviceCategories.id, key), eq(serviceCategories.slug, key)) : eq(serviceCategories.slug, key),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The active practitioners or rooms that deliver a service, by name. */
export async function listServiceResources(db: Db, tenantId: string, serviceId: string) {
  return db
    .select({ id: resources.id, name: resources.name, title: resources.title, kind: resources.kind })
    .from(serviceResources)
    .innerJoin(resources, and(eq(resources.id, serviceResources.resourceId), eq(resources.tenantId, tenantId)))
    .where(ofTenant(serviceResources, tenantId, eq(serviceResources.serviceId, serviceId), eq(resources.active, true)))
    .orderBy(asc(resources.name));
}

/** One practitioner or room (active or not: a past booking still names its practitioner). */
export async function findResourceName(db: Db, tenantId: string, resourceId: string) {
  const [row] = await db
    .select({ id: resources.id, name: resources.name, title: resources.title })
    .from(resources)
    .where(ofTenant(resources, tenantId, eq(resources.id, resourceId)));
  return row ?? null;
}
