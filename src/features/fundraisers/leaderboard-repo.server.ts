// The leaderboard's reads (issue 25): a page of a campaign's public fundraisers (live or closed)
// in its ranking order, ranked by the database with ORDER BY … LIMIT/OFFSET, never every row in
// JavaScript. The order is rank()'s in fundraiser-rules.ts: the rule's score, then amount, then
// donors, then the earlier row, then the id. Every query takes the tenant.
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { countRows, ofTenant } from '#db/rows.server.ts';
import { campaignFundraising, fundraisers, fundraiserTeams } from '#db/schema/index.ts';
import type { Ranking } from './fundraiser-rules';

/**
 * The statuses a leaderboard lists (a closed page keeps its place), written into the statement
 * rather than sent as parameters: the ranking indexes are partial on exactly this condition, and
 * the planner can only use them when it sees the values (a generic plan would not).
 */
const onBoardStatus = (table: typeof fundraisers) => sql`${table.status} in ('live', 'closed')`;

type Ranked = typeof fundraisers | typeof fundraiserTeams;

/** The rule's score as SQL: amount raised, donors, or donors × amount (bigint, as exact as JavaScript's). */
function scoreSql(table: Ranked, rule: Ranking): SQL {
  if (rule === 'amount') return sql`${table.raisedMinor}`;
  if (rule === 'donors') return sql`${table.donorCount}`;
  return sql`(${table.donorCount}::bigint * ${table.raisedMinor})`;
}

/**
 * Highest first, as the ranking indexes hold it (drizzle's `.desc()` is DESC NULLS LAST; a plain
 * DESC means NULLS FIRST, which such an index cannot serve; the totals are never null).
 */
const highestFirst = (value: SQL | Ranked['raisedMinor'] | Ranked['donorCount']) => sql`${value} desc nulls last`;

/** rank()'s order as ORDER BY terms (the same columns, the same way, as the rule's index). */
function rankingOrder(table: Ranked, rule: Ranking): SQL[] {
  const measures =
    rule === 'amount'
      ? [table.raisedMinor, table.donorCount]
      : rule === 'donors'
        ? [table.donorCount, table.raisedMinor]
        : [scoreSql(table, rule), table.raisedMinor, table.donorCount];
  return [...measures.map(highestFirst), asc(table.createdAt), asc(table.id)];
}

const onBoard = (tenantId: string, campaignId: string, ...more: (SQL | undefined)[]) =>
  ofTenant(fundraisers, tenantId, eq(fundraisers.campaignId, campaignId), onBoardStatus(fundraisers), ...more);

/**
 * rank() over the rule's score alone: equal scores share a place ("1, 2, 2, 4"), whatever breaks
 * the tie. With window functions the planner asks the scan for the first window's order, not the
 * query's: a window over the score alone has the rule's index read for the score only and every
 * tie sorted again after rank() (an Incremental Sort reading whole groups of equal scores past the
 * LIMIT). So a window over the full order comes first (row_number(): the row's position), and
 * rank()'s, a prefix of it, follows without a sort. `rows unbounded preceding` because the
 * default RANGE frame has PostgreSQL 15 read ahead to the end of each group of equal scores (rank()
 * needs no frame). The rows leave in the index's order, stopped by LIMIT after offset+limit.
 */
const place = (table: Ranked, rule: Ranking) =>
  sql<number>`rank() over (order by ${highestFirst(scoreSql(table, rule))} rows unbounded preceding)`.mapWith(Number);
const position = (table: Ranked, rule: Ranking) =>
  sql<number>`row_number() over (order by ${sql.join(rankingOrder(table, rule), sql`, `)} rows unbounded preceding)`.mapWith(
    Number,
  );

/**
 * A fundraiser's team name, looked up by primary key for each row read. Not a join: for a board
 * the planner thinks small, a join is a hash of every team of the tenant (all its campaigns'),
 * which grows with them.
 */
const teamNameOf = sql<string | null>`(select ${fundraiserTeams.name} from ${fundraiserTeams} where ${and(
  eq(fundraiserTeams.id, fundraisers.teamId),
  eq(fundraiserTeams.tenantId, fundraisers.tenantId),
)})`;

/**
 * A page of the board: the fundraisers at places offset+1 … offset+limit, with their team's name
 * and their rank. One statement: the ranking index read in order, rank() computed as the rows go
 * by, stopped by LIMIT after offset+limit rows (EXPLAIN: Limit → WindowAgg → WindowAgg → Index
 * Scan on the rule's index), so a later page's first rank needs no count of the rows before it.
 */
