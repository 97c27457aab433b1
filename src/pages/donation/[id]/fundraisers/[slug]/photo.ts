import type { APIRoute } from 'astro';
import { fundraiserPhoto } from '#features/fundraisers/index.server.ts';

/**
 * `GET /donation/{campaign}/fundraisers/{slug}/photo?v={version}`: a public fundraiser's photo
 * (checked by type and size on upload). The versioned URL is cached for a year; any other 5 minutes.
 */
export const GET: APIRoute = async ({ params, url, locals }) => {
  const photo = await fundraiserPhoto(locals.db, locals.tenant.id, params.id ?? '', params.slug ?? '');
  if (!photo) {
    return new Response(locals.t('error.notFound.message'), { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  const versioned = url.searchParams.get('v') === photo.version;
  return new Response(photo.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': photo.contentType,
      'Content-Length': String(photo.bytes.length),
      'Cache-Control': versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      ETag: `"${photo.version}"`,
    },
  });
};
