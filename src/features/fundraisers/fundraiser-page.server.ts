import type { Db } from '#db/client.server.ts';
import { CAMPAIGN_ID, isOpenForGifts, publicDonorName } from '#features/donations/index.server.ts';
import type { LocalizedText } from '#i18n/locales.ts';
import { paidGiftsOf } from './fundraiser-gifts-repo.server';
import { fileVersions, findFile } from './fundraiser-moderation-repo.server';
import {
  type FundraiserRow,
  type FundraiserStatus,
  findCampaign,
  findFundraiserBySlug,
  findTeam,
  type TeamRow,
} from './fundraiser-repo.server';
import { isSlug, maskContacts, publicTexts } from './fundraiser-rules';

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
