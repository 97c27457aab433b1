// The setup the review suites share: the demo (its review links, reviews and staff), klinik's
// visits completed, and the invitations they send.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#db/client.server.ts';
import { bookings, outbox, resources, services } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { markAttendance } from '#features/booking/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';

export const DAY = 24 * 60 * 60_000;
export const T0 = new Date('2026-11-20T02:00:00Z');

/** The invitation token in a review invitation's link. */
export const tokenOf = (payload: unknown) => {
  const link = (payload as { link: string }).link;
  return new URL(link).searchParams.get('i') ?? '';
};

/**
 * Registers the suite's hooks (inside `describe.each(testDatabaseKinds)`): a fresh database with
 * the whole demo. Answers klinik, yayasan, one of klinik's services and practitioners once
 * `beforeAll` has run, and klinik's visits.
 */
export function reviewsSuite(kind: 'pglite' | 'postgres') {
  let database: TestDatabase;
  let klinik: Tenant;
  let yayasan: Tenant;
  let serviceId = '';
  let resourceId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    klinik = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
    yayasan = (await resolveTenant(database.db, 'yayasan.localhost')) as Tenant;
    const [service] = await database.db.select().from(services).where(eq(services.tenantId, klinik.id)).limit(1);
    const [resource] = await database.db.select().from(resources).where(eq(resources.tenantId, klinik.id)).limit(1);
    serviceId = service?.id ?? '';
    resourceId = resource?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  /** A confirmed booking that started at `startsAt`, for `phone`. */
  const confirmed = async (phone: string, startsAt: Date) => {
    const [row] = await database.db
      .insert(bookings)
      .values({
        tenantId: klinik.id,
        publicId: randomUUID(),
        serviceId,
        resourceId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        blocksFrom: startsAt,
        blocksUntil: new Date(startsAt.getTime() + 30 * 60_000),
        status: 'confirmed',
        contactName: 'Aisyah',
        contactPhone: phone,
        locale: 'ms',
      })
      .returning();
    if (!row) throw new Error('no booking');
    return row;
  };
  /** Staff mark the visit completed (`now`: when they do). */
  const complete = (publicId: string, now?: Date) =>
    markAttendance(database.db, { tenantId: klinik.id, publicId, outcome: 'completed', now });
  /** The review invitations queued for `phone`. */
  const invitationsTo = async (phone: string) =>
    database.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.tenantId, klinik.id), eq(outbox.destination, phone), eq(outbox.template, 'review-invitation')),
      );

  return {
    get db(): Db {
      return database.db;
    },
    get klinik(): Tenant {
      return klinik;
    },
    get yayasan(): Tenant {
      return yayasan;
    },
    /** The practitioner of the suite's visits. */
    get resourceId(): string {
      return resourceId;
    },
    confirmed,
    complete,
    invitationsTo,
    /** A visit for `phone` at T0, completed then (invitations go out at once), and its invitation's token. */
    async invitedVisit(phone: string) {
      const booking = await confirmed(phone, T0);
      await complete(booking.publicId, T0);
      const [message] = await invitationsTo(phone);
      return { booking, token: tokenOf(message?.payload) };
    },
  };
}
