// Issue 25, "costs flat in data": a campaign's leaderboard with 10 fundraisers against one with
// 10,000 (a tenth of them in teams), in one database, measured side by side in interleaved rounds
// (never a timed test). Reads timed:
//   top 5       — the campaign page's board (campaignLeaderboard, offset 0, limit 5, with teams);
//   page K      — the full board's page 3 (offset 40, limit 20): empty on the board of 10 (its 7
//                 entries end before place 41), so it is also timed against a board of 100, where
//                 it holds 20 rows as on 10,000: that ratio is the page's growth with the board
//                 alone, without the cost of the 20 rows themselves;
//   gift message — what a gift through a fundraiser reads once for every viewer (liveBoardMessage);
//   old top 5   — before issue 25: every public fundraiser loaded and ranked in JavaScript;
//   count alone — the board's total, part of top 5 and page K: the count kept on the campaign's
//                 fundraising row (migration 0027);
//   count (before) — the same total as the COUNT over the board's rows it replaced.
// Each figure is the median over rounds; the ratio is 10,000's median over 10's (target ≤ 1.5×).
// The ranking indexes are the schema's (migrations 0024 and 0028, partial on the board's rows and
// on teams with members on it).
// On PGlite, and on a fresh PostgreSQL database too when BENCH_DATABASE_URL or TEST_DATABASE_URL
// is set. Run: npx tsx bench/leaderboard-growth.bench.ts (or npm run bench). Knobs: BENCH_ROUNDS
// (default 15), BENCH_BATCH (calls per timed sample, default 10), BENCH_FUNDRAISERS (default 10000).
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { campaignFundraising, campaigns, fundraisers } from '#db/schema/index.ts';
import { liveFundraisers, teamsOfCampaign } from '#features/fundraisers/fundraiser-repo.server.ts';
import { campaignLeaderboard, type Ranking, rank } from '#features/fundraisers/index.server.ts';
import { liveBoardMessage } from '#features/fundraisers/leaderboard.server.ts';
import { countOnBoard, countOnBoardRows } from '#features/fundraisers/leaderboard-repo.server.ts';
import { seedBoard } from '#features/fundraisers/leaderboard-test-support.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { type BenchDatabaseKind, benchDatabaseKinds, openBenchDatabase } from './databases';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const BATCH = Number(process.env.BENCH_BATCH ?? 10);
const LARGE = Number(process.env.BENCH_FUNDRAISERS ?? 10_000);
const SMALL = 10;
/** The smallest board whose page K is full (75 of 100 on the board). */
const FULL_PAGE = 100;

/** The leaderboard's read before issue 25 (leaderboard.server.ts then): every row, ranked in JavaScript. */
async function oldTop5(db: Db, tenantId: string, campaignId: string, rule: Ranking) {
  const [live, teams] = await Promise.all([
    liveFundraisers(db, tenantId, campaignId),
    teamsOfCampaign(db, tenantId, campaignId),
  ]);
  const members = new Set(live.flatMap((f) => (f.teamId ? [f.teamId] : [])));
  return [
    rank(live, rule).slice(0, 5),
    rank(
      teams.filter((t) => members.has(t.id)),
      rule,
    ).slice(0, 10),
  ];
}

async function newCampaign(db: Db, tenantId: string, n: number, rule: Ranking): Promise<string> {
  const [row] = await db
    .insert(campaigns)
    .values({
      tenantId,
      publicId: `growth-${n}-${Math.random().toString(36).slice(2, 8)}`,
      title: { en: `Growth ${n}` },
      status: 'live',
    })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('campaign not inserted');
  await db.insert(campaignFundraising).values({
    tenantId,
    campaignId: row.id,
    enabled: true,
    approval: false,
    requiresVerification: false,
    ranking: rule,
    leaderboardMin: 5,
    reportThreshold: 3,
  });
  await seedBoard(db, tenantId, row.id, n, Math.max(1, Math.floor(n / 10)));
  return row.id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timed(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < BATCH; i += 1) await task();
  return (performance.now() - started) / BATCH;
}

type Read = (db: Db, tenantId: string, campaignId: string) => Promise<unknown>;

