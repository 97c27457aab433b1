// Concurrent hold attempts per second with zero double bookings, measured side by side:
// contended (everyone wants the same practitioner's slot) vs uncontended (distinct slots).
// Run: npm run bench (BENCH_DATABASE_URL for PostgreSQL).
import { and, eq, inArray } from 'drizzle-orm';
import { bookings, serviceResources, services } from '#db/schema/index.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { bookSlot } from '#features/booking/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { type BenchDatabaseKind, benchDatabaseKinds, openBenchDatabase } from './databases';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 200);
const NOW = new Date('2026-11-23T00:00:00Z'); // Monday 08:00 in Kuala Lumpur
const contact = { name: 'Bench', phone: '60123456789', email: null };

async function bench(kind: BenchDatabaseKind): Promise<boolean> {
  const database = await openBenchDatabase(kind);
  await seedDemo(database.db);
  forgetCachedTenants(); // the cache is per process, not per database
  const tenant = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
  const [service] = await database.db
    .select()
    .from(services)
    .where(and(eq(services.tenantId, tenant.id), eq(services.slug, 'general-consultation')));
  if (!service) throw new Error('demo catalogue missing');
  const [link] = await database.db.select().from(serviceResources).where(eq(serviceResources.serviceId, service.id));
  const doctor = link?.resourceId ?? '';
  const attempt = (start: Date) =>
    bookSlot(database.db, {
      tenant,
      serviceId: service.id,
      resourceId: doctor,
      start,
      contact,
      locale: 'en',
      now: NOW,
    });

  // Contended: every attempt wants Tuesday 10:00 with the same doctor.
  const contendedStart = new Date('2026-11-24T10:00:00+08:00');
  let started = performance.now();
  const contended = await Promise.all(Array.from({ length: ATTEMPTS }, () => attempt(contendedStart)));
  const contendedMs = performance.now() - started;

  // Uncontended: distinct 15-minute slots over the following weekdays.
  const starts: Date[] = [];
  for (let day = 0; starts.length < ATTEMPTS && day < 30; day += 1) {
    const date = new Date(Date.UTC(2026, 10, 25 + day));
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue; // weekdays only: Saturday closes at 13:00
    const ymd = date.toISOString().slice(0, 10);
    if (ymd === '2026-12-25') continue; // public holiday
    for (let minute = 9 * 60; minute < 18 * 60 && starts.length < ATTEMPTS; minute += 15) {
      if (minute >= 13 * 60 && minute < 14 * 60) continue; // lunch break
      const hh = String(Math.floor(minute / 60)).padStart(2, '0');
      const mm = String(minute % 60).padStart(2, '0');
      starts.push(new Date(`${ymd}T${hh}:${mm}:00+08:00`));
    }
  }
  started = performance.now();
  const spread = await Promise.all(starts.map((start) => attempt(start)));
  const spreadMs = performance.now() - started;

  const rows = await database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.resourceId, doctor), inArray(bookings.status, ['held', 'requested', 'confirmed'])));
  const sorted = rows
    .map((r) => [r.blocksFrom.getTime(), r.blocksUntil.getTime()] as const)
    .sort((a, b) => a[0] - b[0]);
  const overlaps = sorted.filter((range, i) => i > 0 && range[0] < (sorted[i - 1]?.[1] ?? 0)).length;

  const contendedRate = (ATTEMPTS / contendedMs) * 1000;
  const spreadRate = (starts.length / spreadMs) * 1000;
  console.log(`database: ${database.kind}`);
  console.log(
    `contended: ${ATTEMPTS} attempts on one slot → ${contended.filter((r) => r.ok).length} won, ${contendedRate.toFixed(0)} attempts/s`,
  );
  console.log(
    `distinct:  ${starts.length} attempts on distinct slots → ${spread.filter((r) => r.ok).length} won, ${spreadRate.toFixed(0)} attempts/s`,
  );
  console.log(`ratio contended/distinct speed: ${(contendedRate / spreadRate).toFixed(2)}×`);
  console.log(`double bookings for the practitioner: ${overlaps}`);
  await database.close();
  return overlaps === 0 && contended.filter((r) => r.ok).length === 1;
}

let ok = true;
for (const kind of benchDatabaseKinds) ok = (await bench(kind)) && ok;
if (!ok) process.exit(1);
