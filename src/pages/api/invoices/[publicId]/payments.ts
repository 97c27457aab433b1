import type { APIRoute } from 'astro';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import { PAY_ERROR_KEYS, retryMinutes, startInvoicePayment } from '#features/payments/index.server.ts';
import { StartPaymentBody } from '#features/payments/payments.schema.ts';
import type { PaymentStartedResponse } from '#features/payments/payments-api.schema.ts';
import { badRequest, json, readJson, tooManyRequests } from '#server/http.ts';

/**
 * Starts paying an invoice: answers how the browser continues (redirect, Stripe, counter). The
 * panel's island asks here; without JavaScript the same panel posts its form to
 * `/invoices/{publicId}/pay`, which starts the payment the same way (`startInvoicePayment`).
 * The island sends an `idempotencyKey` per attempt and retries a lost answer with it: the same
 * key answers the same payment (docs/payments.md).
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const database = locals.db;
  const invoice = await invoiceByPublicId(database, locals.tenant, params.publicId ?? '');
  if (!invoice) return json({ error: locals.t('error.notFound.message') }, { status: 404 });
  const body = StartPaymentBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  const started = await startInvoicePayment(
    database,
    { tenant: locals.tenant, locale: locals.locale, ip: locals.clientIp, origin: locals.origin },
    invoice,
    body.data,
  );
  if (!started.ok) {
    if (started.error === 'rate_limited') {
      const minutes = retryMinutes(started.retryAfterSeconds);
      const error = locals.t('invoice.rateLimited', { minutes, count: minutes });
      return tooManyRequests({ error }, started.retryAfterSeconds ?? 60);
    }
    return json({ error: locals.t(PAY_ERROR_KEYS[started.error]) }, { status: 409 });
  }
  return json(started.answer satisfies PaymentStartedResponse);
};
