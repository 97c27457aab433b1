// A month of availability for one service with 20 practitioners and 5,000 existing bookings,
// measured side by side in one run (never a timed test):
//   ours      — availabilityFor: a fixed handful of queries, then one in-memory sweep;
//   per-day   — the common shape elsewhere: the same set-up queries, then one query for the
//               busy rows of each day and that day computed on its own (31 more queries).
// Both must produce the same days. Run on an in-memory PGlite, and on a fresh PostgreSQL database
// too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (bench/databases.ts). Run: npm run bench (or tsx bench/availability.bench.ts)
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '#db/client.server.ts';
import * as schema from '#db/schema/index.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { availabilityFor } from '#features/booking/availability.server.ts';
import { type Availability, type AvailabilityDay, computeAvailability } from '#features/booking/availability.ts';
import {
  loadBlockedDates,
  loadBusy,
  loadEligibleResources,
  loadServiceWithSettings,
} from '#features/booking/availability-repo.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { addDays, dayClock, wallTimeToInstant, weekdayOf } from '#lib/zoned-time.ts';
import { type BenchDatabaseKind, benchDatabaseKinds, openBenchDatabase } from './databases';

const { blockedDates, bookingSettings, bookings, resourceHours, resources, serviceResources, services } = schema;

const PRACTITIONERS = 20;
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const FROM = '2030-07-01';
const TO = '2030-07-31';
// 08:00 on 1 July 2030 in Kuala Lumpur: the whole month is inside the 60-day horizon.
const NOW = new Date('2030-07-01T00:00:00Z');
const at = (hour: number, minute = 0) => hour * 60 + minute;

/** Deterministic pseudo-random numbers, so every run books the same month. */
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

