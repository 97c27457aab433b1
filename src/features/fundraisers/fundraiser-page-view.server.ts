// The loading every page under `/donation/{campaign}/fundraisers/{slug}` shares (the page, its
// give form, its report form): the public fundraiser page the address names (donors' names with
// the visitor's word for "anonymous") and the page's own path. Null: the page answers 404.
import type { Db } from '#db/client.server.ts';
import type { Translate } from '#i18n/t.ts';
import { type FundraiserPage, fundraiserPage } from './fundraiser-page.server';
import { fundraiserPaths } from './paths';

export async function loadFundraiserPage(
  locals: { db: Db; tenant: { id: string }; t: Translate },
  params: { id?: string | undefined; slug?: string | undefined },
): Promise<{ page: FundraiserPage; pagePath: string } | null> {
  const anonymous = locals.t('donation.campaign.anonymous');
  const page = await fundraiserPage(locals.db, locals.tenant.id, params.id ?? '', params.slug ?? '', anonymous);
  if (!page) return null;
  return { page, pagePath: fundraiserPaths.page(page.campaign.publicId, page.fundraiser.slug) };
}
