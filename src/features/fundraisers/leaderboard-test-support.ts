// A board of fundraisers seeded straight into the tables, for the leaderboard's tests and its
// growth bench (bench/leaderboard-growth.bench.ts): no test runner needed.
import type { Db } from '#db/client.server.ts';
import { fundraisers, fundraiserTeams } from '#db/schema/index.ts';

/**
 * `count` fundraisers under a campaign, inserted in batches with their totals set (no gifts): few
 * distinct totals and creation times, so equal scores and equal times are common (every tie-break
 * of the ranking is used). Most are live, some closed (both on the board), some pending or hidden
 * (off it); every fourth is in one of `teams` teams (made here, with totals of their own); every
 * third was never approved and has a link in its texts (masked on the board).
 */
export async function seedBoard(
  db: Db,
  tenantId: string,
  campaignId: string,
  count: number,
  teams = 0,
): Promise<{ teamIds: string[] }> {
  const base = Date.parse('2026-11-01T00:00:00Z');
  const teamIds: string[] = [];
  for (let t = 0; t < teams; t += 1) {
    const [row] = await db
      .insert(fundraiserTeams)
      .values({
        tenantId,
        campaignId,
        slug: `team-${t}`,
        name: t % 2 ? `Team ${t}` : `Team ${t} www.team${t}.example`,
        raisedMinor: [0, 5000, 5000, 12000][t % 4] ?? 0,
        donorCount: [0, 3, 2, 3][t % 4] ?? 0,
        createdAt: new Date(base + (t % 3) * 1000),
      })
      .returning();
    teamIds.push(row?.id ?? '');
  }
  const statuses = ['live', 'live', 'live', 'closed', 'live', 'pending', 'live', 'hidden'] as const;
  const rows = Array.from({ length: count }, (_, i) => ({
    tenantId,
    campaignId,
    slug: `seeded-${i}`,
    title: i % 3 === 0 ? `Run ${i} for www.run${i}.example` : `Run ${i}`,
    displayName: `Runner ${i}`,
    status: statuses[i % statuses.length] ?? 'live',
    verification: i % 5 === 0 ? ('verified' as const) : ('none' as const),
    approvedAt: i % 3 === 0 ? null : new Date(base),
    teamId: teams > 0 && i % 4 === 0 ? (teamIds[(i / 4) % teams] ?? null) : null,
    raisedMinor: [0, 1000, 2500, 2500, 5000, 1000, 0][(i * 3) % 7] ?? 0,
    donorCount: [0, 1, 2, 5][i % 4] ?? 0,
    createdAt: new Date(base + (i % 6) * 60_000),
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(fundraisers).values(rows.slice(start, start + 500));
  }
  return { teamIds };
}
