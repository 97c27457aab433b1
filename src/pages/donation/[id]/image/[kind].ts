import type { APIRoute } from 'astro';
import { CAMPAIGN_IMAGE_KINDS, type CampaignImageKind, campaignImage } from '#features/donations/index.server.ts';
import { versionedFile } from '#server/http.ts';

/**
 * `GET /donation/{publicId}/image/{cover|share}?v={version}`: a campaign's picture, from the
 * database. The versioned URL (the pages link it) is cached for a year; any other for 5 minutes.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const kind = params.kind ?? '';
  if (!(CAMPAIGN_IMAGE_KINDS as readonly string[]).includes(kind)) {
    return new Response(locals.t('error.notFound.message'), { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  const image = await campaignImage(locals.db, locals.tenant.id, params.id ?? '', kind as CampaignImageKind);
  if (!image) {
    return new Response(locals.t('error.notFound.message'), { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  return versionedFile(image, url.searchParams.get('v'));
};
