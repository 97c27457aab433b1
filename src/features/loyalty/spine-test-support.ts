// The setup the suites of loyalty on the booking spine share: the demo clinic (its dental
// scaling, RM50), a second pool on PostgreSQL, and bookings held for members or guests.
import { and, eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { loyaltyEntries, services } from '#db/schema/index.ts';
import { bookSlot } from '#features/booking/index.server.ts';
import { klinikOnTwoInstances } from '#features/payments/instances-test-support.ts';
import { pointsOf } from './test-support.ts';

// Monday 23 Nov 2026, 08:00 in Kuala Lumpur; the appointments are on Thursday 26 Nov.
export const NOW = new Date('2026-11-23T00:00:00Z');
export const thu = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+08:00`);
export const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

/**
 * Registers the suite's hooks (inside `describe.each(testDatabaseKinds)`): klinik with its demo
 * catalogue (or the whole demo, for suites about demo rewards), on two instances. Its fields are set once `beforeAll` has run.
 */
export function spineSuite(kind: 'pglite' | 'postgres', klinik: 'catalogue' | 'demo') {
  const suite = klinikOnTwoInstances(kind, { klinik });
  let phoneSeq = 60175550000;
  const spine = Object.assign(suite, {
    /** The id of the demo's dental scaling (RM50). */
    scaling: '',
    /** Grows with each booking: the last digits of guests' phones, a login's address. */
    phoneSeq: () => phoneSeq,
    balance: (memberId: string, now = new Date()) => pointsOf(suite.db, suite.klinik.id, memberId, now),
    entries: (memberId: string) => suite.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.memberId, memberId)),
    /** A booking (RM50 scaling) held for `customerId` (or a guest) with the given phone. */
    async book(start: Date, options: { customerId?: string | null; phone?: string } = {}) {
      phoneSeq += 1;
      const phone = options.phone ?? String(phoneSeq);
      const result = await bookSlot(suite.db, {
        tenant: suite.klinik,
        serviceId: spine.scaling,
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
  });

  beforeAll(async () => {
    const [service] = await suite.db
      .select()
      .from(services)
      .where(and(eq(services.tenantId, suite.klinik.id), eq(services.slug, 'dental-scaling')));
    spine.scaling = service?.id ?? '';
  });
  return spine;
}
