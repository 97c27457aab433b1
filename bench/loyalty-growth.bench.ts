// Loyalty growth (issue 25, "costs flat in data"): a member with 100 ledger entries against one
// with 100,000 (earns each spent by a redemption, as years of use leave them, plus a few live lots),
// timing the member panel read (GET /api/loyalty/{id}/me's use case) and an earn, and a redemption,
// in interleaved rounds; prints the median of each and the large/small ratio (target ≤ 1.5×).
// "all lots" is what the panel read before the kept balance: every lot of the member into JS.
// Run: npx tsx bench/loyalty-growth.bench.ts (BENCH_DATABASE_URL or TEST_DATABASE_URL for
// PostgreSQL; BENCH_LEDGER=100000 and BENCH_ROUNDS=15 by default).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { customers, loyaltyLots, loyaltyMembers, loyaltyProgrammes } from '#db/schema/index.ts';
import { transaction } from '#db/transaction.server.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { checkLedger, credit, debit, memberPanel } from '#features/loyalty/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { type BenchDatabaseKind, benchDatabaseKinds, openBenchDatabase } from './databases';

const LARGE = Number(process.env.BENCH_LEDGER ?? 100_000);
const SMALL = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const TARGET = 1.5;

type Programme = typeof loyaltyProgrammes.$inferSelect;

/** A member whose ledger holds `entries` entries: earns of 10 each spent by a redemption, in bulk. */
async function memberWithLedger(db: Db, tenant: Tenant, programme: Programme, entries: number, phone: string) {
  const [customer] = await db.insert(customers).values({ tenantId: tenant.id, name: 'Bench', phone }).returning();
  if (!customer) throw new Error('customer not inserted');
  const [member] = await db
    .insert(loyaltyMembers)
    .values({
      tenantId: tenant.id,
      programmeId: programme.id,
      customerId: customer.id,
      name: 'Bench',
      consentedAt: new Date(),
    })
    .returning();
  if (!member) throw new Error('member not inserted');
  const pairs = Math.floor(entries / 2);
  const start = new Date(Date.now() - 365 * 86_400_000);
  // Ids made first, so the three inserts need no join; in one transaction (the temporary table is
  // the connection's) with the foreign-key triggers off (the rows are consistent by construction):
  // row by row, those checks made seeding 100,000 entries take minutes on PGlite.
  await transaction(db, async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`CREATE TEMP TABLE bench_pairs (g int, earn uuid, spend uuid, at timestamptz) ON COMMIT DROP`);
    await tx.execute(sql`INSERT INTO bench_pairs SELECT g, gen_random_uuid(), gen_random_uuid(),
      ${start}::timestamptz + g * interval '1 minute' FROM generate_series(1, ${pairs}::int) g`);
    await tx.execute(sql`INSERT INTO loyalty_entries (id, tenant_id, member_id, kind, points, key, reason, created_at)
      SELECT earn, ${tenant.id}::uuid, ${member.id}::uuid, 'earn', 10, 'bench:earn:' || earn, 'loyalty.reason.visit', at
      FROM bench_pairs
      UNION ALL
      SELECT spend, ${tenant.id}::uuid, ${member.id}::uuid, 'redeem', -10, 'bench:redeem:' || spend, 'bench',
        at + interval '1 second'
      FROM bench_pairs`);
    await tx.execute(sql`INSERT INTO loyalty_lots (entry_id, tenant_id, member_id, points, remaining, usable_from)
      SELECT earn, ${tenant.id}::uuid, ${member.id}::uuid, 10, 0, at FROM bench_pairs`);
    await tx.execute(sql`INSERT INTO loyalty_draws (entry_id, lot_id, points) SELECT spend, earn, 10 FROM bench_pairs`);
  });
  await db.execute(sql`UPDATE loyalty_members SET balance =
      (SELECT coalesce(sum(points), 0) FROM loyalty_entries WHERE member_id = ${member.id}) WHERE id = ${member.id}`);
  for (let i = 0; i < 5; i++) await earn(db, tenant, programme, member.id);
  return { member, customer };
}

