import type { APIRoute } from 'astro';
import { identityDocument } from '#features/fundraisers/index.server.ts';

/** `GET /staff/fundraisers/{id}/identity`: a fundraiser's identity document, for staff only (the route table). */
export const GET: APIRoute = async ({ params, locals }) => {
  const file = await identityDocument(locals.db, locals.tenant.id, params.id ?? '');
  if (!file)
    return new Response(locals.t('error.notFound.message'), { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': 'inline',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
};
