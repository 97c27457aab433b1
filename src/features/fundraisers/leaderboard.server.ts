import type { Db } from '#db/client.server.ts';
import { CAMPAIGN_ID } from '#features/donations/index.server.ts';
import { MAX_MESSAGE_BYTES } from '#server/realtime/index.ts';
import type { FundraiserTotalsMessage } from './fundraiser-channel';
import { LIVE_TOP, RANKED_PLACES } from './fundraiser-channel';
import { type CampaignRef, countLive, findCampaign } from './fundraiser-repo.server';
import { leaderboardVisible, maskContacts, publicTexts, type Ranking, scoreOf } from './fundraiser-rules';
import { fundraisingAndBoard, fundraisingSettings } from './fundraisers.server';
import type { LeaderboardRow, TeamRowAnswer } from './leaderboard-answer';
import { type BoardRow, boardPage, countBetterUpTo, topTeams } from './leaderboard-repo.server';

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

/** How many teams the first page shows. */
const TEAMS_SHOWN = 10;

/** A page's rows as the endpoint shows them: texts masked like the page itself until staff approve it. */
function entries(rows: BoardRow[], rule: Ranking): LeaderboardEntry[] {
  return rows.map((f) => {
    const { displayName, title } = publicTexts(f);
    return {
      rank: f.place,
      id: f.id,
      slug: f.slug,
      name: displayName,
      title,
      raisedMinor: f.raisedMinor,
      donorCount: f.donorCount,
      score: scoreOf(f, rule),
      verified: f.verification === 'verified',
      teamName: f.teamId ? maskContacts(f.teamName ?? '').text || null : null,
    };
  });
}

/** The endpoint's row of an entry (the score stays on the server). */
export const answerRow = ({ score: _score, ...row }: LeaderboardEntry): LeaderboardRow => row;

/**
 * A campaign's leaderboard by its ranking rule: a page of fundraisers (offset/limit) and, on the
 * first page, its teams. The settings and the board's count are one row; the page and the teams
 * one statement each, ORDER BY … LIMIT on the rule's index with rank() (issue 25): the cost does
 * not grow with the campaign's fundraisers beyond the page's offset.
 */
export async function campaignLeaderboard(
  db: Db,
  tenantId: string,
  campaignId: string,
  page: { offset: number; limit: number } = { offset: 0, limit: 5 },
): Promise<Leaderboard> {
  const { settings, boardCount: total } = await fundraisingAndBoard(db, tenantId, campaignId);
  const rule = settings.ranking;
  const [rows, teams] = await Promise.all([
    boardPage(db, tenantId, campaignId, rule, page),
    page.offset === 0 ? topTeams(db, tenantId, campaignId, rule, TEAMS_SHOWN) : Promise.resolve([]),
  ]);
  return {
    visible: settings.enabled && leaderboardVisible(total, settings.leaderboardMin),
    ranking: rule,
    total,
    fundraisers: entries(rows, rule),
    teams: teams.map((t) => ({
      rank: t.place,
      id: t.id,
      slug: t.slug,
      name: maskContacts(t.name).text,
      raisedMinor: t.raisedMinor,
      donorCount: t.donorCount,
      score: scoreOf(t, rule),
      members: t.members,
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

/** Room left for `data` in a realtime message once its envelope (ids, channel, time) is counted. */
const DATA_BYTES = MAX_MESSAGE_BYTES - 600;
const utf8 = new TextEncoder();

/**
 * The `fundraisers` message after a gift or refund through a fundraiser committed: its totals,
 * its rank and the board's first places, read once for every viewer (issue 25). The rank is exact
 * within the first RANKED_PLACES places (from the first places when it is among them, else from a
 * count that stops there) and null beyond: a count to the 10,000th place would grow with the
 * board. The first places are cut (never to fewer than 5, the campaign page's) rather than let
 * the message outgrow the realtime limit, which would send it empty.
 */
export async function liveBoardMessage(
  db: Db,
  tenantId: string,
  campaignId: string,
  changed: { id: string; raisedMinor: number; donorCount: number; teamId: string | null; refund: boolean },
): Promise<FundraiserTotalsMessage> {
  const { ranking: rule } = await fundraisingSettings(db, tenantId, campaignId);
  const rows = await boardPage(db, tenantId, campaignId, rule, { offset: 0, limit: LIVE_TOP + 1 });
  const shown = rows.find((row) => row.id === changed.id);
  const better = shown
    ? shown.place - 1
    : await countBetterUpTo(db, tenantId, campaignId, rule, changed, RANKED_PLACES);
  const top = entries(rows.slice(0, LIVE_TOP), rule).map(answerRow);
  const message: FundraiserTotalsMessage = {
    fundraiserId: changed.id,
    raisedMinor: changed.raisedMinor,
    donorCount: changed.donorCount,
    teamId: changed.teamId,
    rank: better < RANKED_PLACES ? better + 1 : null,
    refund: changed.refund,
    top,
    more: rows.length > LIVE_TOP,
    asOf: rows[0]?.readAt ?? Date.now() * 1000,
  };
  while (message.top.length > 5 && utf8.encode(JSON.stringify(message)).byteLength > DATA_BYTES) {
    message.top = message.top.slice(0, Math.max(5, message.top.length - 5));
    message.more = true;
  }
  return message;
}