async function measure(
  db: Db,
  tenantId: string,
  small: string,
  large: string,
  reads: Record<string, Read>,
  smallSize = SMALL,
) {
  const samples = new Map(Object.keys(reads).map((name) => [name, { small: [] as number[], large: [] as number[] }]));
  // Warm-up, an untimed round: plans, caches, and the JIT (after one call each, the first
  // timed reads of a process were up to a fifth slower than the same reads later on).
  for (const read of Object.values(reads)) {
    await timed(() => read(db, tenantId, small));
    await timed(() => read(db, tenantId, large));
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, read] of Object.entries(reads)) {
      const s = samples.get(name);
      if (!s) continue;
      // Interleaved, the order flipped each round: drift in the machine's load hits both alike.
      if (round % 2 === 0) {
        s.small.push(await timed(() => read(db, tenantId, small)));
        s.large.push(await timed(() => read(db, tenantId, large)));
      } else {
        s.large.push(await timed(() => read(db, tenantId, large)));
        s.small.push(await timed(() => read(db, tenantId, small)));
      }
    }
  }
  const ratios: Record<string, number> = {};
  for (const [name, s] of samples) {
    const [a, b] = [median(s.small), median(s.large)];
    ratios[name] = b / a;
    // The fastest samples' ratio beside the medians': on a shared machine other work only adds
    // time, so when the two disagree the medians carry its noise.
    const fastest = Math.min(...s.large) / Math.min(...s.small);
    console.log(
      `  ${name.padEnd(14)} ${String(smallSize).padStart(3)}: ${a.toFixed(2).padStart(7)} ms   ${LARGE}: ${b.toFixed(2).padStart(7)} ms   ratio ${(b / a).toFixed(2)}×   (fastest ${fastest.toFixed(2)}×)`,
    );
  }
  return ratios;
}

async function bench(kind: BenchDatabaseKind): Promise<string[]> {
  const database = await openBenchDatabase(kind);
  try {
    const { db } = database;
    const tenant = await aTenant(db, 'yayasan');
    const rule: Ranking = (process.env.BENCH_RANKING as Ranking | undefined) ?? 'amount';
    const small = await newCampaign(db, tenant.id, SMALL, rule);
    const fullPage = await newCampaign(db, tenant.id, FULL_PAGE, rule);
    const large = await newCampaign(db, tenant.id, LARGE, rule);
    const [someone] = await db
      .select()
      .from(fundraisers)
      .where(eq(fundraisers.campaignId, large))
      .orderBy(fundraisers.raisedMinor)
      .limit(1);
    const changed = (campaignId: string) => ({
      id: someone?.id ?? '',
      raisedMinor: 1000,
      donorCount: 1,
      teamId: null,
      refund: false,
      campaignId,
    });
    const reads: Record<string, Read> = {
      'top 5': (d, t, c) => campaignLeaderboard(d, t, c, { offset: 0, limit: 5 }),
      'page K': (d, t, c) => campaignLeaderboard(d, t, c, { offset: 40, limit: 20 }),
      'gift message': (d, t, c) => liveBoardMessage(d, t, c, changed(c)),
      'old top 5': (d, t, c) => oldTop5(d, t, c, rule),
      // The board's total as top 5 and page K read it: the kept count (one row by primary key)…
      'count alone': (d, t, c) => countOnBoard(d, t, c),
      // …and the COUNT over the board's rows it replaced (issue 25), which grew with them.
      'count (before)': (d, t, c) => countOnBoardRows(d, t, c),
    };
    await db.execute(sql`analyze`);
    console.log(`database: ${kind}; ranking by ${rule}; ${ROUNDS} interleaved rounds of ${BATCH} calls`);
    const ratios = await measure(db, tenant.id, small, large, reads);
    console.log(`page K where both pages hold 20 rows (${FULL_PAGE} → ${LARGE}):`);
    const full = await measure(db, tenant.id, fullPage, large, { 'page K': reads['page K'] as Read }, FULL_PAGE);
    console.log(`  (load average ${loadavg()[0]?.toFixed(1)}: times are comparable within this run only)`);
    const within = (ratio: number | undefined) => (ratio ?? Number.POSITIVE_INFINITY) <= 1.5;
    return [
      ...['top 5', 'page K', 'gift message'].filter((name) => within(ratios[name])),
      ...(within(full['page K']) ? [`page K (${FULL_PAGE} → ${LARGE})`] : []),
    ];
  } finally {
    await database.close();
  }
}

async function main() {
  const verdicts: string[] = [];
  for (const kind of benchDatabaseKinds) verdicts.push(`${kind}: ${(await bench(kind)).join(', ') || 'none'}`);
  console.log(`within 1.5× — ${verdicts.join('; ')}`);
}

await main();