/** A second drizzle instance over the same connection that counts the statements it sends. */
function counting(database: Database): { db: Db; count: () => number; reset: () => void } {
  let queries = 0;
  const logger = {
    logQuery: () => {
      queries += 1;
    },
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const db =
    database.kind === 'pglite'
      ? (drizzlePglite(client as PGlite, { schema, logger }) as unknown as Db)
      : (drizzleNodePg(client as pg.Pool, { schema, logger }) as unknown as Db);
  return {
    db,
    count: () => queries,
    reset: () => {
      queries = 0;
    },
  };
}

interface Catalogue {
  serviceId: string;
  serviceIds: string[];
  resourceIds: string[];
  /** The tenant's booking settings before the bench, to put back on a shared database. */
  previousSettings: typeof bookingSettings.$inferSelect | undefined;
}

async function seedMonth(db: Db, tenant: Tenant): Promise<Catalogue> {
  const random = prng(20300701);
  const tenantId = tenant.id;
  const tag = randomBytes(4).toString('hex');
  const [previousSettings] = await db.select().from(bookingSettings).where(eq(bookingSettings.tenantId, tenantId));
  await db
    .insert(bookingSettings)
    .values({ tenantId, minNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15 })
    .onConflictDoUpdate({
      target: bookingSettings.tenantId,
      set: { minNoticeMinutes: 120, horizonDays: 60, slotIntervalMinutes: 15 },
    });
  const [consult, followUp] = await db
    .insert(services)
    .values([
      {
        tenantId,
        slug: `bench-consult-${tag}`,
        name: { en: 'Consultation' },
        description: { en: 'Bench' },
        durationMinutes: 30,
        price: 6000,
        bufferBeforeMinutes: 5,
        bufferAfterMinutes: 5,
      },
      {
        tenantId,
        slug: `bench-follow-up-${tag}`,
        name: { en: 'Follow-up' },
        description: { en: 'Bench' },
        durationMinutes: 15,
        price: 3000,
      },
    ])
    .returning({ id: services.id });
  if (!consult || !followUp) throw new Error('services not created');
  const created = await db
    .insert(resources)
    .values(Array.from({ length: PRACTITIONERS }, (_, i) => ({ tenantId, name: `Dr Bench ${i + 1} ${tag}` })))
    .returning({ id: resources.id });
  const resourceIds = created.map((r) => r.id);
  await db.insert(serviceResources).values(
    resourceIds.flatMap((resourceId) => [
      { tenantId, serviceId: consult.id, resourceId },
      { tenantId, serviceId: followUp.id, resourceId },
    ]),
  );
  await db
    .insert(resourceHours)
    .values(resourceIds.flatMap((resourceId, i) => rota(i).map((h) => ({ tenantId, resourceId, ...h }))));
  // A public holiday, and a few days of leave.
  await db
    .insert(blockedDates)
    .values([
      { tenantId, date: '2030-07-22', resourceId: null, reason: { en: 'Holiday' } },
      ...[3, 8, 11, 17].flatMap((r) =>
        [0, 1, 2].map((d) => ({ tenantId, resourceId: resourceIds[r] as string, date: addDays('2030-07-08', r + d) })),
      ),
    ]);

  // Fill the month: per practitioner and working day, back-to-back appointments with random
  // gaps (consultations block 40 minutes with their buffers, follow-ups 15), then keep 5,000.
  const candidates: (typeof bookings.$inferInsert)[] = [];
  for (let day = FROM; day <= TO; day = addDays(day, 1)) {
    const clock = dayClock(day, tenant.timeZone);
    resourceIds.forEach((resourceId, i) => {
      for (const hours of rota(i).filter((h) => h.weekday === weekdayOf(day))) {
        let cursor = hours.startMinute;
        for (;;) {
          const consultation = random() < 0.4;
          const [before, length, after] = consultation ? [5, 30, 5] : [0, 15, 0];
          const gap = [0, 0, 0, 15, 30][Math.floor(random() * 5)] ?? 0;
          const start = cursor + gap + before;
          if (start + length + after > hours.endMinute) break;
          const startsAt = clock.instant(start) as number;
          candidates.push({
            tenantId,
            publicId: `b-${tag}-${candidates.length}`,
            serviceId: consultation ? consult.id : followUp.id,
            resourceId,
            startsAt: new Date(startsAt),
            endsAt: new Date(startsAt + length * 60_000),
            blocksFrom: new Date(startsAt - before * 60_000),
            blocksUntil: new Date(startsAt + (length + after) * 60_000),
            status: 'confirmed',
            contactName: 'Bench',
          });
          cursor = start + length + after;
        }
      }
    });
  }
  if (candidates.length < BOOKINGS) throw new Error(`only room for ${candidates.length} bookings`);
  for (let i = candidates.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    const swapped = candidates[i] as (typeof candidates)[number];
    candidates[i] = candidates[j] as (typeof candidates)[number];
    candidates[j] = swapped;
  }
  const chosen = candidates.slice(0, BOOKINGS);
  for (let i = 0; i < chosen.length; i += 1000) await db.insert(bookings).values(chosen.slice(i, i + 1000));
  return { serviceId: consult.id, serviceIds: [consult.id, followUp.id], resourceIds, previousSettings };
}

/** The per-day shape: set-up queries, then the busy rows of each day fetched and computed alone. */
async function perDayAvailability(db: Db, tenant: Tenant, serviceId: string): Promise<Availability> {
  const service = await loadServiceWithSettings(db, tenant.id, serviceId);
  if (!service) throw new Error('service not found');
  const eligible = await loadEligibleResources(db, tenant.id, serviceId);
  const ids = eligible.map((r) => r.id);
  const blocked = await loadBlockedDates(db, tenant.id, ids, { from: FROM, to: TO });
  const days: AvailabilityDay[] = [];
  for (let day = FROM; day <= TO; day = addDays(day, 1)) {
    const clock = dayClock(day, tenant.timeZone);
    const busy = await loadBusy(db, tenant.id, ids, {
      from: new Date(clock.atOrAfter(0) - service.bufferBeforeMinutes * 60_000),
      until: new Date(clock.atOrAfter(1440) + service.bufferAfterMinutes * 60_000),
      now: NOW,
    });
    const result = computeAvailability({
      timeZone: tenant.timeZone,
      from: day,
      to: day,
      now: NOW,
      settings: service.settings,
      service,
      resources: eligible,
      blockedDates: blocked,
      busy,
    });
    days.push(...result.days);
  }
  return { days };
}

async function median(runs: number, task: () => Promise<unknown>): Promise<number> {
  await task(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function bench(label: string, kind: BenchDatabaseKind) {
  const started = performance.now();
  const database = await openBenchDatabase(kind);
  try {
    await seedDemo(database.db);
    forgetCachedTenants(); // the cache is per process, not per database
    const tenant = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant | null;
    if (!tenant) throw new Error('the demo clinic tenant (klinik.localhost) is missing');
    const catalogue = await seedMonth(database.db, tenant);
    const setupMs = performance.now() - started;
    const request = { tenant, serviceId: catalogue.serviceId, from: FROM, to: TO, now: NOW };

    const counted = counting(database);
    const ours = await availabilityFor(counted.db, request);
    const ourQueries = counted.count();
    counted.reset();
    const naive = await perDayAvailability(counted.db, tenant, catalogue.serviceId);
    const naiveQueries = counted.count();
    if (!ours) throw new Error('no availability');
    const same = JSON.stringify(ours) === JSON.stringify(naive);

    const oursMs = await median(RUNS, () => availabilityFor(database.db, request));
    const naiveMs = await median(RUNS, () => perDayAvailability(database.db, tenant, catalogue.serviceId));

    // The in-memory part alone, on the rows availabilityFor loads.
    const service = await loadServiceWithSettings(database.db, tenant.id, catalogue.serviceId);
    const eligible = await loadEligibleResources(database.db, tenant.id, catalogue.serviceId);
    const ids = eligible.map((r) => r.id);
    const blocked = await loadBlockedDates(database.db, tenant.id, ids, { from: FROM, to: TO });
    const busy = await loadBusy(database.db, tenant.id, ids, {
      from: new Date(Date.parse(FROM) - 86_400_000),
      until: new Date(Date.parse(addDays(TO, 2))),
      now: NOW,
    });
    if (!service) throw new Error('service not found');
    const input = {
      timeZone: tenant.timeZone,
      from: FROM,
      to: TO,
      now: NOW,
      settings: service.settings,
      service,
      resources: eligible,
      blockedDates: blocked,
      busy,
    };
    const computeMs = await median(RUNS * 3, async () => computeAvailability(input));

    const slots = ours.days.reduce((n, d) => n + d.slots.length, 0);
    const statuses = ours.days.reduce<Record<string, number>>((acc, d) => {
      acc[d.status] = (acc[d.status] ?? 0) + 1;
      return acc;
    }, {});
    const firstNine = wallTimeToInstant('2030-07-02', at(9), tenant.timeZone)?.toISOString();
    const nine = ours.days[1]?.slots.find((s) => s.start === firstNine);
    console.log(`database: ${label}; ${PRACTITIONERS} practitioners, ${BOOKINGS} confirmed bookings in July 2030`);
    console.log(`  set-up (open, seed, catalogue): ${(setupMs / 1000).toFixed(1)} s`);
    console.log(
      `  result: ${ours.days.length} days (${Object.entries(statuses)
        .map(([s, n]) => `${n} ${s}`)
        .join(
          ', ',
        )}), ${slots} start times, ${busy.length} busy rows; 09:00 on 2 July free for ${nine?.resourceIds.length ?? 0}`,
    );
    console.log(`  ours:     ${oursMs.toFixed(1)} ms (median of ${RUNS}), ${ourQueries} queries`);
    console.log(`  per-day:  ${naiveMs.toFixed(1)} ms (median of ${RUNS}), ${naiveQueries} queries`);
    console.log(
      `  ratio per-day / ours: ${(naiveMs / oursMs).toFixed(2)}× time, ${naiveQueries / ourQueries}× queries`,
    );
    console.log(`  in-memory sweep alone: ${computeMs.toFixed(2)} ms (median of ${RUNS * 3})`);
    console.log(same ? '  both give the same days and slots' : '  RESULTS DIFFER');
    console.log(`  (load average ${loadavg()[0]?.toFixed(1)}: times are comparable within this run only)`);

    return same;
  } finally {
    await database.close();
  }
}

async function main() {
  let ok = true;
  for (const kind of benchDatabaseKinds)
    ok = (await bench(kind === 'pglite' ? 'pglite (in memory)' : 'postgres', kind)) && ok;
  if (!ok) process.exit(1);
}

await main();
