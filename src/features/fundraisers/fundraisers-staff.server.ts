// Fundraisers' staff side (issue 13): the list, one page's review (documents, reports), the
// actions on a page, and the campaign's fundraising settings. Pages call these through index.ts.
import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { isOpenForGifts } from '#features/donations/index.ts';
import type { MessageKey } from '#i18n/t.ts';
import { parseUuid } from '#lib/input.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import { customerContact } from './fundraiser-gifts-repo.server';
import {
  findFile,
  markFileReviewed,
  reportsOf,
  resolveReports,
  staffRows,
  staffTeamRows,
} from './fundraiser-moderation-repo.server';
import {
  campaignPublicIdOf,
  type FundraiserRow,
  type FundraiserStatus,
  findFundraiser,
  findTeam,
  updateFundraiser,
} from './fundraiser-repo.server';
import { type FundraisingSettings, fundraisingSettings, saveFundraisingSettings } from './fundraisers.server';
import { campaignLeaderboard, type Leaderboard } from './leaderboard.server';

// --- Staff ---

export type StaffAction = 'approve' | 'hide' | 'close' | 'reopen' | 'verify' | 'reject' | 'resolve';
export const STAFF_ACTIONS: readonly StaffAction[] = [
  'approve',
  'hide',
  'close',
  'reopen',
  'verify',
  'reject',
  'resolve',
];

export function staffFundraisers(db: Db, tenantId: string, filter: { status?: FundraiserStatus; q?: string } = {}) {
  return staffRows(db, tenantId, filter);
}

export function staffTeams(db: Db, tenantId: string) {
  return staffTeamRows(db, tenantId);
}

export async function staffFundraiser(db: Db, tenantId: string, id: string) {
  const fundraiserId = parseUuid(id);
  if (!fundraiserId) return null;
  const row = await findFundraiser(db, tenantId, fundraiserId);
  if (!row) return null;
  const identity = await findFile(db, tenantId, row.id, 'identity');
  const team = row.teamId ? await findTeam(db, tenantId, row.teamId) : null;
  const owner = row.customerId ? await customerContact(db, tenantId, row.customerId) : null;
  const campaignPublicId = (await campaignPublicIdOf(db, tenantId, row.campaignId)) ?? '';
  return {
    row,
    campaignPublicId,
    team,
    owner,
    identity: identity ? { contentType: identity.contentType, reviewed: identity.reviewedBy !== null } : null,
    reports: await reportsOf(db, tenantId, row.id),
  };
}

/**
 * A staff action posted from a form (the list's or a page's buttons): a form naming no action is a
 * 400, an action refused (an unknown page, verification missing) a 422, with the message to show.
 */
export async function staffActOnForm(
  db: Db,
  input: { tenantId: string; id: string; form: Record<string, string>; staffId: string },
): Promise<{ ok: boolean; key: MessageKey; status?: number }> {
  const named = input.form.action ?? '';
  const action = (STAFF_ACTIONS as readonly string[]).includes(named) ? (named as StaffAction) : null;
  if (!action) return { ok: false, key: 'fundraiser.staff.notFound', status: 400 };
  const result = await staffAct(db, { tenantId: input.tenantId, id: input.id, action, staffId: input.staffId });
  return result.ok ? { ok: true, key: 'fundraiser.staff.done' } : { ok: false, key: result.error, status: 422 };
}

export async function identityDocument(db: Db, tenantId: string, id: string) {
  const fundraiserId = parseUuid(id);
  return fundraiserId ? findFile(db, tenantId, fundraiserId, 'identity') : null;
}

/**
 * Staff approve, hide, close or reopen a page, verify or reject its identity document, or resolve
 * its reports. A page waiting for verification is approved only once verified.
 */
