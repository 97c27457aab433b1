import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.server';
import { resources, serviceCategories, serviceResources, services } from '../../db/schema';
import type { ServiceRow } from './booking-repo.server';

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
      and(
        eq(services.tenantId, tenantId),
        byId ? or(eq(services.id, key), eq(services.slug, key)) : eq(services.slug, key),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A category by its slug or its id. */
export async function findCategoryByKey(db: Db, tenantId: string, key: string): Promise<CategoryRow | null> {
  const byId = UUID.test(key);
  if (!byId && !SLUG.test(key)) return null;
  const [row] = await db
    .select()
    .from(serviceCategories)
    .where(
      and(
        eq(serviceCategories.tenantId, tenantId),
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
    .where(
      and(
        eq(serviceResources.tenantId, tenantId),
        eq(serviceResources.serviceId, serviceId),
        eq(resources.active, true),
      ),
    )
    .orderBy(asc(resources.name));
}

/** One practitioner or room (active or not: a past booking still names its practitioner). */
export async function findResourceName(db: Db, tenantId: string, resourceId: string) {
  const [row] = await db
    .select({ id: resources.id, name: resources.name, title: resources.title })
    .from(resources)
    .where(and(eq(resources.tenantId, tenantId), eq(resources.id, resourceId)));
  return row ?? null;
}
