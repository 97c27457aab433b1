import type { Db } from '#db/client.server.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { transaction } from '#db/transaction.server.ts';
import { CAMPAIGN_ID, isOpenForGifts } from '#features/donations/index.server.ts';
import type { MessageKey } from '#i18n/t.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { zonedDayStart } from '#lib/zoned-time.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import type { FundraiserChangedEvent } from './fundraiser-events';
import type { StartFundraiserValues } from './fundraiser-form.schema';
import { saveFile } from './fundraiser-moderation-repo.server';
import { processPhoto } from './fundraiser-photo.server';
import {
  type CampaignRef,
  type FundraiserRow,
  type FundraisingRow,
  findCampaign,
  findFundraising,
  findTeamBySlug,
  insertFundraiser,
  insertTeam,
  lockCustomerPages,
  openPagesOf,
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
  MAX_OPEN_PAGES_PER_CUSTOMER,
  maskContacts,
  PHOTO_TYPES,
  type Ranking,
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

/**
 * The settings and the board's kept count of fundraisers (live or closed), both on the campaign's
 * fundraising row: one read for a leaderboard (issue 25).
 */
export async function fundraisingAndBoard(
  db: Db,
  tenantId: string,
  campaignId: string,
): Promise<{ settings: FundraisingSettings; boardCount: number }> {
  const row = await findFundraising(db, tenantId, campaignId);
  return { settings: settingsOf(row), boardCount: row?.boardCount ?? 0 };
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
