import type { APIRoute } from 'astro';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import { storedPaymentState, VerifyQuery } from '#features/payments/index.server.ts';
import type { PaymentStateResponse } from '#features/payments/payments-api.schema.ts';
import { badRequest, json } from '#server/http.ts';

/**
 * `GET /api/invoices/{publicId}/status[?payment=…]`: the invoice's and the payment's status as
 * stored (no gateway call). An open verify page asks once its live subscription is ready, so a
 * settlement that landed between the page's render and the subscription is never missed.
 */
export const GET: APIRoute = async ({ params, locals, url }) => {
  const database = locals.db;
  const invoice = await invoiceByPublicId(database, locals.tenant, params.publicId ?? '');
  if (!invoice) return json({ error: locals.t('error.notFound.message') }, { status: 404 });
  const query = VerifyQuery.safeParse({ payment: url.searchParams.get('payment') ?? undefined });
  if (!query.success) return badRequest(query.error, locals.t);
  const state = await storedPaymentState(database, {
    tenantId: locals.tenant.id,
    invoiceId: invoice.id,
    invoiceStatus: invoice.status,
    paymentId: query.data.payment ?? null,
  });
  return json(state satisfies PaymentStateResponse, { headers: { 'Cache-Control': 'private, no-store' } });
};
