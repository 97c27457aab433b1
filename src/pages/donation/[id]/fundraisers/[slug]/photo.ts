import type { APIRoute } from 'astro';
import { fundraiserPhoto } from '#features/fundraisers/index.server.ts';
import { versionedFile } from '#server/http.ts';

/**
 * `GET /donation/{campaign}/fundraisers/{slug}/photo?v={version}`: a public fundraiser's photo
 * (checked by type and size on upload). The versioned URL is cached for a year; any other 5 minutes.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const photo = await fundraiserPhoto(locals.db, locals.tenant.id, params.id ?? '', params.slug ?? '');
  if (!photo) {
    return new Response(locals.t('error.notFound.message'), { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  return versionedFile(photo, url.searchParams.get('v'), { 'Content-Security-Policy': "default-src 'none'" });
};
