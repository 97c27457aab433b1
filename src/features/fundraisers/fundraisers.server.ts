// Fundraisers' use cases (issue 13): start a page under a campaign, show it, the leaderboard, a
// visitor's report (staff's side: fundraisers-staff.server.ts). Pages call these through index.ts.
import { createHash } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { transaction } from '#db/transaction.server.ts';
import { CAMPAIGN_ID, isOpenForGifts, publicDonorName } from '#features/donations/index.server.ts';
import type { LocalizedText } from '#i18n/locales.ts';
import type { MessageKey } from '#i18n/t.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { zonedDayStart } from '#lib/zoned-time.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import { hitRateLimit } from '#server/rate-limit.server.ts';
import type { FundraiserChangedEvent } from './fundraiser-events';
import type { StartFundraiserValues } from './fundraiser-form.schema';
import { processPhoto } from './fundraiser-photo.server';
import {
  type CampaignRef,
  countLive,
  type FundraiserRow,
  type FundraiserStatus,
  type FundraisingRow,
  fileVersions,
  findCampaign,
  findFile,
  findFundraiserBySlug,
  findFundraising,
  findTeam,
  findTeamBySlug,
  hideIfLive,
  insertFundraiser,
  insertReport,
  insertTeam,
  liveFundraisers,
  lockCustomerPages,
  openPagesOf,
  openReporters,
  paidGiftsOf,
  saveFile,
  saveFundraising,
  type TeamRow,
  takenSlugs,
  teamsOfCampaign,
} from './fundraiser-repo.server';
import {
  DEFAULT_LEADERBOARD_MIN,
  DEFAULT_REPORT_THRESHOLD,
  type FileProblem,
  fileProblem,
  IDENTITY_TYPES,
  isSlug,
  leaderboardVisible,
  MAX_OPEN_PAGES_PER_CUSTOMER,
  maskContacts,
  PHOTO_TYPES,
  publicTexts,
  type Ranking,
  rank,
  slugify,
  uniqueSlug,
} from './fundraiser-rules';

export type { FundraiserRow, TeamRow };

export interface FundraisingSettings {
  enabled: boolean;
  /** New pages wait for staff approval: the default (issue 23); a campaign may opt out. */
  approval: boolean;
  requiresVerification: boolean;
  ranking: Ranking;
  leaderboardMin: number;
  /** A live page is hidden once this many distinct people reported it. */
  reportThreshold: number;
}

const DEFAULT_SETTINGS: FundraisingSettings = {
  enabled: true,
  approval: true,
  requiresVerification: false,
  ranking: 'amount',
  leaderboardMin: DEFAULT_LEADERBOARD_MIN,
  reportThreshold: DEFAULT_REPORT_THRESHOLD,
};

function settingsOf(row: FundraisingRow | null): FundraisingSettings {
  if (!row) return DEFAULT_SETTINGS;
  const { enabled, approval, requiresVerification, ranking, leaderboardMin, reportThreshold } = row;
  return { enabled, approval, requiresVerification, ranking, leaderboardMin, reportThreshold };
}

export async function fundraisingSettings(db: Db, tenantId: string, campaignId: string): Promise<FundraisingSettings> {
  return settingsOf(await findFundraising(db, tenantId, campaignId));
}

export async function saveFundraisingSettings(
  db: Db,
  tenantId: string,
  campaignId: string,
  settings: FundraisingSettings,
): Promise<void> {
  await saveFundraising(db, tenantId, campaignId, settings);
  await emitChanged(db, { tenantId, fundraiserId: campaignId, campaignId, change: 'updated' });
}

async function emitChanged(db: Db, event: FundraiserChangedEvent) {
  let after: AfterCommit[] = [];
  await transaction(db, async (tx) => {
    after = await events.emit(tx, 'fundraiser.changed', event);
  });
  await runAfterCommit(after, (error) => log.warn('after fundraiser change failed', errorFields(error)));
}

