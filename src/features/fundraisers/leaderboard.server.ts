import type { Db } from '#db/client.server.ts';
import { CAMPAIGN_ID } from '#features/donations/index.server.ts';
import { type CampaignRef, countLive, findCampaign, liveFundraisers, teamsOfCampaign } from './fundraiser-repo.server';
import { leaderboardVisible, maskContacts, publicTexts, type Ranking, rank } from './fundraiser-rules';
import { fundraisingSettings } from './fundraisers.server';
import type { LeaderboardRow, TeamRowAnswer } from './leaderboard-answer';

/** A row of the leaderboard as the endpoint answers it, with the score it was ranked by. */
export interface LeaderboardEntry extends LeaderboardRow {
  score: number;
}

export interface TeamEntry extends TeamRowAnswer {
  slug: string;
  donorCount: number;
  score: number;
}

export interface Leaderboard {
  visible: boolean;
  ranking: Ranking;
  total: number;
  fundraisers: LeaderboardEntry[];
  teams: TeamEntry[];
}

/** A campaign's leaderboard by its ranking rule: a page of fundraisers (offset/limit) and its teams. */
export async function campaignLeaderboard(
  db: Db,
  tenantId: string,
  campaignId: string,
  page: { offset: number; limit: number } = { offset: 0, limit: 5 },
): Promise<Leaderboard> {
  const settings = await fundraisingSettings(db, tenantId, campaignId);
  const [live, teams] = await Promise.all([
    liveFundraisers(db, tenantId, campaignId),
    teamsOfCampaign(db, tenantId, campaignId),
  ]);
  const teamName = new Map(teams.map((t) => [t.id, t.name]));
  const members = new Map<string, number>();
  for (const f of live) if (f.teamId) members.set(f.teamId, (members.get(f.teamId) ?? 0) + 1);
  const ranked = rank(
    live.map((f) => ({ ...f, raisedMinor: Number(f.raisedMinor) })),
    settings.ranking,
  );
  const rankedTeams = rank(
    teams.filter((t) => members.has(t.id)).map((t) => ({ ...t, raisedMinor: Number(t.raisedMinor) })),
    settings.ranking,
  );
  return {
    visible: settings.enabled && leaderboardVisible(live.length, settings.leaderboardMin),
    ranking: settings.ranking,
    total: live.length,
    fundraisers: ranked.slice(page.offset, page.offset + page.limit).map((f) => ({
      rank: f.rank,
      id: f.id,
      slug: f.slug,
      // Masked like the page itself until staff approve it.
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

/** The leaderboard of a public campaign by its public id (the live island's refetch). */
export async function leaderboardOf(
  db: Db,
  tenantId: string,
  campaignPublicId: string,
  page: { offset: number; limit: number } = { offset: 0, limit: 5 },
): Promise<(Leaderboard & { campaign: CampaignRef }) | null> {
  if (!CAMPAIGN_ID.test(campaignPublicId)) return null;
  const campaign = await findCampaign(db, tenantId, campaignPublicId);
  if (!campaign || campaign.status === 'draft') return null;
  return { campaign, ...(await campaignLeaderboard(db, tenantId, campaign.id, page)) };
}

/** How many live fundraisers a campaign has. */
export function liveFundraiserCount(db: Db, tenantId: string, campaignId: string): Promise<number> {
  return countLive(db, tenantId, campaignId);
}
