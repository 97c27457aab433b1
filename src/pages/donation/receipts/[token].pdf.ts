import type { APIRoute } from 'astro';
import { receiptPdfFor } from '#features/donations/index.server.ts';

/**
 * `/donation/receipts/{token}.pdf`: a donor's receipt by the signed link in its e-mail (and on the
 * plan's page), in the language they gave in. A changed token is a 404.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const pdf = await receiptPdfFor(locals.db, { tenant: locals.tenant, token: params.token ?? '' });
  if (!pdf) return new Response(locals.t('error.notFound.message'), { status: 404 });
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${pdf.filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
};
