import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { bookings, outbox, services, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { embedOriginsFor, saveEmbedOrigins } from '#features/embeds/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { decideAndNotify } from './decision-messages.server';
import { bookSlot, sweepBookings } from './index.server.ts';
import { staffAgenda, staffAppointmentAction } from './staff-agenda.server';
import { aClinic } from './test-support.ts';

// Effects of payment (booking confirmations, receipts) as the running app registers them.
composeApp();

// Monday 23 Nov 2026, 08:00 in Kuala Lumpur; the requests below are on Tuesday 24 Nov.
const NOW = new Date('2026-11-23T00:00:00Z');
const at = (hhmm: string) => new Date(`2026-11-24T${hhmm}:00+08:00`);

describe.each(testDatabaseKinds)('deciding booking requests on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let screeningId = '';
  let staffId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
    const [service] = await database.db
      .select()
      .from(services)
      .where(and(eq(services.tenantId, klinik.id), eq(services.slug, 'health-screening')));
    screeningId = service?.id ?? '';
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, klinik.id));
    staffId = member?.id ?? '';
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const request = async (
    start: Date,
    contact: { name: string; phone: string | null; email: string | null },
    locale: 'en' | 'ms' = 'en',
    resourceId = 'any',
  ) => {
    const result = await bookSlot(database.db, {
      tenant: klinik,
      serviceId: screeningId,
      resourceId,
      start,
      contact,
      locale,
      now: NOW,
    });
    if (!result.ok) throw new Error(result.reason);
    expect(result.booking.status).toBe('requested');
    return result.booking;
  };
  /** The decision messages to a destination (the request's own acknowledgement left out). */
  const messagesTo = async (destination: string) =>
    (
      await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.tenantId, klinik.id), eq(outbox.destination, destination)))
    ).filter((m) => m.template === 'booking-approved' || m.template === 'booking-declined');
  const decide = (publicId: string, approve: boolean, reason?: string) =>
    decideAndNotify(database.db, {
      tenant: klinik,
      publicId,
      approve,
      reason,
      staffId,
      requestOrigin: 'http://klinik.localhost:4321',
      now: NOW,
    });

  it('approves a request and queues the SMS and e-mail in the same transaction', async () => {
    const booking = await request(at('09:00'), { name: 'Aisyah', phone: '60111111111', email: 'aisyah@example.my' });
    const result = await decide(booking.publicId, true);
    expect(result.ok && result.booking.status).toBe('confirmed');
    const sent = [...(await messagesTo('60111111111')), ...(await messagesTo('aisyah@example.my'))];
    expect(sent.map((m) => [m.channel, m.template, m.status])).toEqual([
      ['sms', 'booking-approved', 'pending'],
      ['email', 'booking-approved', 'pending'],
    ]);
    expect(sent[0]?.payload).toMatchObject({
      organisation: klinik.name,
      service: 'Full health screening',
      when: '24/11/2026 at 09:00AM',
      link: `https://${klinik.primaryHost}/appointment/health-screening/request?booking=${booking.publicId}`,
    });
    // Deciding again changes nothing and sends nothing more.
    expect(await decide(booking.publicId, false)).toEqual({ ok: false, reason: 'not_pending' });
    expect(await messagesTo('60111111111')).toHaveLength(1);
  });

  it('declines with the reason, in the customer’s language', async () => {
    const booking = await request(at('10:00'), { name: 'Budi', phone: '60122222222', email: null }, 'ms');
    const result = await decide(booking.publicId, false, '  Doktor bercuti pada hari itu  ');
    expect(result.ok && result.booking.decisionReason).toBe('Doktor bercuti pada hari itu');
    const [sms] = await messagesTo('60122222222');
    expect(sms).toMatchObject({ template: 'booking-declined', locale: 'ms' });
    expect(sms?.payload).toMatchObject({
      reason: 'Doktor bercuti pada hari itu',
      link: `https://${klinik.primaryHost}/ms/appointment/health-screening`,
    });
  });

  it('says "slot taken" — and sends nothing — when a lapsed request’s time went to someone else', async () => {
    const lapsed = await request(at('11:00'), { name: 'Chong', phone: '60133333333', email: null });
    await sweepBookings(database.db, new Date(at('11:00').getTime() + 60_000));
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, lapsed.id));
    expect(row?.status).toBe('expired');
    await request(at('11:00'), { name: 'Devi', phone: '60144444444', email: null }, 'en', lapsed.resourceId);
    expect(await decide(lapsed.publicId, true)).toEqual({ ok: false, reason: 'slot_taken' });
    expect(await messagesTo('60133333333')).toEqual([]);
    const outcome = await staffAppointmentAction(database.db, {
      tenant: klinik,
      staffId,
      form: { action: 'approve', booking: lapsed.publicId },
      requestOrigin: 'http://klinik.localhost',
      // The test's clock (the real one passed this 24 Nov 2026 appointment).
      now: NOW,
    });
    expect(outcome).toMatchObject({ ok: false, key: 'staffAppointments.slotTaken', status: 409 });
  });

  it('closes confirmed appointments as completed or no-show, and lists the agenda', async () => {
    const agenda = await staffAgenda(database.db, klinik, NOW);
    expect(agenda.today).toBe('2026-11-23');
    expect(agenda.requests.map((r) => r.booking.contactName)).toContain('Devi');
    const tuesday = agenda.days.find((d) => d.date === '2026-11-24');
    expect(tuesday?.offset).toBe(1);
    const confirmed = tuesday?.items.find((r) => r.booking.contactName === 'Aisyah');
    expect(confirmed?.booking.status).toBe('confirmed');
    const form = { action: 'no_show', booking: confirmed?.booking.publicId ?? '' };
    // Before the appointment starts nobody can have missed it: refused, nothing changes.
    expect(
      await staffAppointmentAction(database.db, { tenant: klinik, staffId, form, requestOrigin: 'http://x', now: NOW }),
    ).toMatchObject({
      ok: false,
      key: 'staffAppointments.notStarted',
      status: 409,
    });
    const started = new Date(at('09:00').getTime() + 5 * 60_000);
    const input = { tenant: klinik, staffId, form, requestOrigin: 'http://x', now: started };
    expect(await staffAppointmentAction(database.db, input)).toMatchObject({
      ok: true,
      key: 'staffAppointments.markedNoShow',
      name: 'Aisyah',
    });
    expect(await staffAppointmentAction(database.db, input)).toMatchObject({
      ok: false,
      key: 'staffAppointments.notConfirmed',
    });
    expect(
      await staffAppointmentAction(database.db, { ...input, form: { action: 'drop tables', booking: 'x' } }),
    ).toMatchObject({ ok: false, status: 400 });
  });

  it('stores only valid embed origins', async () => {
    expect(await embedOriginsFor(database.db, klinik.id)).toEqual([]);
    expect(await saveEmbedOrigins(database.db, klinik.id, ['https://Partner.example/x', "'unsafe-inline'"])).toEqual([
      'https://partner.example',
    ]);
    expect(await embedOriginsFor(database.db, klinik.id)).toEqual(['https://partner.example']);
  });
});
