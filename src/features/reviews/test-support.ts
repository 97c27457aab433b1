// The setup the review suites share: the demo (its review links, reviews and staff), klinik's
// visits completed, and the invitations they send.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { bookings, outbox, resources, services } from '#db/schema/index.ts';
import { markAttendance } from '#features/booking/index.server.ts';
import { klinikOnTwoInstances } from '#features/payments/instances-test-support.ts';

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
  const suite = klinikOnTwoInstances(kind, { klinik: 'demo', others: ['yayasan'] });

  /** A confirmed booking that started at `startsAt`, for `phone`. */
  const confirmed = async (phone: string, startsAt: Date) => {
    const [row] = await suite.db
      .insert(bookings)
      .values({
        tenantId: suite.klinik.id,
        publicId: randomUUID(),
        serviceId: reviews.serviceId,
        resourceId: reviews.resourceId,
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
    markAttendance(suite.db, { tenantId: suite.klinik.id, publicId, outcome: 'completed', now });
  /** The review invitations queued for `phone`. */
  const invitationsTo = async (phone: string) =>
    suite.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.tenantId, suite.klinik.id),
          eq(outbox.destination, phone),
          eq(outbox.template, 'review-invitation'),
        ),
      );

  const reviews = Object.assign(suite, {
    serviceId: '',
    /** The practitioner of the suite's visits. */
    resourceId: '',
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
  });

  beforeAll(async () => {
    const [service] = await suite.db.select().from(services).where(eq(services.tenantId, suite.klinik.id)).limit(1);
    const [resource] = await suite.db.select().from(resources).where(eq(resources.tenantId, suite.klinik.id)).limit(1);
    reviews.serviceId = service?.id ?? '';
    reviews.resourceId = resource?.id ?? '';
  });
  return reviews;
}
