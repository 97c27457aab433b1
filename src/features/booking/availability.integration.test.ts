import { randomBytes } from 'node:crypto';
import { and, between, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/client.server.ts';
import * as schema from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { HttpError } from '#lib/http-error.ts';
import { wallTimeToInstant } from '#lib/zoned-time.ts';
import { availabilityFor } from './availability.server';
import { aClinic } from './test-support.ts';

const { blockedDates, bookingSettings, bookings, resourceHours, resources, serviceResources, services } = schema;

const at = (hour: number, minute = 0) => hour * 60 + minute;
const KL_TIME = (date: string, hour: number, minute = 0) =>
  wallTimeToInstant(date, at(hour, minute), 'Asia/Kuala_Lumpur') as Date;
/** Local HH:mm of the slots of one day. */
const localStarts = (slots: { start: string }[] = []) =>
  slots.map((s) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kuala_Lumpur',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(s.start)),
  );

// Monday 4 March 2030, 08:00 in Kuala Lumpur: far from anything the demo seed may hold.
const NOW = new Date('2030-03-04T00:00:00Z');

describe.each(testDatabaseKinds)('availability on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let peduli: Tenant;
  let serviceId: string;
  let inactiveServiceId: string;
  const ids: Record<'aisyah' | 'budi' | 'chandra' | 'dahlia' | 'eko', string> = {
    aisyah: '',
    budi: '',
    chandra: '',
    dahlia: '',
    eko: '',
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aClinic(database.db);
    peduli = await aTenant(database.db, 'peduli');
    expect(klinik.timeZone).toBe('Asia/Kuala_Lumpur');
    const db = database.db;
    const tenantId = klinik.id;

    // Our own catalogue; nothing the demo seed might put in this period may interfere.
    await db.delete(bookingSettings).where(eq(bookingSettings.tenantId, tenantId));
    await db
      .delete(blockedDates)
      .where(and(eq(blockedDates.tenantId, tenantId), between(blockedDates.date, '2030-03-01', '2030-04-30')));
    const slug = `avail-${randomBytes(4).toString('hex')}`;
    const [service, inactive] = await db
      .insert(services)
      .values([
        {
          tenantId,
          slug,
          name: { en: 'Consultation' },
          description: { en: 'Test' },
          durationMinutes: 30,
          price: 5000,
          bufferAfterMinutes: 10,
        },
        {
          tenantId,
          slug: `${slug}-old`,
          name: { en: 'Old' },
          description: { en: 'Test' },
          durationMinutes: 30,
          price: 5000,
          active: false,
        },
      ])
      .returning({ id: services.id });
    serviceId = service?.id as string;
    inactiveServiceId = inactive?.id as string;

    const created = await db
      .insert(resources)
      .values(
        (['aisyah', 'budi', 'chandra', 'dahlia', 'eko'] as const).map((name) => ({
          tenantId,
          name: `Dr ${name[0]?.toUpperCase()}${name.slice(1)} (test)`,
          active: name !== 'dahlia',
        })),
      )
      .returning({ id: resources.id, name: resources.name });
    for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
      ids[key] = created.find((r) => r.name.toLowerCase().includes(key))?.id as string;
    }
    // Eko works but does not deliver the service; Dahlia delivers it but is inactive.
    await db
      .insert(serviceResources)
      .values(
        [ids.aisyah, ids.budi, ids.chandra, ids.dahlia].map((resourceId) => ({ tenantId, serviceId, resourceId })),
      );
    const weekdays = (resourceId: string, days: number[]) =>
      days.flatMap((weekday) => [
        { tenantId, resourceId, weekday, startMinute: at(9), endMinute: at(12) },
        { tenantId, resourceId, weekday, startMinute: at(14), endMinute: at(17) },
      ]);
    await db
      .insert(resourceHours)
      .values([
        ...weekdays(ids.aisyah, [1, 2, 3, 4, 5]),
        ...weekdays(ids.budi, [1, 2, 3]),
        ...weekdays(ids.chandra, [1, 2, 3, 4, 5]),
        ...weekdays(ids.dahlia, [1, 2, 3, 4, 5, 6]),
        ...weekdays(ids.eko, [1, 2, 3, 4, 5, 6]),
      ]);
    await db.insert(blockedDates).values([
      { tenantId, date: '2030-03-08', resourceId: null, reason: { en: 'Holiday' } },
      { tenantId, date: '2030-03-06', resourceId: ids.chandra, reason: { en: 'Leave' } },
      // Another tenant's holiday is not ours.
      { tenantId: peduli.id, date: '2030-03-07', resourceId: null, reason: { en: 'Theirs' } },
    ]);

    const booking = (
      resourceId: string,
      hour: number,
      status: (typeof bookings.$inferInsert)['status'],
      holdExpiresAt: Date | null = null,
    ) => {
      const startsAt = KL_TIME('2030-03-05', hour);
      const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
      return {
        tenantId,
        publicId: `t-${randomBytes(6).toString('hex')}`,
        serviceId,
        resourceId,
        startsAt,
        endsAt,
        blocksFrom: startsAt,
        blocksUntil: new Date(endsAt.getTime() + 10 * 60_000),
        status,
        holdExpiresAt,
        contactName: 'Test',
      };
    };
    await db.insert(bookings).values([
      booking(ids.aisyah, 9, 'confirmed'),
      booking(ids.aisyah, 10, 'held', new Date(NOW.getTime() - 60_000)), // expired: frees its time
      booking(ids.aisyah, 11, 'held', new Date(NOW.getTime() + 5 * 60_000)), // still held: blocks
      booking(ids.aisyah, 14, 'requested'), // awaiting approval: blocks
      booking(ids.aisyah, 15, 'cancelled'),
      booking(ids.aisyah, 16, 'declined'),
      booking(ids.eko, 9, 'confirmed'),
    ]);
  });

  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const ask = (overrides: Partial<Parameters<typeof availabilityFor>[1]> = {}, db: Db = database.db) =>
    availabilityFor(db, { tenant: klinik, serviceId, from: '2030-03-04', to: '2030-03-10', now: NOW, ...overrides });

  it('uses the default settings without a booking_settings row (2 h notice, every 15 minutes)', async () => {
    const result = await ask({ from: '2030-03-04', to: '2030-03-04' });
    const starts = localStarts(result?.days[0]?.slots);
    expect(starts.slice(0, 3)).toEqual(['10:00', '10:15', '10:30']);
    expect(result?.days[0]?.slots[0]?.resourceIds.sort()).toEqual([ids.aisyah, ids.budi, ids.chandra].sort());
  });

  describe('with settings', () => {
    beforeAll(async () => {
      await database.db
        .insert(bookingSettings)
        .values({ tenantId: klinik.id, minNoticeMinutes: 60, horizonDays: 30, slotIntervalMinutes: 30 })
        .onConflictDoUpdate({
          target: bookingSettings.tenantId,
          set: { minNoticeMinutes: 60, horizonDays: 30, slotIntervalMinutes: 30 },
        });
    });

    it('gives each day its status', async () => {
      const result = await ask();
      expect(result?.days.map((d) => [d.date, d.status])).toEqual([
        ['2030-03-04', 'available'],
        ['2030-03-05', 'available'],
        ['2030-03-06', 'available'],
        ['2030-03-07', 'available'], // the other tenant's holiday
        ['2030-03-08', 'blocked'],
        ['2030-03-09', 'closed'], // Saturday: only inactive Dahlia and unrelated Eko work
        ['2030-03-10', 'closed'],
      ]);
    });

    it('offers one practitioner’s free time: expired holds and cancellations free it, requests and live holds keep it', async () => {
      const result = await ask({ resourceId: ids.aisyah, from: '2030-03-05', to: '2030-03-05' });
      // 30 minutes + 10 after, every 30 minutes, inside 09–12 and 14–17.
      expect(localStarts(result?.days[0]?.slots)).toEqual(['10:00', '15:00', '15:30', '16:00']);
      expect(result?.days[0]?.slots[0]).toEqual({
        start: '2030-03-05T02:00:00.000Z',
        end: '2030-03-05T02:30:00.000Z',
        resourceIds: [ids.aisyah],
      });
    });

    it('lists every free practitioner for "any"', async () => {
      const result = await ask({ from: '2030-03-05', to: '2030-03-06' });
      const [tuesday, wednesday] = result?.days ?? [];
      const nine = tuesday?.slots.find((s) => s.start === KL_TIME('2030-03-05', 9).toISOString());
      expect(nine?.resourceIds.sort()).toEqual([ids.budi, ids.chandra].sort());
      const ten = tuesday?.slots.find((s) => s.start === KL_TIME('2030-03-05', 10).toISOString());
      expect(ten?.resourceIds.sort()).toEqual([ids.aisyah, ids.budi, ids.chandra].sort());
      // Chandra is on leave on Wednesday; Dahlia (inactive) and Eko (other services) never show.
      const all = new Set(wednesday?.slots.flatMap((s) => s.resourceIds));
      expect([...all].sort()).toEqual([ids.aisyah, ids.budi].sort());
      expect(localStarts(tuesday?.slots)).toEqual([
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '14:00',
        '14:30',
        '15:00',
        '15:30',
        '16:00',
      ]);
    });

    it('applies notice today and the horizon', async () => {
      const result = await ask({ from: '2030-03-04', to: '2030-04-03' });
      expect(result?.days).toHaveLength(31);
      expect(localStarts(result?.days[0]?.slots)[0]).toBe('09:00'); // 08:00 + 60 minutes
      expect(result?.days.at(-2)).toMatchObject({ date: '2030-04-02', status: 'available' });
      expect(result?.days.at(-1)).toMatchObject({ date: '2030-04-03', status: 'closed' }); // today + 30
    });

    it('answers null for an unknown or inactive service, another tenant, or a resource that does not deliver it', async () => {
      expect(await ask({ serviceId: inactiveServiceId })).toBeNull();
      expect(await ask({ serviceId: '00000000-0000-4000-8000-000000000000' })).toBeNull();
      expect(await ask({ serviceId: 'not-a-uuid' })).toBeNull();
      expect(await ask({ tenant: peduli })).toBeNull();
      expect(await ask({ resourceId: ids.eko })).toBeNull();
      expect(await ask({ resourceId: ids.dahlia })).toBeNull();
      await expect(ask({ from: '2030-03-04', to: '2030-09-04' })).rejects.toBeInstanceOf(HttpError);
      await expect(ask({ from: '2030-02-30' })).rejects.toBeInstanceOf(HttpError);
    });

    it('uses four queries whatever the number of resources, days or bookings', async () => {
      const counting = countQueries(database);
      const counts: number[] = [];
      for (const overrides of [
        { from: '2030-03-05', to: '2030-03-05' },
        { from: '2030-03-04', to: '2030-04-03' },
        { from: '2030-03-04', to: '2030-04-03', resourceId: ids.aisyah },
      ]) {
        counting.reset();
        const result = await ask(overrides, counting.db);
        expect(result?.days.length).toBeGreaterThan(0);
        counts.push(counting.count());
      }
      expect(counts).toEqual([4, 4, 4]);
      expect(Math.max(...counts)).toBeLessThanOrEqual(6);
      counting.reset();
      expect(await ask({ serviceId: inactiveServiceId }, counting.db)).toBeNull();
      expect(counting.count()).toBe(1);
    });
  });
});