/** A campaign a supporter may start a page under: live, open for gifts, fundraising enabled. */
export async function campaignForFundraising(
  db: Db,
  tenantId: string,
  publicId: string,
  now = new Date(),
): Promise<{ campaign: CampaignRef; settings: FundraisingSettings; teams: TeamRow[] } | null> {
  if (!CAMPAIGN_ID.test(publicId)) return null;
  const campaign = await findCampaign(db, tenantId, publicId);
  if (!campaign || !isOpenForGifts(campaign, now)) return null;
  const settings = await fundraisingSettings(db, tenantId, campaign.id);
  if (!settings.enabled) return null;
  return { campaign, settings, teams: await teamsOfCampaign(db, tenantId, campaign.id) };
}

export interface UploadedFile {
  type: string;
  bytes: Uint8Array;
}

export type StartResult =
  | { ok: true; fundraiser: FundraiserRow; campaignPublicId: string }
  | { ok: false; status: number; error: MessageKey | FileProblem; field?: string };

/**
 * A logged-in customer starts a page under a campaign: live at once, or pending until staff
 * approve (and verify the identity document when the campaign asks for one).
 */
export async function startFundraiser(
  db: Db,
  input: {
    tenantId: string;
    timeZone: string;
    campaignPublicId: string;
    customerId: string;
    locale: string;
    values: StartFundraiserValues;
    photo: UploadedFile | null;
    identity: UploadedFile | null;
    now?: Date;
  },
): Promise<StartResult> {
  const now = input.now ?? new Date();
  const found = await campaignForFundraising(db, input.tenantId, input.campaignPublicId, now);
  if (!found) return { ok: false, status: 404, error: 'fundraiser.start.closed' };
  const { campaign, settings } = found;
  const { values } = input;
  if (input.photo) {
    const problem = fileProblem({ ...input.photo, size: input.photo.bytes.length }, PHOTO_TYPES);
    if (problem) return { ok: false, status: 422, error: problem, field: 'photo' };
  }
  const photo = input.photo ? await processPhoto(input.photo.bytes) : null;
  if (input.photo && !photo) return { ok: false, status: 422, error: 'fundraiser.file.badType', field: 'photo' };
  if (input.identity) {
    const problem = fileProblem({ ...input.identity, size: input.identity.bytes.length }, IDENTITY_TYPES);
    if (problem) return { ok: false, status: 422, error: problem, field: 'identity' };
  }
  if (settings.requiresVerification && !input.identity) {
    return { ok: false, status: 422, error: 'fundraiser.start.identityRequired', field: 'identity' };
  }
  const endsAt = values.endsOn ? zonedDayStart(values.endsOn, input.timeZone, 1) : null;
  if (endsAt && endsAt.getTime() <= now.getTime()) {
    return { ok: false, status: 422, error: 'fundraiser.form.dateInvalid', field: 'endsOn' };
  }
  let team: TeamRow | null = null;
  if (values.team === 'join') {
    team = await findTeamBySlug(db, input.tenantId, campaign.id, values.teamSlug ?? '');
    if (!team) return { ok: false, status: 422, error: 'fundraiser.form.teamMissing', field: 'teamSlug' };
  }
  const pending = settings.approval || settings.requiresVerification;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fundraiser = await transaction(
        db,
        async (tx) => {
          // At most a few open pages per person: one login cannot fill a leaderboard. Their
          // starts are serialised, so pages started at once cannot slip past the limit.
          await lockCustomerPages(tx, input.tenantId, input.customerId);
          if ((await openPagesOf(tx, input.tenantId, input.customerId)) >= MAX_OPEN_PAGES_PER_CUSTOMER) return null;
          let teamId = team?.id ?? null;
          if (values.team === 'create') {
            const base = slugify(values.teamName ?? '') || 'team';
            const slug = uniqueSlug(
              values.teamName ?? '',
              await takenSlugs(tx, input.tenantId, campaign.id, base, 'teams'),
              'team',
            );
            const created = await insertTeam(tx, {
              tenantId: input.tenantId,
              campaignId: campaign.id,
              slug,
              name: values.teamName ?? '',
              createdBy: input.customerId,
            });
            teamId = created.id;
          }
          // The address is public at once and never changes: made from the name with its links
          // and phone numbers left out, so none of them ends up in a link or a QR code.
          const slugName = maskContacts(values.displayName).text;
          const base = slugify(slugName) || 'fundraiser';
          const slug = uniqueSlug(slugName, await takenSlugs(tx, input.tenantId, campaign.id, base, 'fundraisers'));
          const row = await insertFundraiser(tx, {
            tenantId: input.tenantId,
            campaignId: campaign.id,
            customerId: input.customerId,
            teamId,
            slug,
            title: values.title,
            displayName: values.displayName,
            story: values.story,
            goalMinor: values.goal,
            endsAt,
            status: pending ? 'pending' : 'live',
            verification: input.identity ? 'pending' : 'none',
            notify: values.notify,
            locale: input.locale,
          });
          if (photo) {
            await saveFile(tx, {
              tenantId: input.tenantId,
              fundraiserId: row.id,
              kind: 'photo',
              contentType: photo.contentType,
              bytes: photo.bytes,
            });
          }
          if (input.identity) {
            await saveFile(tx, {
              tenantId: input.tenantId,
              fundraiserId: row.id,
              kind: 'identity',
              contentType: input.identity.type,
              bytes: input.identity.bytes,
            });
          }
          await events.emit(tx, 'fundraiser.changed', {
            tenantId: input.tenantId,
            fundraiserId: row.id,
            campaignId: campaign.id,
            change: 'created',
          });
          return row;
        },
        { name: 'start-fundraiser' },
      );
      if (!fundraiser) return { ok: false, status: 422, error: 'fundraiser.start.tooMany' };
      return { ok: true, fundraiser, campaignPublicId: campaign.publicId };
    } catch (error) {
      // Two pages (or teams) took the same slug at once: take the next one.
      const constraint = isUniqueViolation(error);
      if (constraint !== 'fundraisers_campaign_slug_key' && constraint !== 'fundraiser_teams_campaign_slug_key')
        throw error;
    }
  }
  return { ok: false, status: 409, error: 'fundraiser.tryAgain' };
}

