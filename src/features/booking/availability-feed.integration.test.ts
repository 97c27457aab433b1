import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { APIContext } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeApp } from '#app.server';
import { bookings } from '#db/schema/index.ts';
import { countQueries, createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { createRealtime } from '#server/realtime/index.ts';
import {
  type AvailabilityFeed,
  availabilityFeed,
  availabilityFeeds,
  availabilityFor,
  bookSlot,
  cancelBooking,
  createAvailabilityFeeds,
  decodeAvailability,
} from './index.server.ts';
import { seedPractitionerMonth } from './test-support';
import { aClinic } from './test-support.ts';

// Settling and booking as the running app does (events registered).
composeApp();

const current = vi.hoisted(() => ({ database: null as TestDatabase | null }));
const { GET } = await import('#pages/api/appointments/[serviceId]/availability.ts');

// Just after 08:00 on Monday 1 July 2030 in Kuala Lumpur: the whole month lies inside the 60-day
// horizon, and the first start (10:15, after 120 minutes of notice) stays offered for minutes.
const NOW = new Date('2030-07-01T00:00:30Z');
const FROM = '2030-07-01';
const TO = '2030-07-31';
const PRACTITIONERS = 20;
/** The byte budget of the gzipped 20-practitioner month (issue 11: well under 20 KB; 2.5 KB today). */
const GZIP_BUDGET = 3_000;
const quiet = { info: () => {}, warn: () => {} };

describe.each(testDatabaseKinds)('the availability feed on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let month: Awaited<ReturnType<typeof seedPractitionerMonth>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    current.database = database;
    klinik = await aClinic(database.db);
    month = await seedPractitionerMonth(database.db, klinik.id, {
      practitioners: PRACTITIONERS,
      month: '2030-07',
      tag: randomBytes(4).toString('hex'),
    });
    availabilityFeeds().cache.clear();
  });
  afterAll(async () => {
    forgetCachedTenants();
    current.database = null;
    await database?.close();
  });

  const request = (overrides: { resourceId?: string; now?: Date } = {}) => ({
    tenant: klinik,
    serviceId: month.serviceId,
    from: FROM,
    to: TO,
    now: NOW,
    ...overrides,
  });

  it('sends a month of 20 practitioners in a few KB, decoding to exactly the long form', async () => {
    availabilityFeeds().cache.clear();
    const answer = await availabilityFeed(database.db, request());
    if (!answer) throw new Error('no feed');
    const long = await availabilityFor(database.db, request());
    const feed = JSON.parse(answer.body) as AvailabilityFeed;
    expect(decodeAvailability(feed)).toEqual(long?.days);
    expect(feed.resources).toHaveLength(PRACTITIONERS);
    const slots = long?.days.reduce((n, d) => n + d.slots.length, 0) ?? 0;
    expect(slots).toBeGreaterThan(500);
    const longBytes = Buffer.byteLength(JSON.stringify(long));
    const gzipped = gzipSync(answer.body).length;
    // Deterministic: the seed, the clock and the encoding are fixed, and uuids have one length
    // (their random digits move the gzipped size by a few bytes, hence a budget there).
    expect({ bytes: Buffer.byteLength(answer.body), long: longBytes }).toEqual({ bytes: 11_446, long: 334_293 });
    expect(gzipped).toBeLessThan(GZIP_BUDGET);
    expect(gzipSync(JSON.stringify(long)).length).toBeGreaterThan(gzipped * 4);
  });

  it('computes a miss in four queries and serves a hit from memory in none', async () => {
    availabilityFeeds().cache.clear();
    const counter = countQueries(database);
    const miss = await availabilityFeed(counter.db, request());
    expect(miss?.cached).toBe(false);
    expect(counter.count()).toBe(4);
    counter.reset();
    const hit = await availabilityFeed(counter.db, request());
    expect(hit?.cached).toBe(true);
    expect(hit?.body).toBe(miss?.body);
    expect(counter.count()).toBe(0);
    // One practitioner, another period: entries of their own.
    expect((await availabilityFeed(counter.db, request({ resourceId: month.resourceIds[0] })))?.cached).toBe(false);
    expect(counter.count()).toBe(4);
  });

  it('never offers a slot taken once the taker’s request returned, nor hides one cancelled', async () => {
    availabilityFeeds().cache.clear();
    const resourceId = month.resourceIds[0] as string;
    const own = async () =>
      decodeAvailability(
        JSON.parse((await availabilityFeed(database.db, request({ resourceId })))?.body ?? '{}') as AvailabilityFeed,
      );
    // A week ahead: far enough to be cancelled online afterwards.
    const slot = (await own()).filter((d) => d.date >= '2030-07-08').flatMap((d) => d.slots)[3];
    if (!slot) throw new Error('no free slot');
    // Cached, any practitioner and this one.
    await availabilityFeed(database.db, request());
    expect((await availabilityFeed(database.db, request({ resourceId })))?.cached).toBe(true);

    const booked = await bookSlot(database.db, {
      tenant: klinik,
      serviceId: month.serviceId,
      resourceId,
      start: new Date(slot.start),
      contact: { name: 'Aisyah', phone: '60123456789', email: null },
      locale: 'en',
      now: NOW,
    });
    expect(booked.ok).toBe(true);
    expect((await own()).flatMap((d) => d.slots).some((s) => s.start === slot.start)).toBe(false);
    const any = decodeAvailability(JSON.parse((await availabilityFeed(database.db, request()))?.body ?? '{}'));
    const sameTime = any.flatMap((d) => d.slots).find((s) => s.start === slot.start);
    expect(sameTime?.resourceIds ?? []).not.toContain(resourceId);

    // Paid at the counter (a held booking becomes confirmed), then cancelled: the time comes back.
    if (!booked.ok) return;
    await database.db
      .update(bookings)
      .set({ status: 'confirmed', holdExpiresAt: null })
      .where(and(eq(bookings.tenantId, klinik.id), eq(bookings.id, booked.booking.id)));
    await availabilityFeed(database.db, request({ resourceId })); // cached again (still taken)
    const cancelled = await cancelBooking(database.db, {
      tenantId: klinik.id,
      publicId: booked.booking.publicId,
      now: NOW,
    });
    expect(cancelled.ok).toBe(true);
    expect((await own()).flatMap((d) => d.slots).some((s) => s.start === slot.start)).toBe(true);
  });

  it('keeps an entry no longer than the clock allows: a start falling inside the notice is recomputed', async () => {
    availabilityFeeds().cache.clear();
    // 08:14:50 local: with 120 minutes of notice the first start is 10:15, offered for 10 s more.
    const at = (seconds: number) => new Date(Date.parse('2030-07-01T00:14:50Z') + seconds * 1000);
    const starts = (body = '{}') => decodeAvailability(JSON.parse(body)).flatMap((d) => d.slots.map((s) => s.start));
    const first = await availabilityFeed(database.db, request({ now: at(0) }));
    expect(starts(first?.body)[0]).toBe('2030-07-01T02:15:00.000Z');
    expect((await availabilityFeed(database.db, request({ now: at(9) })))?.cached).toBe(true);
    // Within the time to live, but 10:15 is now inside the notice: computed afresh, without it.
    const later = await availabilityFeed(database.db, request({ now: at(11) }));
    expect(later?.cached).toBe(false);
    expect(starts(later?.body)[0]).toBe('2030-07-01T02:30:00.000Z');
  });

  it('answers with a validator and a 304 for it; the policy keeps it revalidated', async () => {
    const url = new URL(
      `http://klinik.localhost/api/appointments/${month.serviceId}/availability?from=${FROM}&to=${TO}&resource=any`,
    );
    const call = (headers: Record<string, string> = {}) =>
      GET({
        url,
        params: { serviceId: month.serviceId },
        request: new Request(url, { headers }),
        locals: { tenant: klinik, t: translator('en'), db: current.database?.db },
      } as unknown as APIContext);
    const first = await call();
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag') as string;
    expect(etag).toMatch(/^W\/"/);
    expect(((await first.json()) as AvailabilityFeed).resources).toHaveLength(PRACTITIONERS);
    const revalidated = await call({ 'If-None-Match': etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('drops the feeds of another instance when a booking changes here', async () => {
    // Two instances on PostgreSQL (LISTEN/NOTIFY between them); on PGlite one process, one hub.
    const notify = async (channel: string, payload: string) => {
      await database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
    };
    const postgres = database.url ? { connectionString: database.url, notify } : undefined;
    const here = createRealtime({ log: quiet, postgres });
    const there = postgres ? createRealtime({ log: quiet, postgres }) : here;
    try {
      await Promise.all([here.ready(), there.ready()]);
      let heard: (tenantId: string) => void = () => {};
      const heardThere = new Promise<string>((resolve) => {
        heard = resolve;
      });
      const feedsHere = createAvailabilityFeeds({ realtime: () => here });
      const feedsThere = createAvailabilityFeeds({ realtime: () => there, onRemoteChange: (t) => heard(t) });
      const resourceId = month.resourceIds[1] as string;
      const before = await feedsThere.feed(database.db, request({ resourceId }));
      expect((await feedsThere.feed(database.db, request({ resourceId })))?.cached).toBe(true);
      const slot = decodeAvailability(JSON.parse(before?.body ?? '{}')).flatMap((d) => d.slots)[0];
      if (!slot) throw new Error('no free slot');
      // Another instance takes the time and says so after its commit.
      const startsAt = new Date(slot.start);
      await database.db.insert(bookings).values({
        tenantId: klinik.id,
        publicId: `x${randomBytes(9).toString('base64url')}`,
        serviceId: month.serviceId,
        resourceId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        blocksFrom: new Date(startsAt.getTime() - 5 * 60_000),
        blocksUntil: new Date(startsAt.getTime() + 35 * 60_000),
        status: 'confirmed',
        contactName: 'Test',
      });
      await feedsHere.changed(klinik.id);
      expect(await heardThere).toBe(klinik.id);
      const after = await feedsThere.feed(database.db, request({ resourceId }));
      expect(after?.cached).toBe(false);
      expect(decodeAvailability(JSON.parse(after?.body ?? '{}')).flatMap((d) => d.slots)[0]?.start).not.toBe(
        slot.start,
      );
    } finally {
      await Promise.all([here.close(), there.close()].slice(0, here === there ? 1 : 2));
    }
  });
});