export async function staffAct(
  db: Db,
  input: { tenantId: string; id: string; action: StaffAction; staffId: string },
): Promise<{ ok: true; row: FundraiserRow } | { ok: false; error: MessageKey }> {
  const fundraiserId = parseUuid(input.id);
  if (!fundraiserId) return { ok: false, error: 'fundraiser.staff.notFound' };
  const row = await findFundraiser(db, input.tenantId, fundraiserId);
  if (!row) return { ok: false, error: 'fundraiser.staff.notFound' };
  const settings = await fundraisingSettings(db, input.tenantId, row.campaignId);
  let next: Partial<Pick<FundraiserRow, 'status' | 'verification' | 'approvedAt'>> = {};
  switch (input.action) {
    case 'approve':
      if (settings.requiresVerification && row.verification !== 'verified')
        return { ok: false, error: 'fundraiser.staff.verifyFirst' };
      // Approved: its links and phone numbers show as written from now on.
      next = { status: 'live', approvedAt: new Date() };
      break;
    case 'hide':
      next = { status: 'hidden' };
      break;
    case 'close':
      next = { status: 'closed' };
      break;
    case 'reopen':
      // Staff looked at it again (a page hidden by reports, say): that approves it too.
      next = { status: 'live', approvedAt: new Date() };
      break;
    case 'verify':
      await markFileReviewed(db, input.tenantId, row.id, input.staffId);
      next = { verification: 'verified' };
      break;
    case 'reject':
      await markFileReviewed(db, input.tenantId, row.id, input.staffId);
      next = { verification: 'rejected' };
      break;
    case 'resolve':
      await resolveReports(db, input.tenantId, row.id);
      return { ok: true, row };
  }
  let after: AfterCommit[] = [];
  const updated = await transaction(db, async (tx) => {
    const saved = await updateFundraiser(tx, input.tenantId, row.id, next);
    const change =
      input.action === 'approve' || input.action === 'reopen'
        ? 'approved'
        : input.action === 'hide'
          ? 'hidden'
          : input.action === 'close'
            ? 'closed'
            : 'verified';
    after = await events.emit(tx, 'fundraiser.changed', {
      tenantId: input.tenantId,
      fundraiserId: row.id,
      campaignId: row.campaignId,
      change,
    });
    return saved;
  });
  await runAfterCommit(after, (error) => log.warn('after fundraiser change failed', errorFields(error)));
  return updated ? { ok: true, row: updated } : { ok: false, error: 'fundraiser.staff.notFound' };
}

/** What a campaign page shows of fundraising: the "Fundraise" link and, past its minimum, the leaderboard. */
export async function campaignFundraisingPanel(
  db: Db,
  tenantId: string,
  campaign: { id: string; status: string; startsAt: Date; endsAt: Date | null },
  now = new Date(),
): Promise<{ canStart: boolean; board: Leaderboard | null }> {
  const settings = await fundraisingSettings(db, tenantId, campaign.id);
  if (!settings.enabled) return { canStart: false, board: null };
  const board = await campaignLeaderboard(db, tenantId, campaign.id, { offset: 0, limit: 5 });
  return {
    canStart: isOpenForGifts(
      { status: campaign.status as 'live', startsAt: campaign.startsAt, endsAt: campaign.endsAt },
      now,
    ),
    board: board.visible ? board : null,
  };
}

/** Every campaign's fundraising settings, for staff's settings page. */
export async function staffFundraisingSettings(
  db: Db,
  tenantId: string,
  campaignIds: string[],
): Promise<Map<string, FundraisingSettings>> {
  const entries = await Promise.all(
    campaignIds.map(async (id) => [id, await fundraisingSettings(db, tenantId, id)] as const),
  );
  return new Map(entries);
}

/** Staff save a campaign's settings; false when the campaign is not the tenant's. */
export async function saveCampaignFundraising(
  db: Db,
  tenantId: string,
  campaignId: string,
  settings: FundraisingSettings,
): Promise<boolean> {
  const id = parseUuid(campaignId);
  if (!id || !(await campaignPublicIdOf(db, tenantId, id))) return false;
  await saveFundraisingSettings(db, tenantId, id, settings);
  return true;
}
