// A visitor's report of a fundraiser's page (issue 13): counted once per person; enough of them hide
// a live page and tell the owners. Staff's side is in fundraisers-staff.server.ts.
import { createHash } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { CAMPAIGN_ID } from '#features/donations/index.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import { hitRateLimit } from '#server/rate-limit.server.ts';
import { insertReport, openReporters } from './fundraiser-moderation-repo.server';
import { findCampaign, findFundraiserBySlug, hideIfLive } from './fundraiser-repo.server';
import { isSlug } from './fundraiser-rules';
import { fundraisingSettings } from './fundraisers.server';

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