function earn(db: Db, tenant: Tenant, programme: Programme, memberId: string) {
  return transaction(db, (tx) =>
    credit(tx, {
      tenantId: tenant.id,
      memberId,
      programme,
      kind: 'earn',
      points: 100,
      key: `bench:live:${crypto.randomUUID()}`,
      reason: 'loyalty.reason.visit',
      now: new Date(),
    }),
  );
}

function redeem(db: Db, tenant: Tenant, memberId: string) {
  return transaction(db, (tx) =>
    debit(tx, {
      tenantId: tenant.id,
      memberId,
      kind: 'redeem',
      points: 50,
      key: `bench:spend:${crypto.randomUUID()}`,
      reason: 'bench',
      now: new Date(),
    }),
  );
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function bench(kind: BenchDatabaseKind): Promise<boolean> {
  const database = await openBenchDatabase(kind);
  const db = database.db;
  await seedDemo(db);
  forgetCachedTenants();
  const tenant = (await resolveTenant(db, 'klinik.localhost')) as Tenant;
  const [programme] = await db
    .insert(loyaltyProgrammes)
    .values({
      tenantId: tenant.id,
      publicId: 'bench-points',
      name: { en: 'Bench points' },
      earnPoints: 1,
      earnPerMinor: 100,
    })
    .returning();
  if (!programme) throw new Error('programme not inserted');
  const seeding = performance.now();
  const small = await memberWithLedger(db, tenant, programme, SMALL, '60110000001');
  const large = await memberWithLedger(db, tenant, programme, LARGE, '60110000002');
  await db.execute(sql`ANALYZE`);
  const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
  console.log(`${database.kind}: seeded ${SMALL} and ${LARGE} entries in ${seeded} s`);
  const t = translator('en');
  const ops = {
    'member panel': (m: typeof small) =>
      memberPanel(db, { tenant, programme, customerId: m.customer.id, locale: 'en', t }),
    earn: (m: typeof small) => earn(db, tenant, programme, m.member.id),
    redeem: (m: typeof small) => redeem(db, tenant, m.member.id),
    'all lots (before)': (m: typeof small) =>
      db.select().from(loyaltyLots).where(eq(loyaltyLots.memberId, m.member.id)),
  };
  const times = new Map<string, { small: number[]; large: number[] }>();
  for (const name of Object.keys(ops)) times.set(name, { small: [], large: [] });
  // Warm both members once (plans, caches), then interleave: the order flips every round.
  for (const op of Object.values(ops)) {
    await op(small);
    await op(large);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
    for (const [name, op] of Object.entries(ops)) {
      for (const size of order) times.get(name)?.[size].push(await timed(() => op(size === 'small' ? small : large)));
    }
  }
  const check = await checkLedger(db);
  console.log(
    `database: ${database.kind}; ledger ${SMALL} vs ${LARGE} entries (seeded in ${seeded} s); ${ROUNDS} rounds`,
  );
  let ok = check.ok;
  for (const [name, { small: s, large: l }] of times) {
    const ratio = median(l) / median(s);
    const counted = name !== 'all lots (before)';
    if (counted && ratio > TARGET) ok = false;
    console.log(
      `${name.padEnd(18)} median ${median(s).toFixed(2)} ms → ${median(l).toFixed(2)} ms: ${ratio.toFixed(2)}×${counted ? ` (target ≤ ${TARGET}×)` : ''}`,
    );
  }
  console.log(
    `ledger check: ${check.ok ? 'ok' : 'FAILED'} (${check.lotsChecked} lots, ${check.balances} kept balances off)`,
  );
  await database.close();
  return ok;
}

let ok = true;
for (const kind of benchDatabaseKinds) ok = (await bench(kind)) && ok;
if (!ok) process.exit(1);
