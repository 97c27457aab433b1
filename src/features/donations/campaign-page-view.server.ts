// The loading the campaign page (`/donation/{publicId}`) and its frameable twin (`embed-page`)
// share: the campaign with its totals and recent donors, its title and its address to share, and
// what CampaignBody is handed. Each page adds its donate link (and the site page its extras).
import type { Db } from '#db/client.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { type Locale, localized } from '#i18n/locales.ts';
import type { Translate } from '#i18n/t.ts';
import { type CampaignPage, campaignPage } from './campaigns.server';
import { campaignPath } from './paths';

export interface CampaignPageView {
  campaign: CampaignPage['campaign'];
  title: string;
  /** The campaign's absolute address (share links, canonical). */
  url: string;
  /** CampaignBody's props but its donate link. */
  body: {
    page: CampaignPage;
    locale: Locale;
    t: Translate;
    currency: Tenant['currency'];
    timeZone: string;
    now: Date;
    shareUrl: string;
  };
}

/** A live (or ended) campaign's page by its public id, or null (unknown, draft): the page answers 404. */
export async function loadCampaignPageView(
  locals: { db: Db; tenant: Tenant; locale: Locale; t: Translate },
  publicId: string,
  origin: string,
  now: Date,
): Promise<CampaignPageView | null> {
  const { db, tenant, locale, t } = locals;
  const page = await campaignPage(db, tenant.id, publicId, now, t('donation.campaign.anonymous'));
  if (!page) return null;
  const { campaign } = page;
  const url = new URL(campaignPath(locale, campaign.publicId), origin).href;
  const body = { page, locale, t, currency: tenant.currency, timeZone: tenant.timeZone, now, shareUrl: url };
  return { campaign, title: localized(campaign.title, locale), url, body };
}
