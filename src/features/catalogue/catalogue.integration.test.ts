import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { bookings } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { availabilityFeeds, availabilityFor, bookSlot } from '#features/booking/index.server.ts';
import type { Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { wallTimeToInstant } from '#lib/zoned-time.ts';
import { pageCache } from '#server/page-cache/index.ts';
import {
  keepBookingOutsideHours,
  parseOverride,
  parseWeek,
  practitionerForm,
  practitionerSchedule,
  saveDateOverride,
  savePractitioner,
  saveService,
  saveWeeklyHours,
  serviceForm,
  setServiceActive,
} from './index.server.ts';

// A new clinic's catalogue set up through the screens' use cases (no seed): a service, a
// practitioner and hours; availability follows at once; changing the hours leaves a booking
// outside them, listed and not cancelled.
composeApp();

// Monday 1 July 2030, 08:00 in Kuala Lumpur.
const NOW = new Date('2030-07-01T00:00:00Z');
const KL = 'Asia/Kuala_Lumpur';
const kl = (date: string, hour: number) => wallTimeToInstant(date, hour * 60, KL) as Date;
const startsOf = (days: { slots: { start: string }[] }[] | undefined) =>
  (days?.[0]?.slots ?? []).map((s) =>
    new Date(s.start).toLocaleTimeString('en-GB', { timeZone: KL, hour: '2-digit', minute: '2-digit' }),
  );

function ok<T>(parsed: { success: true; data: T } | { success: false }): T {
  if (!parsed.success) throw new Error('form refused');
  return parsed.data;
}
function checked<T>(parsed: { ok: true; value: T } | { ok: false }): T {
  if (!parsed.ok) throw new Error('rule refused');
  return parsed.value;
}

describe.each(testDatabaseKinds)('the catalogue kept through its screens on %s', (kind) => {
  let database: TestDatabase;
  let tenant: Tenant;
  let serviceId = '';
  let resourceId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    tenant = await aTenant(database.db, 'klinik');
  });
  afterAll(async () => {
    await database?.close();
  });

  const day = (date: string) =>
    availabilityFor(database.db, { tenant, serviceId, from: date, to: date, now: NOW }).then((a) => a?.days);

  it('a service, a practitioner and weekly hours make slots on /appointment’s feed at once', async () => {
    const service = await saveService(database.db, tenant.id, {
      id: null,
      values: ok(
        serviceForm(tenant.currency).safeParse({
          name_en: 'Dental check-up',
          name_ms: 'Pemeriksaan gigi',
          duration: '30',
          price: '80',
          payment: 'full',
          buffer_before: '0',
          buffer_after: '0',
          active: 'on',
        }),
      ),
    });
    if (!service.ok) throw new Error(service.reason);
    serviceId = service.id;
    const practitioner = await savePractitioner(database.db, tenant.id, {
      id: null,
      values: ok(
        practitionerForm.safeParse({ name: 'Dr Aina', lang_ms: 'on', [`service_${serviceId}`]: 'on', active: 'on' }),
      ),
    });
    if (!practitioner.ok) throw new Error(practitioner.reason);
    resourceId = practitioner.id;
    expect(await day('2030-07-02')).toEqual([{ date: '2030-07-02', slots: [], status: 'closed' }]);

    const generation = availabilityFeeds().cache.begin(tenant.id);
    const rows = checked(
      parseWeek({ open_2: '09:00', close_2: '12:00', breaks_2: '10:00-11:00', open_1: '09:00', close_1: '17:00' }),
    );
    const saved = await saveWeeklyHours(database.db, tenant, { resourceId, rows, now: NOW });
    expect(saved).toEqual({ ok: true, outside: [] });
    // The tenant's cached feeds were dropped.
    expect(availabilityFeeds().cache.begin(tenant.id)).not.toBe(generation);
    expect(startsOf(await day('2030-07-02'))).toEqual(['09:00', '09:15', '09:30', '11:00', '11:15', '11:30']);

    // Extra hours on a Sunday.
    await saveDateOverride(database.db, tenant, {
      resourceId,
      rows: checked(parseOverride({ from: '2030-07-07', kind: 'hours', hours: '10:00-11:00' })),
      now: NOW,
    });
    expect(startsOf(await day('2030-07-07'))).toEqual(['10:00', '10:15', '10:30']);
    // Hidden: no feed at all, and the tenant's cached appointment pages are dropped (others kept).
    const keep = (key: string, tenantId: string) =>
      pageCache().serve({ key, tenantId, tags: ['catalogue'], ttlSeconds: 60 }, async () => ({
        cacheable: true,
        page: { status: 200, headers: [], body: new TextEncoder().encode(key) },
      }));
    await keep('klinik-appointment', tenant.id);
    await keep('other-appointment', '22222222-2222-4222-8222-222222222222');
    await setServiceActive(database.db, tenant.id, serviceId, false);
    expect(pageCache().get('klinik-appointment')).toBeNull();
    expect(pageCache().get('other-appointment')).not.toBeNull();
    expect(await day('2030-07-02')).toBeUndefined();
    await setServiceActive(database.db, tenant.id, serviceId, true);
  });

  it('hours changed under a booking list it for staff, and cancel nothing', async () => {
    const booked = await bookSlot(database.db, {
      tenant,
      serviceId,
      resourceId,
      start: kl('2030-07-08', 15),
      contact: { name: 'Siti', phone: '+60123456789', email: null },
      locale: 'en',
      now: NOW,
    });
    if (!booked.ok) throw new Error(booked.reason);
    const mornings = checked(parseWeek({ open_1: '09:00', close_1: '13:00' }));
    const saved = await saveWeeklyHours(database.db, tenant, { resourceId, rows: mornings, now: NOW });
    expect(saved.ok && saved.outside.map((b) => b.publicId)).toEqual([booked.booking.publicId]);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booked.booking.id));
    expect(row?.status).toBe(booked.booking.status);
    expect((await practitionerSchedule(database.db, tenant, resourceId, NOW))?.outside).toHaveLength(1);
    // A day off that date lists it too; working the afternoon again clears the list.
    await saveWeeklyHours(database.db, tenant, {
      resourceId,
      rows: checked(parseWeek({ open_1: '09:00', close_1: '18:00' })),
      now: NOW,
    });
    expect((await practitionerSchedule(database.db, tenant, resourceId, NOW))?.outside).toEqual([]);
    const off = await saveDateOverride(database.db, tenant, {
      resourceId,
      rows: checked(parseOverride({ from: '2030-07-08', kind: 'off' })),
      now: NOW,
    });
    expect(off.ok && off.outside).toHaveLength(1);
    // Kept as it is: it leaves the list of bookings to decide on, and stays booked.
    const publicId = booked.booking.publicId;
    expect(await keepBookingOutsideHours(database.db, tenant, { resourceId, publicId, now: NOW })).toBe(true);
    const after = await practitionerSchedule(database.db, tenant, resourceId, NOW);
    expect(after?.outside).toEqual([]);
    expect(after?.kept.map((b) => b.publicId)).toEqual([publicId]);
  });

  it('another tenant’s practitioner is not found, and nothing of it changes', async () => {
    const other = await aTenant(database.db, 'yayasan');
    const rows = checked(parseWeek({ open_3: '09:00', close_3: '10:00' }));
    expect(await saveWeeklyHours(database.db, other, { resourceId, rows, now: NOW })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await practitionerSchedule(database.db, other, resourceId, NOW)).toBeNull();
    const [booking] = await database.db.select().from(bookings).where(eq(bookings.resourceId, resourceId));
    expect(
      await keepBookingOutsideHours(database.db, other, { resourceId, publicId: booking?.publicId ?? '', now: NOW }),
    ).toBe(false);
    expect(await setServiceActive(database.db, other.id, serviceId, false)).toEqual({ ok: false, reason: 'not_found' });
    expect((await practitionerSchedule(database.db, tenant, resourceId, NOW))?.weekly).toEqual([
      { weekday: 1, startMinute: 540, endMinute: 1080 },
    ]);
    expect((await day('2030-07-15'))?.[0]?.status).toBe('available');
  });
});
