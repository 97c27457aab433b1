// Shared setup of the booking-messages suites: a clinic on its own database, bookings made with a
// fresh phone each (so their messages are their own), the outbox read per phone, payments settled.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#db/client.server.ts';
import { bookings, outbox, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, type testDatabaseKinds } from '#db/test-databases.ts';
import { settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { bookSlot } from './index.server.ts';
import { aClinic, insertPaymentForTest, serviceIdsBySlug } from './test-support.ts';

// Monday 23 Nov 2026, 08:00 in Kuala Lumpur; the appointments are on Thursday 26 Nov.
export const NOW = new Date('2026-11-23T00:00:00Z');
export const thu = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+08:00`);
export const AFTER_HOLD = new Date(NOW.getTime() + 11 * 60_000);

/** The clinic's database, made before the suite's tests and closed after them; call inside a `describe`. */
export function aMessagesSuite(kind: (typeof testDatabaseKinds)[number]) {
  let phoneSeq = 60170000000;
  const suite = {
    database: undefined as unknown as TestDatabase,
    klinik: undefined as unknown as Tenant,
    serviceIds: {} as Record<string, string>,
    staffId: '',
    get db(): Db {
      return suite.database.db;
    },
    /** A booking with a fresh phone number (and an e-mail when asked), so its messages are its own. */
    book: async (
      service: string,
      start: Date,
      options: { locale?: 'en' | 'ms' | 'id'; email?: boolean; resourceId?: string; now?: Date } = {},
    ) => {
      phoneSeq += 1;
      const phone = String(phoneSeq);
      const result = await bookSlot(suite.db, {
        tenant: suite.klinik,
        serviceId: suite.serviceIds[service] ?? '',
        resourceId: options.resourceId ?? 'any',
        start,
        contact: { name: 'Nurul', phone, email: options.email ? `${phone}@example.my` : null },
        answers: service === 'health-screening' ? { fasting: 'yes' } : {},
        locale: options.locale ?? 'en',
        now: options.now ?? NOW,
      });
      if (!result.ok) throw new Error(result.reason);
      return { ...result, phone };
    },
    messagesTo: async (phone: string) =>
      suite.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.tenantId, suite.klinik.id), inArray(outbox.destination, [phone, `${phone}@example.my`])))
        .orderBy(outbox.createdAt),
    pay: async (invoiceId: string) => {
      const paymentId = await insertPaymentForTest(suite.db, suite.klinik.id, invoiceId);
      await settlePayment(suite.db, { tenantId: suite.klinik.id, paymentId, status: 'paid', via: 'verify' });
    },
    bookingRow: async (id: string) => (await suite.db.select().from(bookings).where(eq(bookings.id, id)))[0],
  };
  beforeAll(async () => {
    suite.database = await createTestDatabase(kind);
    suite.klinik = await aClinic(suite.db);
    Object.assign(suite.serviceIds, await serviceIdsBySlug(suite.db, suite.klinik.id));
    const [member] = await suite.db.select().from(staff).where(eq(staff.tenantId, suite.klinik.id));
    suite.staffId = member?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await suite.database?.close();
  });
  return suite;
}
