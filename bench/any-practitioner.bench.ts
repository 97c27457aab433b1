// "Any practitioner" under contention, measured side by side in one run (ratios, never a timed
// test): N concurrent attempts on one slot that K practitioners offer vs N attempts on distinct
// slots, through two pools when on PostgreSQL (two app instances). Checks: exactly min(N, K) win,
// the rest are told "just taken", none fails (a deadlock would be a 500). Run: npm run bench
// (BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL: a fresh database is created and dropped there).
import { and, eq } from 'drizzle-orm';
import { type Db, openDatabase } from '#db/client.server.ts';
import { services } from '#db/schema/index.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { bookSlot } from '#features/booking/index.server.ts';
import { resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { benchServerUrl, freshPostgresDatabase } from './databases';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 100);
const PRACTITIONERS = 3; // the demo's general consultation
const NOW = new Date('2026-11-23T00:00:00Z'); // Monday 08:00 in Kuala Lumpur
const contact = { name: 'Bench', phone: '60123456789', email: null };

async function main() {
  const fresh = benchServerUrl ? await freshPostgresDatabase() : undefined;
  const url = fresh?.url;
  const database = await openDatabase(url ? { url } : { dataDir: 'memory://' });
  const second = url ? await openDatabase({ url }) : null;
  const pools: Db[] = second ? [database.db, second.db] : [database.db];
  await seedDemo(database.db);
  const tenant = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
  const [service] = await database.db
    .select()
    .from(services)
    .where(and(eq(services.tenantId, tenant.id), eq(services.slug, 'general-consultation')));
  if (!service) throw new Error('demo catalogue missing');
  const attempt = (i: number, start: Date) =>
    bookSlot(pools[i % pools.length] as Db, {
      tenant,
      serviceId: service.id,
      resourceId: 'any',
      start,
      contact,
      locale: 'en',
      now: NOW,
    });
  const run = async (starts: Date[]) => {
    const started = performance.now();
    const outcomes = await Promise.allSettled(starts.map((start, i) => attempt(i, start)));
    const ms = performance.now() - started;
    const won = outcomes.filter((o) => o.status === 'fulfilled' && o.value.ok).length;
    const taken = outcomes.filter((o) => o.status === 'fulfilled' && !o.value.ok && o.value.reason === 'slot_taken');
    const failed = outcomes.filter((o) => o.status === 'rejected').length;
    return { won, taken: taken.length, failed, rate: (starts.length / ms) * 1000 };
  };

  // Contended: every attempt wants Tuesday 10:00 with whoever is free.
  const contended = await run(Array.from({ length: ATTEMPTS }, () => new Date('2026-11-24T10:00:00+08:00')));
  // Distinct: one attempt per 15-minute slot over the following weekdays.
  const starts: Date[] = [];
  for (let day = 0; starts.length < ATTEMPTS && day < 30; day += 1) {
    const date = new Date(Date.UTC(2026, 10, 25 + day));
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    const ymd = date.toISOString().slice(0, 10);
    if (ymd === '2026-12-25') continue;
    for (let minute = 9 * 60; minute < 18 * 60 && starts.length < ATTEMPTS; minute += 15) {
      if (minute >= 13 * 60 && minute < 14 * 60) continue;
      const hh = String(Math.floor(minute / 60)).padStart(2, '0');
      starts.push(new Date(`${ymd}T${hh}:${String(minute % 60).padStart(2, '0')}:00+08:00`));
    }
  }
  const distinct = await run(starts);

  console.log(`database: ${database.kind}${second ? ' (two pools)' : ''}`);
  console.log(
    `contended: ${ATTEMPTS} "any" attempts on one slot, ${PRACTITIONERS} practitioners → ${contended.won} won, ${contended.taken} just taken, ${contended.failed} failed, ${contended.rate.toFixed(0)} attempts/s`,
  );
  console.log(
    `distinct:  ${starts.length} "any" attempts on distinct slots → ${distinct.won} won, ${distinct.failed} failed, ${distinct.rate.toFixed(0)} attempts/s`,
  );
  console.log(`ratio contended/distinct speed: ${(contended.rate / distinct.rate).toFixed(2)}×`);
  await second?.close();
  await database.close();
  await fresh?.drop();
  const expected = Math.min(ATTEMPTS, PRACTITIONERS);
  if (contended.won !== expected || contended.taken !== ATTEMPTS - expected || contended.failed + distinct.failed > 0)
    process.exit(1);
}

await main();
