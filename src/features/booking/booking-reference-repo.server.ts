import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { bookings, resources, services } from '#db/schema/index.ts';

/** A booking of this tenant by its short reference (already normalised), with what staff show. */
export async function findBookingByReference(db: Db, tenantId: string, reference: string) {
  const [row] = await db
    .select({ booking: bookings, serviceName: services.name, resourceName: resources.name })
    .from(bookings)
    .innerJoin(services, and(eq(services.id, bookings.serviceId), eq(services.tenantId, tenantId)))
    .innerJoin(resources, and(eq(resources.id, bookings.resourceId), eq(resources.tenantId, tenantId)))
    .where(ofTenant(bookings, tenantId, eq(bookings.reference, reference)));
  return row ?? null;
}
