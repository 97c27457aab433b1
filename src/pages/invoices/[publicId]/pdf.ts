import type { APIRoute } from 'astro';
import {
  invoiceByPublicId,
  invoiceLocale,
  invoicePdfFilename,
  renderInvoicePdf,
} from '#features/invoices/index.server.ts';

/**
 * The printable invoice (or receipt, once paid) as PDF, in the invoice's own language (the one it
 * was created in), whichever language prefix the link carried.
 */
export const GET: APIRoute = async ({ params, locals }) => {
  const invoice = await invoiceByPublicId(locals.db, locals.tenant, params.publicId ?? '');
  if (!invoice) return new Response(locals.t('error.notFound.message'), { status: 404 });
  const locale = invoiceLocale(invoice, locals.locale);
  const pdf = await renderInvoicePdf({
    invoice,
    tenant: locals.tenant,
    locale,
    publicBaseUrl: locals.origin,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${invoicePdfFilename(invoice, locale)}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  });
};
