// The leaderboard endpoint's answer, checked by hand with zod's `safeParse` shape for apiCall
// (as booking/slot-page-answers.ts): the campaign page's only script stays inside its 15 KB budget.
import type { ResponseSchema } from '#lib/api-client.ts';

export interface LeaderboardRow {
  rank: number;
  id: string;
  slug: string;
  name: string;
  title: string;
  raisedMinor: number;
  donorCount: number;
  verified: boolean;
  teamName: string | null;
}
export interface TeamRowAnswer {
  rank: number;
  id: string;
  name: string;
  raisedMinor: number;
  members: number;
}
export interface LeaderboardResponse {
  visible: boolean;
  total: number;
  fundraisers: LeaderboardRow[];
  teams: TeamRowAnswer[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const str = (v: unknown) => typeof v === 'string';

function isRow(v: unknown): boolean {
  return (
    isRecord(v) &&
    num(v.rank) &&
    str(v.id) &&
    str(v.slug) &&
    str(v.name) &&
    str(v.title) &&
    num(v.raisedMinor) &&
    num(v.donorCount) &&
    typeof v.verified === 'boolean' &&
    (v.teamName === null || str(v.teamName))
  );
}
function isTeam(v: unknown): boolean {
  return isRecord(v) && num(v.rank) && str(v.id) && str(v.name) && num(v.raisedMinor) && num(v.members);
}

/** `GET /api/fundraisers/campaigns/{publicId}/leaderboard?offset=&limit=`. */
export const LeaderboardResponse: ResponseSchema<LeaderboardResponse> = {
  safeParse: (data) =>
    isRecord(data) &&
    typeof data.visible === 'boolean' &&
    num(data.total) &&
    Array.isArray(data.fundraisers) &&
    data.fundraisers.every(isRow) &&
    Array.isArray(data.teams) &&
    data.teams.every(isTeam)
      ? { success: true, data: data as unknown as LeaderboardResponse }
      : { success: false },
};