export function boardPage(
  db: Db,
  tenantId: string,
  campaignId: string,
  rule: Ranking,
  page: { offset: number; limit: number },
) {
  return db
    .select({
      id: fundraisers.id,
      slug: fundraisers.slug,
      title: fundraisers.title,
      displayName: fundraisers.displayName,
      teamId: fundraisers.teamId,
      teamName: teamNameOf,
      raisedMinor: fundraisers.raisedMinor,
      donorCount: fundraisers.donorCount,
      verification: fundraisers.verification,
      approvedAt: fundraisers.approvedAt,
      createdAt: fundraisers.createdAt,
      position: position(fundraisers, rule),
      place: place(fundraisers, rule),
      /** The database's time of the read (µs): orders live messages read on different instances. */
      readAt: sql<number>`(extract(epoch from statement_timestamp()) * 1000000)::bigint`.mapWith(Number),
    })
    .from(fundraisers)
    .where(onBoard(tenantId, campaignId))
    .orderBy(...rankingOrder(fundraisers, rule))
    .limit(page.limit)
    .offset(page.offset);
}
export type BoardRow = Awaited<ReturnType<typeof boardPage>>[number];

/**
 * How many fundraisers on the board score strictly more than `totals` by the rule (one less than
 * the rank of an entry with those totals), counted up to `cap`: `cap` means "at least `cap`". The
 * count walks the rule's index from the top and stops at `cap`, so it costs the same for the
 * 10,000th place as for the `cap`th; an exact count would grow with the place (issue 25).
 */
export async function countBetterUpTo(
  db: Db,
  tenantId: string,
  campaignId: string,
  rule: Ranking,
  totals: { raisedMinor: number; donorCount: number },
  cap: number,
): Promise<number> {
  const [row] = await betterUpTo(db, tenantId, campaignId, rule, totals, cap);
  return Number(row?.n ?? 0);
}

/** countBetterUpTo's statement (its plan is checked by the leaderboard's tests). */
export function betterUpTo(
  db: Db,
  tenantId: string,
  campaignId: string,
  rule: Ranking,
  totals: { raisedMinor: number; donorCount: number },
  cap: number,
) {
  const score =
    rule === 'amount'
      ? totals.raisedMinor
      : rule === 'donors'
        ? totals.donorCount
        : totals.donorCount * totals.raisedMinor;
  // ORDER BY the index's order makes the planner walk that index (never the status index with a
  // filter), whatever the plan cache decides for the score's parameter.
  const better = db
    .select({ one: sql`1`.as('one') })
    .from(fundraisers)
    .where(onBoard(tenantId, campaignId, gt(scoreSql(fundraisers, rule), score)))
    .orderBy(...rankingOrder(fundraisers, rule))
    .limit(cap)
    .as('better');
  return db.select({ n: sql<number>`count(*)::int` }).from(better);
}

/**
 * How many fundraisers the board lists (live or closed): the count kept on the campaign's
 * fundraising row by a trigger on fundraisers (migration 0027), not a COUNT that grows with them.
 */
export async function countOnBoard(db: Db, tenantId: string, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: campaignFundraising.boardCount })
    .from(campaignFundraising)
    .where(ofTenant(campaignFundraising, tenantId, eq(campaignFundraising.campaignId, campaignId)));
  return row?.n ?? 0;
}

/** The board as counted from its rows: the reference the kept count is checked against. */
export function countOnBoardRows(db: Db, tenantId: string, campaignId: string): Promise<number> {
  return countRows(db, fundraisers, tenantId, onBoard(tenantId, campaignId));
}

/** Written into the statement, as the team indexes' predicate (a parameter would hide it from the planner). */
const withMembers = sql`${fundraiserTeams.boardMembers} > 0`;

/**
 * The first `limit` teams with a member on the board, in the rule's order, with their rank and how
 * many members are on it: the count kept on the team by a trigger on fundraisers (migration 0028),
 * and the rule's partial index holds only teams with members, so this reads `limit` index entries.
 */
export function topTeams(db: Db, tenantId: string, campaignId: string, rule: Ranking, limit: number) {
  return db
    .select({
      id: fundraiserTeams.id,
      slug: fundraiserTeams.slug,
      name: fundraiserTeams.name,
      raisedMinor: fundraiserTeams.raisedMinor,
      donorCount: fundraiserTeams.donorCount,
      createdAt: fundraiserTeams.createdAt,
      members: fundraiserTeams.boardMembers,
      position: position(fundraiserTeams, rule),
      place: place(fundraiserTeams, rule),
    })
    .from(fundraiserTeams)
    .where(ofTenant(fundraiserTeams, tenantId, eq(fundraiserTeams.campaignId, campaignId), withMembers))
    .orderBy(...rankingOrder(fundraiserTeams, rule))
    .limit(limit);
}

/** Teams of a campaign whose kept count of members on the board differs from their rows' COUNT. */
export function teamMembersDrift(db: Db, tenantId: string, campaignId: string) {
  const counted = sql<number>`(select count(*)::int from ${fundraisers} where ${and(
    eq(fundraisers.tenantId, fundraiserTeams.tenantId),
    eq(fundraisers.teamId, fundraiserTeams.id),
    onBoardStatus(fundraisers),
  )})`;
  return db
    .select({ id: fundraiserTeams.id, kept: fundraiserTeams.boardMembers, counted })
    .from(fundraiserTeams)
    .where(
      ofTenant(
        fundraiserTeams,
        tenantId,
        eq(fundraiserTeams.campaignId, campaignId),
        sql`${fundraiserTeams.boardMembers} <> ${counted}`,
      ),
    );
}
