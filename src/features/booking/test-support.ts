import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import {
  bookingSettings,
  bookings,
  payments,
  resourceHours,
  resources,
  serviceResources,
  services,
} from '#db/schema/index.ts';
import { seedDemoCatalogue } from '#demo/demo-catalogue.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { aTenant } from '#features/tenants/test-support.ts';

/**
 * The demo clinic and its catalogue only (categories, six practitioners on weekday and Saturday
 * hours, the six services by their demo slugs, public holidays): what booking suites book against.
 */
export async function aClinic(db: Db): Promise<Tenant> {
  const klinik = await aTenant(db, 'klinik');
  await seedDemoCatalogue(db, 'klinik');
  return klinik;
}

/** The tenant's service ids by slug. */
export async function serviceIdsBySlug(db: Db, tenantId: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: services.id, slug: services.slug })
    .from(services)
    .where(eq(services.tenantId, tenantId));
  return Object.fromEntries(rows.map((row) => [row.slug, row.id]));
}

/** One bookable service delivered by one practitioner working Monday to Saturday, 09:00–18:00. */
export async function aServiceWithPractitioner(
  db: Db,
  tenantId: string,
  patch: Partial<typeof services.$inferInsert> = {},
): Promise<{ serviceId: string; resourceId: string }> {
  const tag = randomBytes(4).toString('hex');
  const [service] = await db
    .insert(services)
    .values({
      tenantId,
      slug: `service-${tag}`,
      name: { en: 'Consultation' },
      description: { en: 'Test' },
      durationMinutes: 30,
      price: 6000,
      ...patch,
    })
    .returning({ id: services.id });
  const [resource] = await db
    .insert(resources)
    .values({ tenantId, name: `Dr Test ${tag}` })
    .returning({ id: resources.id });
  if (!service || !resource) throw new Error('service not created');
  await db.insert(serviceResources).values({ tenantId, serviceId: service.id, resourceId: resource.id });
  await db.insert(resourceHours).values(
    [1, 2, 3, 4, 5, 6].map((weekday) => ({
      tenantId,
      resourceId: resource.id,
      weekday,
      startMinute: 9 * 60,
      endMinute: 18 * 60,
    })),
  );
  return { serviceId: service.id, resourceId: resource.id };
}

/** Tests only: a pending payment for an invoice, to settle without a provider. */
export async function insertPaymentForTest(db: Db, tenantId: string, invoiceId: string): Promise<string> {
  const [row] = await db
    .insert(payments)
    .values({ tenantId, invoiceId, provider: 'counter', method: 'counter', amount: 1, fee: 0 })
    .returning();
  if (!row) throw new Error('payment not created');
  return row.id;
}

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same month. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const at = (hour: number, minute = 0) => hour * 60 + minute;

/** Weekly hours with breaks, four shapes of a real clinic's rota. */
function rota(i: number): { weekday: number; startMinute: number; endMinute: number }[] {
  const days = (weekdays: number[], ...intervals: [number, number][]) =>
    weekdays.flatMap((weekday) => intervals.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })));
  switch (i % 4) {
    case 0:
      return [...days([1, 2, 3, 4, 5], [at(9), at(13)], [at(14), at(18)]), ...days([6], [at(9), at(13)])];
    case 1:
      return days([1, 2, 3, 4, 5], [at(8, 30), at(12, 30)], [at(13, 30), at(17, 30)]);
    case 2:
      return days([2, 3, 4, 5, 6], [at(10), at(13)], [at(14), at(17)], [at(18), at(21)]);
    default:
      return [...days([1, 3, 5], [at(9), at(12)], [at(14), at(17)]), ...days([0], [at(10), at(14)])];
  }
}

export interface PractitionerMonth {
  serviceId: string;
  slug: string;
  resourceIds: string[];
  bookings: number;
}

/**
 * Tests and benches: one service delivered by `practitioners` practitioners (four rota shapes
 * with breaks, 15-minute grid, 30 minutes + 5 + 5 of buffers) and confirmed bookings on about a
 * third of each practitioner's hours of the month starting `month` ('yyyy-MM', Kuala Lumpur
 * time). Deterministic: the same arguments give the same slots. Sets the tenant's booking
 * settings to 120 minutes of notice, a 60-day horizon and a 15-minute grid.
 */
export async function seedPractitionerMonth(
  db: Db,
  tenantId: string,
  options: { practitioners: number; month: string; tag: string; seed?: number },
): Promise<PractitionerMonth> {
  const random = prng(options.seed ?? 20300701);
  const settings = { minNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15 };
  await db
    .insert(bookingSettings)
    .values({ tenantId, ...settings })
    .onConflictDoUpdate({ target: bookingSettings.tenantId, set: settings });
  const slug = `many-${options.tag}`;
  const [service] = await db
    .insert(services)
    .values({
      tenantId,
      slug,
      name: { en: 'Consultation (many practitioners)' },
      description: { en: 'Test' },
      durationMinutes: 30,
      price: 6000,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 5,
    })
    .returning({ id: services.id });
  if (!service) throw new Error('service not created');
  const created = await db
    .insert(resources)
    .values(
      Array.from({ length: options.practitioners }, (_, i) => ({
        tenantId,
        name: `Dr Many ${String(i + 1).padStart(2, '0')} ${options.tag}`,
      })),
    )
    .returning({ id: resources.id });
  const resourceIds = created.map((r) => r.id);
  await db
    .insert(serviceResources)
    .values(resourceIds.map((resourceId) => ({ tenantId, serviceId: service.id, resourceId })));
  await db
    .insert(resourceHours)
    .values(resourceIds.flatMap((resourceId, i) => rota(i).map((hours) => ({ tenantId, resourceId, ...hours }))));
  // Hour-long steps never overlap with the buffers: 09:00 blocks 08:55–09:35, 10:00 blocks 09:55–10:35.
  const rows: (typeof bookings.$inferInsert)[] = [];
  for (let day = 1; day <= 31; day += 1) {
    const date = `${options.month}-${String(day).padStart(2, '0')}`;
    if (Number.isNaN(Date.parse(date)) || !date.startsWith(options.month)) continue;
    for (const resourceId of resourceIds) {
      for (let hour = 9; hour < 21; hour += 1) {
        if (random() >= 0.35) continue;
        const startsAt = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+08:00`);
        const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
        rows.push({
          tenantId,
          publicId: `m${randomBytes(9).toString('base64url')}`,
          serviceId: service.id,
          resourceId,
          startsAt,
          endsAt,
          blocksFrom: new Date(startsAt.getTime() - 5 * 60_000),
          blocksUntil: new Date(endsAt.getTime() + 5 * 60_000),
          status: 'confirmed',
          contactName: 'Test',
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(bookings).values(rows.slice(i, i + 500));
  return { serviceId: service.id, slug, resourceIds, bookings: rows.length };
}
