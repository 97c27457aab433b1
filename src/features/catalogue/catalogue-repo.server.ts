import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { findTenantRow, insertRow, ofTenant, updateTenantRow } from '#db/rows.server.ts';
import { bookingSettings, resources, serviceCategories, serviceResources, services } from '#db/schema/index.ts';
import type { BookingSettingsValues, CategoryValues, PractitionerValues, ServiceValues } from './catalogue-forms';

// The catalogue's SQL: categories, services, practitioners and who delivers what, the tenant's
// booking settings. Every query takes the tenant.

export type CategoryRow = typeof serviceCategories.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;

export function categoriesOf(db: Db, tenantId: string) {
  return db
    .select()
    .from(serviceCategories)
    .where(ofTenant(serviceCategories, tenantId))
    .orderBy(asc(serviceCategories.position), asc(serviceCategories.slug));
}

export function categoryById(db: Db, tenantId: string, id: string) {
  return findTenantRow(db, serviceCategories, tenantId, id);
}

export async function insertCategory(db: Db, tenantId: string, slug: string, values: CategoryValues) {
  const [last] = await db
    .select({ max: sql<number>`coalesce(max(${serviceCategories.position}), -1)::int` })
    .from(serviceCategories)
    .where(ofTenant(serviceCategories, tenantId));
  return insertRow(
    db,
    serviceCategories,
    { tenantId, slug, name: values.name, position: Number(last?.max ?? -1) + 1 },
    'category not inserted',
  );
}

export function updateCategory(db: Db, tenantId: string, id: string, values: CategoryValues) {
  return updateTenantRow(db, serviceCategories, tenantId, id, { name: values.name });
}

export function servicesOf(db: Db, tenantId: string) {
  return db
    .select()
    .from(services)
    .where(ofTenant(services, tenantId))
    .orderBy(asc(services.position), asc(services.slug));
}

export function serviceById(db: Db, tenantId: string, id: string) {
  return findTenantRow(db, services, tenantId, id);
}

export async function insertService(db: Db, tenantId: string, values: ServiceValues) {
  const [last] = await db
    .select({ max: sql<number>`coalesce(max(${services.position}), -1)::int` })
    .from(services)
    .where(ofTenant(services, tenantId));
  return insertRow(
    db,
    services,
    { tenantId, ...values, position: Number(last?.max ?? -1) + 1 },
    'service not inserted',
  );
}

export function updateService(db: Db, tenantId: string, id: string, values: Partial<ServiceValues>) {
  return updateTenantRow(db, services, tenantId, id, values);
}

/** Positions 0, 1, 2 … in the order of `ids` (the tenant's rows only). */
export async function setPositions(db: Db, tenantId: string, table: 'services' | 'categories', ids: readonly string[]) {
  const target = table === 'services' ? services : serviceCategories;
  for (const [position, id] of ids.entries()) {
    await db
      .update(target)
      .set({ position })
      .where(and(eq(target.tenantId, tenantId), eq(target.id, id)));
  }
}

export function practitionersOf(db: Db, tenantId: string) {
  return db
    .select()
    .from(resources)
    .where(ofTenant(resources, tenantId, eq(resources.kind, 'practitioner')))
    .orderBy(asc(resources.name), asc(resources.id));
}

export function resourceById(db: Db, tenantId: string, id: string) {
  return findTenantRow(db, resources, tenantId, id);
}

/** Which services each of the tenant's resources delivers. */
export async function serviceLinksOf(db: Db, tenantId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ resourceId: serviceResources.resourceId, serviceId: serviceResources.serviceId })
    .from(serviceResources)
    .where(eq(serviceResources.tenantId, tenantId));
  const links = new Map<string, string[]>();
  for (const row of rows) links.set(row.resourceId, [...(links.get(row.resourceId) ?? []), row.serviceId]);
  return links;
}

type PractitionerColumns = Omit<PractitionerValues, 'serviceIds'>;

export function insertPractitioner(db: Db, tenantId: string, values: PractitionerColumns) {
  return insertRow(db, resources, { tenantId, kind: 'practitioner', ...values }, 'practitioner not inserted');
}

export function updatePractitioner(db: Db, tenantId: string, id: string, values: PractitionerColumns) {
  return updateTenantRow(db, resources, tenantId, id, values);
}

/** The services a resource delivers become exactly `serviceIds` (the tenant's services only). */
export async function replaceServiceLinks(db: Db, tenantId: string, resourceId: string, serviceIds: string[]) {
  await db
    .delete(serviceResources)
    .where(and(eq(serviceResources.tenantId, tenantId), eq(serviceResources.resourceId, resourceId)));
  if (serviceIds.length === 0) return;
  const owned = await db
    .select({ id: services.id })
    .from(services)
    .where(ofTenant(services, tenantId, inArray(services.id, serviceIds)));
  if (owned.length === 0) return;
  await db.insert(serviceResources).values(owned.map((s) => ({ tenantId, serviceId: s.id, resourceId })));
}

export async function upsertBookingSettings(db: Db, tenantId: string, values: BookingSettingsValues) {
  await db
    .insert(bookingSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: bookingSettings.tenantId, set: values });
}
