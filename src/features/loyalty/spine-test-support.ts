// The setup the suites of loyalty on the booking spine share: the demo's clinic (its dental
// scaling, RM50), a second pool on PostgreSQL, and bookings held for members or guests.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type Db, openDatabase } from '#db/client.server.ts';
import { loyaltyEntries, services, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { bookSlot } from '#features/booking/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { pointsOf } from './test-support.ts';

// Monday 23 Nov 2026, 08:00 in Kuala Lumpur; the appointments are on Thursday 26 Nov.
export const NOW = new Date('2026-11-23T00:00:00Z');
export const thu = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+08:00`);
export const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

/**
 * Registers the suite's hooks (inside `describe.each(testDatabaseKinds)`): a fresh database with
 * the whole demo. Its fields are set once `beforeAll` has run.
 */
export function spineSuite(kind: 'pglite' | 'postgres') {
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let klinik: Tenant;
  let scaling = '';
  let staffId = '';
  let phoneSeq = 60175550000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    klinik = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
    const [service] = await database.db
      .select()
      .from(services)
      .where(and(eq(services.tenantId, klinik.id), eq(services.slug, 'dental-scaling')));
    scaling = service?.id ?? '';
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, klinik.id));
    staffId = member?.id ?? '';
    if (database.url) second = await openDatabase({ url: database.url });
  });
  afterAll(async () => {
    forgetCachedTenants();
    await second?.close();
    await database?.close();
  });

  return {
    get db(): Db {
      return database.db;
    },
    /** The second pool on PostgreSQL (another app instance); the same handle on PGlite. */
    get secondDb(): Db {
      return second?.db ?? database.db;
    },
    get klinik(): Tenant {
      return klinik;
    },
    /** The id of the demo's dental scaling (RM50). */
    get scaling(): string {
      return scaling;
    },
    get staffId(): string {
      return staffId;
    },
    /** Grows with each booking: the last digits of guests' phones, a login's address. */
    get phoneSeq(): number {
      return phoneSeq;
    },
    balance: (memberId: string, now = new Date()) => pointsOf(database.db, klinik.id, memberId, now),
    entries: (memberId: string) =>
      database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.memberId, memberId)),
    /** A booking (RM50 scaling) held for `customerId` (or a guest) with the given phone. */
    async book(start: Date, options: { customerId?: string | null; phone?: string } = {}) {
      phoneSeq += 1;
      const phone = options.phone ?? String(phoneSeq);
      const result = await bookSlot(database.db, {
        tenant: klinik,
        serviceId: scaling,
        resourceId: 'any',
        start,
        contact: { name: 'Nurul', phone, email: null },
        answers: {},
        locale: 'en',
        customerId: options.customerId ?? null,
        now: NOW,
      });
      if (!result.ok || !result.invoice) throw new Error(result.ok ? 'no invoice' : result.reason);
      return { ...result, invoice: result.invoice, phone };
    },
  };
}
