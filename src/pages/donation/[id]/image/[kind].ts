import type { APIRoute } from 'astro';
import {
  CAMPAIGN_IMAGE_KINDS,
  type CampaignImageKind,
  campaignImage,
  isCoverWidth,
} from '#features/donations/index.server.ts';
import { versionedFile } from '#server/http.ts';

/**
 * `GET /donation/{publicId}/image/{cover|share}?v={version}[&w={400|800|1200}]`: a campaign's
 * picture, from the database; `w` asks for the cover at that width (WebP, made once and kept:
 * issue 25). The versioned URL (the pages link it) is cached for a year; any other for 5 minutes.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const kind = params.kind ?? '';
  const asked = url.searchParams.get('w');
  const width = asked === null ? undefined : Number(asked);
  const image =
    (CAMPAIGN_IMAGE_KINDS as readonly string[]).includes(kind) && (width === undefined || isCoverWidth(width))
      ? await campaignImage(locals.db, locals.tenant.id, params.id ?? '', kind as CampaignImageKind, width)
      : null;
  if (!image) {
    return new Response(locals.t('error.notFound.message'), { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  return versionedFile(image, url.searchParams.get('v'));
};