export interface FundraiserView {
  id: string;
  slug: string;
  title: string;
  displayName: string;
  story: string;
  goalMinor: number | null;
  raisedMinor: number;
  donorCount: number;
  endsAt: Date | null;
  status: FundraiserStatus;
  verified: boolean;
  /** Links and phone numbers were masked: staff have not approved the page yet. */
  masked: boolean;
  photoVersion: string | null;
  team: { slug: string; name: string; raisedMinor: number; donorCount: number } | null;
}

export interface FundraiserPage {
  campaign: { id: string; publicId: string; title: Partial<LocalizedText> };
  fundraiser: FundraiserView;
  /** Gifts go through it now: page live, its end not passed, the campaign open. */
  open: boolean;
  recentDonors: { name: string; amountMinor: number; paidAt: Date | null }[];
}

function toView(row: FundraiserRow, team: TeamRow | null, photoVersion: string | null): FundraiserView {
  const texts = publicTexts(row);
  return {
    id: row.id,
    slug: row.slug,
    title: texts.title,
    displayName: texts.displayName,
    story: texts.story,
    masked: texts.masked,
    goalMinor: row.goalMinor,
    raisedMinor: row.raisedMinor,
    donorCount: row.donorCount,
    endsAt: row.endsAt,
    status: row.status,
    verified: row.verification === 'verified',
    photoVersion,
    // Team names are typed by supporters and never approved: links and numbers always masked.
    team: team
      ? {
          slug: team.slug,
          name: maskContacts(team.name).text,
          raisedMinor: team.raisedMinor,
          donorCount: team.donorCount,
        }
      : null,
  };
}

/**
 * A public fundraiser page; null (404) unless it is live or closed (pending and hidden pages are
 * not public) under a public campaign.
 */
