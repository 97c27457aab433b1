// The leaderboard's reads (issue 25): a page of a campaign's public fundraisers (live or closed)
// in its ranking order, ranked by the database with ORDER BY … LIMIT/OFFSET, never every row in
// JavaScript. The order is rank()'s in fundraiser-rules.ts: the rule's score, then amount, then
// donors, then the earlier row, then the id. Every query takes the tenant.
import { and, asc, eq, exists, gt, type SQL, sql } from 'drizzle-orm';
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

/** A page of the board: the fundraisers at places offset+1 … offset+limit, with their team's name. */
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
      teamName: fundraiserTeams.name,
      raisedMinor: fundraisers.raisedMinor,
      donorCount: fundraisers.donorCount,
      verification: fundraisers.verification,
      approvedAt: fundraisers.approvedAt,
      createdAt: fundraisers.createdAt,
      /** The database's time of the read (µs): orders live messages read on different instances. */
      readAt: sql<number>`(extract(epoch from statement_timestamp()) * 1000000)::bigint`.mapWith(Number),
    })
    .from(fundraisers)
    .leftJoin(
      fundraiserTeams,
      and(eq(fundraiserTeams.id, fundraisers.teamId), eq(fundraiserTeams.tenantId, fundraisers.tenantId)),
    )
    .where(onBoard(tenantId, campaignId))
    .orderBy(...rankingOrder(fundraisers, rule))
    .limit(page.limit)
    .offset(page.offset);
}
export type BoardRow = Awaited<ReturnType<typeof boardPage>>[number];

/**
 * How many fundraisers on the board score strictly more than `totals` by the rule: one less than
 * the rank of an entry with those totals (equal scores share a rank).
 */
export async function countBetter(
  db: Db,
  tenantId: string,
  campaignId: string,
  rule: Ranking,
  totals: { raisedMinor: number; donorCount: number },
): Promise<number> {
  const score =
    rule === 'amount'
      ? totals.raisedMinor
      : rule === 'donors'
        ? totals.donorCount
        : totals.donorCount * totals.raisedMinor;
  return countRows(db, fundraisers, tenantId, onBoard(tenantId, campaignId, gt(scoreSql(fundraisers, rule), score)));
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

/** The first `limit` teams with a member on the board, in the rule's order, with how many members are on it. */
export function topTeams(db: Db, tenantId: string, campaignId: string, rule: Ranking, limit: number) {
  const member = (team: typeof fundraiserTeams) =>
    and(eq(fundraisers.tenantId, team.tenantId), eq(fundraisers.teamId, team.id), onBoardStatus(fundraisers));
  return db
    .select({
      id: fundraiserTeams.id,
      slug: fundraiserTeams.slug,
      name: fundraiserTeams.name,
      raisedMinor: fundraiserTeams.raisedMinor,
      donorCount: fundraiserTeams.donorCount,
      createdAt: fundraiserTeams.createdAt,
      members: sql<number>`(select count(*)::int from ${fundraisers} where ${member(fundraiserTeams)})`,
    })
    .from(fundraiserTeams)
    .where(
      ofTenant(
        fundraiserTeams,
        tenantId,
        eq(fundraiserTeams.campaignId, campaignId),
        exists(db.select({ one: sql`1` }).from(fundraisers).where(member(fundraiserTeams))),
      ),
    )
    .orderBy(...rankingOrder(fundraiserTeams, rule))
    .limit(limit);
}
