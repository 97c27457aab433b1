import { afterAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import type { Db } from '#db/client.server.ts';
import { countQueries, testDatabaseKinds } from '#db/test-databases.ts';
import {
  aFoundationSuite,
  checkoutToInvoice,
  insertTestCampaign,
  payInSandbox,
} from '#features/donations/test-support.ts';
import { type RealtimeMessage, realtime } from '#server/realtime/index.ts';
import { liveFundraisers, teamsOfCampaign } from './fundraiser-repo.server';
import { openFundraising } from './fundraisers-test-support.ts';
import {
  campaignLeaderboard,
  FUNDRAISERS_EVENT,
  type FundraiserTotalsMessage,
  LIVE_TOP,
  leaderboardOf,
  leaderboardVisible,
  maskContacts,
  publicTexts,
  RANKED_PLACES,
  RANKINGS,
  type Ranking,
  rank,
} from './index.server.ts';
import { seedBoard } from './leaderboard-test-support.ts';

// Issue 25: the leaderboard is ranked by the database (ORDER BY … LIMIT/OFFSET) with rank()'s
// order and "1, 2, 2, 4" ranks; a page costs the same handful of queries however many fundraisers
// the campaign has; a gift's live message carries the board's first places and the fundraiser's rank.

composeApp();

/** The leaderboard as it was made before issue 25: every public fundraiser ranked in JavaScript. */
async function rankedInJavaScript(
  db: Db,
  tenantId: string,
  campaignId: string,
  rule: Ranking,
  page: { offset: number; limit: number },
) {
  const [live, teams] = await Promise.all([
    liveFundraisers(db, tenantId, campaignId),
    teamsOfCampaign(db, tenantId, campaignId),
  ]);
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const members = new Map<string, number>();
  for (const f of live) if (f.teamId) members.set(f.teamId, (members.get(f.teamId) ?? 0) + 1);
  const ranked = rank(live, rule);
  const rankedTeams = rank(
    teams.filter((t) => members.has(t.id)),
    rule,
  );
  return {
    total: live.length,
    fundraisers: ranked.slice(page.offset, page.offset + page.limit).map((f) => ({
      rank: f.rank,
      id: f.id,
      slug: f.slug,
      ...(({ displayName, title }) => ({ name: displayName, title }))(publicTexts(f)),
      raisedMinor: f.raisedMinor,
      donorCount: f.donorCount,
      score: f.score,
      verified: f.verification === 'verified',
      teamName: f.teamId ? maskContacts(teamName.get(f.teamId) ?? '').text || null : null,
    })),
    teams: rankedTeams.slice(0, page.offset === 0 ? 10 : 0).map((t) => ({
      rank: t.rank,
      id: t.id,
      slug: t.slug,
      name: maskContacts(t.name).text,
      raisedMinor: t.raisedMinor,
      donorCount: t.donorCount,
      score: t.score,
      members: members.get(t.id) ?? 0,
    })),
  };
}

describe.each(testDatabaseKinds)('leaderboard from SQL on %s', (kind) => {
  const suite = aFoundationSuite(kind);
  const heard: RealtimeMessage[] = [];
  let stopListening: () => void = () => {};
  afterAll(() => stopListening());

  it('ranks every page as rank() did, for every rule, ties and tie-breaks included', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await seedBoard(suite.db, suite.yayasan.id, campaign.id, 90, 6);
    const pages = [
      { offset: 0, limit: 5 },
      { offset: 0, limit: 100 },
      { offset: 3, limit: 7 },
      { offset: 10, limit: 10 },
      { offset: 21, limit: 20 },
      { offset: 60, limit: 20 },
      { offset: 200, limit: 5 },
    ];
    for (const ranking of RANKINGS) {
      await openFundraising(suite.db, suite.yayasan.id, campaign.id, { ranking, leaderboardMin: 5 });
      for (const page of pages) {
        const board = await campaignLeaderboard(suite.db, suite.yayasan.id, campaign.id, page);
        const expected = await rankedInJavaScript(suite.db, suite.yayasan.id, campaign.id, ranking, page);
        expect(board.ranking).toBe(ranking);
        expect(board.total).toBe(expected.total);
        expect(board.visible).toBe(leaderboardVisible(expected.total, 5));
        expect(board.fundraisers, `${ranking} ${JSON.stringify(page)}`).toEqual(expected.fundraisers);
        expect(board.teams, `${ranking} teams`).toEqual(expected.teams);
      }
      // The seed is made of ties: shared ranks show on the board.
      const all = await campaignLeaderboard(suite.db, suite.yayasan.id, campaign.id, { offset: 0, limit: 100 });
      expect(new Set(all.fundraisers.map((f) => f.rank)).size).toBeLessThan(all.fundraisers.length);
      expect(all.total).toBe(68); // 90 less the pending and hidden
    }
  });

  it('reads a page with the same number of queries for 10 fundraisers as for 300', async () => {
    const counts: number[][] = [];
    for (const size of [10, 300]) {
      const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
      await seedBoard(suite.db, suite.yayasan.id, campaign.id, size, Math.ceil(size / 10));
      await openFundraising(suite.db, suite.yayasan.id, campaign.id, { ranking: 'score' });
      const counter = countQueries(suite.database);
      const perPage: number[] = [];
      for (const page of [
        { offset: 0, limit: 5 },
        { offset: 5, limit: 20 },
      ]) {
        counter.reset();
        const board = await leaderboardOf(counter.db, suite.yayasan.id, campaign.publicId, page);
        expect(board?.fundraisers.length).toBeGreaterThan(0);
        perPage.push(counter.count());
        // Rows are read a page at a time, ranks and all: no statement reads the board or its
        // teams without a LIMIT, and nothing counts them.
        const reads = counter.statements().filter((q) => /from "fundraiser(s|_teams)"/.test(q));
        expect(reads.length).toBeGreaterThan(0);
        for (const statement of reads) {
          expect(statement).toMatch(/limit \$\d+/);
          expect(statement).not.toMatch(/count\(/);
        }
      }
      counts.push(perPage);
    }
    expect(counts[1]).toEqual(counts[0]);
    // The campaign, its fundraising row (settings and the kept count), the page, and on the first
    // page the teams (with their kept members).
    expect(counts[0]).toEqual([4, 3]);
  });

  /** A gift of `amountMinor` through a fundraiser, paid: the one `fundraisers` message it sent. */
  const give = async (campaign: { id: string; publicId: string }, fundraiserId: string, amountMinor: number) => {
    heard.length = 0;
    const invoice = await checkoutToInvoice(suite.db, {
      tenant: suite.yayasan,
      lines: [{ campaignId: campaign.id, type: 'one-time', coverFees: false, amountMinor, fundraiserId }],
      locale: 'en',
      clientIp: suite.nextIp(),
    });
    await payInSandbox(suite.db, { tenant: suite.yayasan, invoice, ip: suite.nextIp() });
    const sent = heard.filter((m) => m.event === FUNDRAISERS_EVENT && m.channel === `campaign:${campaign.publicId}`);
    expect(sent).toHaveLength(1);
    return sent[0]?.data as FundraiserTotalsMessage;
  };
  const listen = (campaign: { publicId: string }) => {
    stopListening();
    stopListening = realtime().hub.subscribe(`tenant:${suite.yayasan.id}`, [`campaign:${campaign.publicId}`], {
      message: (m) => heard.push(m),
      resync: () => {},
    });
  };
  // Closed pages (seedBoard's every eighth from the fourth) keep their place but take no gifts.
  const open = (f: { slug: string }) => Number(f.slug.replace('seeded-', '')) % 8 !== 3;

  it("publishes, once per gift, the board's first places and the fundraiser's rank", async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await seedBoard(suite.db, suite.yayasan.id, campaign.id, 40, 3);
    await openFundraising(suite.db, suite.yayasan.id, campaign.id, { ranking: 'amount' });
    listen(campaign);
    const before = await campaignLeaderboard(suite.db, suite.yayasan.id, campaign.id, { offset: 0, limit: 40 });
    const last = before.fundraisers.filter(open).at(-1);
    if (!last) throw new Error('no fundraisers');

    // The last fundraiser is given the most: first now.
    const first = await give(campaign, last.id, 10_000);
    const board = await campaignLeaderboard(suite.db, suite.yayasan.id, campaign.id, { offset: 0, limit: LIVE_TOP });
    expect(first).toMatchObject({ fundraiserId: last.id, raisedMinor: last.raisedMinor + 10_000, rank: 1 });
    expect(first.donorCount).toBe(last.donorCount + 1);
    expect(first.refund).toBe(false);
    expect(first.more).toBe(true);
    // The rows are the endpoint's, masked texts and all (no score, nothing more).
    expect(first.top).toEqual(board.fundraisers.map(({ score: _score, ...row }) => row));
    expect(first.top).toHaveLength(LIVE_TOP);
    expect(first.top[0]?.id).toBe(last.id);

    // A small gift to one further down: its rank is the board's, ties included.
    const low = board.fundraisers.filter(open).at(-1);
    if (!low) throw new Error('no low fundraiser');
    const second = await give(campaign, low.id, 1000);
    const all = await campaignLeaderboard(suite.db, suite.yayasan.id, campaign.id, { offset: 0, limit: 100 });
    const shown = all.fundraisers.find((f) => f.id === low.id);
    expect(second.rank).toBe(shown?.rank);
    expect(second.asOf).toBeGreaterThan(first.asOf);
    expect(second.top).toEqual(all.fundraisers.slice(0, LIVE_TOP).map(({ score: _score, ...row }) => row));
  });

  it('gives the rank exactly within the first RANKED_PLACES places and none beyond', async () => {
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    await seedBoard(suite.db, suite.yayasan.id, campaign.id, 400);
    await openFundraising(suite.db, suite.yayasan.id, campaign.id, { ranking: 'amount' });
    listen(campaign);
    const all = await campaignLeaderboard(suite.db, suite.yayasan.id, campaign.id, { offset: 0, limit: 400 });
    const placeOf = async (id: string) =>
      (await campaignLeaderboard(suite.db, suite.yayasan.id, campaign.id, { offset: 0, limit: 400 })).fundraisers.find(
        (f) => f.id === id,
      )?.rank;
    // One with 2,500 given 1,000 more: past the message's first places, inside RANKED_PLACES
    // (counted from the index, ties ahead of it excluded).
    const middle = all.fundraisers.filter(open).find((f) => f.raisedMinor === 2500);
    if (!middle) throw new Error('no middle fundraiser');
    const near = await give(campaign, middle.id, 1000);
    const nearPlace = await placeOf(middle.id);
    expect(nearPlace).toBeGreaterThan(LIVE_TOP + 1);
    expect(nearPlace).toBeLessThanOrEqual(RANKED_PLACES);
    expect(near.rank).toBe(nearPlace);
    // One with nothing given 1,000: over a hundred ahead of it, so no rank.
    const bottom = all.fundraisers.filter(open).at(-1);
    if (!bottom) throw new Error('no bottom fundraiser');
    const far = await give(campaign, bottom.id, 1000);
    expect(await placeOf(bottom.id)).toBeGreaterThan(RANKED_PLACES);
    expect(far.rank).toBeNull();
    expect(far).toMatchObject({ fundraiserId: bottom.id, raisedMinor: bottom.raisedMinor + 1000 });
    expect(far.top).toHaveLength(LIVE_TOP);
  });
});
