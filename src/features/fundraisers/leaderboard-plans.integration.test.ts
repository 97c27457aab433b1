import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/client.server.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { aFoundationSuite, insertTestCampaign } from '#features/donations/test-support.ts';
import { RANKED_PLACES, RANKINGS } from './index.server.ts';
import { betterUpTo, boardPage, topTeams } from './leaderboard-repo.server';
import { seedBoard } from './leaderboard-test-support.ts';

// Issue 25: the board's statements are plans that stop after the rows they answer — the rule's
// ranking index read in order under a LIMIT, with no sort, no hash and no scan of a whole table —
// on a small board and a large one alike (a plan for a board the planner thinks small once
// hashed every team of the tenant). Checked with EXPLAIN (the plan's shape, never its timings).

/** The plan of a drizzle statement, its parameters written in (uuids and numbers here). */
async function planOf(db: Db, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
  const result = (await db.execute(sql.raw(`explain (costs off) ${inlined}`))) as unknown as
    | { rows: Record<string, string>[] }
    | Record<string, string>[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

describe.each(testDatabaseKinds)('leaderboard plans on %s', (kind) => {
  const suite = aFoundationSuite(kind);
  const boards: { size: number; id: string }[] = [];

  beforeAll(async () => {
    for (const size of [10, 2000]) {
      const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
      await seedBoard(suite.db, suite.yayasan.id, campaign.id, size, Math.ceil(size / 10));
      boards.push({ size, id: campaign.id });
    }
    await suite.db.execute(sql`analyze fundraisers`);
    await suite.db.execute(sql`analyze fundraiser_teams`);
  }, 120_000);

  it("reads a page, the teams and the count of better scores through the rule's index, under a LIMIT", async () => {
    const noSortNorHash = /Sort|Hash|Seq Scan|Bitmap/;
    for (const rule of RANKINGS) {
      for (const board of boards) {
        const label = `${rule}, ${board.size} fundraisers`;
        for (const page of [
          { offset: 0, limit: 5 },
          { offset: 40, limit: 20 },
        ]) {
          const plan = await planOf(suite.db, boardPage(suite.db, suite.yayasan.id, board.id, rule, page));
          expect(plan, `${label} ${JSON.stringify(page)}\n${plan}`).toMatch(
            new RegExp(`^Limit[\\s\\S]*WindowAgg[\\s\\S]*Index Scan using fundraisers_board_${rule}_idx`),
          );
          // The team's name: its primary key, once per row read.
          expect(plan, label).toMatch(/SubPlan[\s\S]*Index Scan using fundraiser_teams_pkey/);
          expect(plan, `${label}\n${plan}`).not.toMatch(noSortNorHash);
        }
        const teams = await planOf(suite.db, topTeams(suite.db, suite.yayasan.id, board.id, rule, 10));
        expect(teams, `${label}\n${teams}`).toMatch(
          new RegExp(`^Limit[\\s\\S]*Index Scan using fundraiser_teams_board_${rule}_idx`),
        );
        expect(teams, `${label}\n${teams}`).not.toMatch(noSortNorHash);
        const totals = { raisedMinor: 1000, donorCount: 1 };
        const better = await planOf(
          suite.db,
          betterUpTo(suite.db, suite.yayasan.id, board.id, rule, totals, RANKED_PLACES),
        );
        expect(better, `${label}\n${better}`).toMatch(
          new RegExp(`Limit[\\s\\S]*Index (Only )?Scan using fundraisers_board_${rule}_idx`),
        );
        expect(better, `${label}\n${better}`).not.toMatch(noSortNorHash);
      }
    }
  });
});
