// The app's statements on the embedded database, side by side in one run: drizzle over PGlite's own
// `query` (six protocol round trips, the parser table copied per call) against drizzle over the
// lean connection the app uses (src/db/pglite-connection.server.ts: one batch, prepared by name).
// Printed: CPU per statement of each and the ratio. Never a timed test.
//
// Run: tsx bench/pglite-statements.bench.ts (or npm run bench). Knob: BENCH_ROUNDS (default 2000).

import { PGlite } from '@electric-sql/pglite';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase } from '#db/client.server.ts';
import { PgliteConnection } from '#db/pglite-connection.server.ts';
import * as schema from '#db/schema/index.ts';
import { seedDemo } from '#demo/demo.server.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const database = await openDatabase({ dataDir: 'memory://' });
await seedDemo(database.db);
if (database.connection.kind !== 'pglite' || !(database.connection.client instanceof PGlite)) {
  throw new Error('PGlite on this thread only');
}
const client = database.connection.client;
const plain = drizzle(client, { schema }) as unknown as Db;
const lean = drizzle(new PgliteConnection(client) as unknown as PGlite, { schema }) as unknown as Db;
const [tenant] = await plain.select().from(schema.tenants).limit(1);
if (!tenant) throw new Error('no demo tenant');

const statements: { name: string; run: (db: Db) => Promise<unknown> }[] = [
  { name: 'select 1', run: (db) => db.execute(sql`select 1`) },
  {
    name: 'a tenant by id (every column)',
    run: (db) => db.select().from(schema.tenants).where(eq(schema.tenants.id, tenant.id)),
  },
  {
    name: "a tenant's active services",
    run: (db) =>
      db
        .select()
        .from(schema.services)
        .where(and(eq(schema.services.tenantId, tenant.id), eq(schema.services.active, true)))
        .orderBy(asc(schema.services.name)),
  },
];

async function cpuPerStatement(db: Db, run: (db: Db) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < ROUNDS / 10; i += 1) await run(db);
  const before = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i += 1) await run(db);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / ROUNDS;
}

console.log(`PGlite statements, ${ROUNDS} rounds each, CPU µs per statement (lower is better)`);
console.log(`${'statement'.padEnd(34)}${'PGlite query'.padStart(14)}${'lean'.padStart(10)}${'ratio'.padStart(8)}`);
for (const statement of statements) {
  // Alternate, twice, and keep the better of each: the machine is shared and noisy.
  const plainRuns: number[] = [];
  const leanRuns: number[] = [];
  for (let pair = 0; pair < 2; pair += 1) {
    plainRuns.push(await cpuPerStatement(plain, statement.run));
    leanRuns.push(await cpuPerStatement(lean, statement.run));
  }
  const p = Math.min(...plainRuns);
  const l = Math.min(...leanRuns);
  console.log(
    `${statement.name.padEnd(34)}${p.toFixed(0).padStart(14)}${l.toFixed(0).padStart(10)}${(p / l).toFixed(2).padStart(8)}`,
  );
}
await database.close();