export async function fundraiserPage(
  db: Db,
  tenantId: string,
  campaignPublicId: string,
  slug: string,
  anonymousLabel: string,
  now = new Date(),
): Promise<FundraiserPage | null> {
  if (!CAMPAIGN_ID.test(campaignPublicId) || !isSlug(slug)) return null;
  const campaign = await findCampaign(db, tenantId, campaignPublicId);
  if (!campaign || campaign.status === 'draft') return null;
  const row = await findFundraiserBySlug(db, tenantId, campaign.id, slug);
  if (!row || (row.status !== 'live' && row.status !== 'closed')) return null;
  const team = row.teamId ? await findTeam(db, tenantId, row.teamId) : null;
  const photo = (await fileVersions(db, tenantId, [row.id], 'photo')).get(row.id) ?? null;
  const gifts = await paidGiftsOf(db, tenantId, row.id, 8);
  return {
    campaign: { id: campaign.id, publicId: campaign.publicId, title: campaign.title },
    fundraiser: toView(row, team, photo),
    open:
      row.status === 'live' &&
      (row.endsAt === null || row.endsAt.getTime() > now.getTime()) &&
      isOpenForGifts(campaign, now),
    recentDonors: gifts.map((g) => ({
      name: publicDonorName(g, anonymousLabel),
      amountMinor: g.amountMinor,
      paidAt: g.paidAt,
    })),
  };
}

/** A live page's photo for the image endpoint (never a hidden or pending page's). */
export async function fundraiserPhoto(db: Db, tenantId: string, campaignPublicId: string, slug: string) {
  if (!CAMPAIGN_ID.test(campaignPublicId) || !isSlug(slug)) return null;
  const campaign = await findCampaign(db, tenantId, campaignPublicId);
  if (!campaign || campaign.status === 'draft') return null;
  const row = await findFundraiserBySlug(db, tenantId, campaign.id, slug);
  if (!row || (row.status !== 'live' && row.status !== 'closed')) return null;
  return findFile(db, tenantId, row.id, 'photo');
}

export interface LeaderboardEntry {
  rank: number;
  id: string;
  slug: string;
  name: string;
  title: string;
  raisedMinor: number;
  donorCount: number;
  score: number;
  verified: boolean;
  teamName: string | null;
}

export interface TeamEntry {
  rank: number;
  id: string;
  slug: string;
  name: string;
  raisedMinor: number;
  donorCount: number;
  score: number;
  members: number;
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

// --- Visitors' reports ---

/**
 * A visitor's report of a live (or closed) page. One person counts once per page — a logged-in
 * customer by their account, anyone else by their address (kept only as a hash) — and once
 * `reportThreshold` distinct people reported it since staff last resolved its reports, a live page
 * is hidden at once and the organisation's owners are told (issue 23).
 */
export async function reportFundraiser(
  db: Db,
  input: {
    tenantId: string;
    campaignPublicId: string;
    slug: string;
    reason: string;
    clientIp: string;
    customerId?: string | null;
  },
): Promise<'sent' | 'limited' | 'not_found'> {
  if (!CAMPAIGN_ID.test(input.campaignPublicId) || !isSlug(input.slug)) return 'not_found';
  const campaign = await findCampaign(db, input.tenantId, input.campaignPublicId);
  if (!campaign) return 'not_found';
  const row = await findFundraiserBySlug(db, input.tenantId, campaign.id, input.slug);
  if (!row || (row.status !== 'live' && row.status !== 'closed')) return 'not_found';
  // 5 reports an hour per IP address: the table of reports is not a place to flood.
  const limited = await hitRateLimit(db, `fundraiser-report:${input.clientIp}`, { limit: 5, windowMs: 3_600_000 });
  if (!limited.allowed) return 'limited';
  const reporterKey = input.customerId
    ? `c:${input.customerId}`
    : `a:${createHash('sha256').update(`${input.tenantId}:${input.clientIp}`).digest('hex')}`;
  const settings = await fundraisingSettings(db, input.tenantId, campaign.id);
  let after: AfterCommit[] = [];
  await transaction(db, async (tx) => {
    if (!(await insertReport(tx, input.tenantId, row.id, input.reason, reporterKey))) return;
    if ((await openReporters(tx, input.tenantId, row.id)) < settings.reportThreshold) return;
    const hidden = await hideIfLive(tx, input.tenantId, row.id);
    if (!hidden) return;
    after = await events.emit(tx, 'fundraiser.changed', {
      tenantId: input.tenantId,
      fundraiserId: row.id,
      campaignId: campaign.id,
      change: 'reported',
    });
  });
  await runAfterCommit(after, (error) => log.warn('after fundraiser report failed', errorFields(error)));
  return 'sent';
}
