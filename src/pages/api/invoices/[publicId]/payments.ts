import type { APIRoute } from 'astro';
import { invoiceByPublicId } from '../../../../features/invoices';
import { appProviders, createPayment } from '../../../../features/payments';
import { StartPaymentBody } from '../../../../features/payments/payments.schema';
import type { PaymentStartedResponse } from '../../../../features/payments/payments-api.schema';
import { localePath } from '../../../../i18n/routing';
import { badRequest, json, readJson } from '../../../../server/http';

/** Starts paying an invoice: answers how the browser continues (redirect, Stripe, counter). */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const database = locals.db;
  const invoice = await invoiceByPublicId(database, locals.tenant, params.publicId ?? '');
  if (!invoice) return json({ error: locals.t('error.notFound.message') }, { status: 404 });
  const body = StartPaymentBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  const verifyPath = localePath(
    locals.locale,
    invoice.kind === 'donation'
      ? `/invoices/${invoice.publicId}/donation/verify`
      : `/invoices/${invoice.publicId}/verify`,
  );
  const result = await createPayment(database, appProviders(database), {
    tenant: locals.tenant,
    invoice,
    method: body.data.method,
    coverFees: body.data.coverFees,
    locale: locals.locale,
    ip: locals.clientIp,
    siteOrigin: locals.origin,
    returnPath: verifyPath,
  });
  if (!result.ok) {
    if (result.reason === 'rate_limited') {
      const minutes = Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60));
      return json(
        { error: locals.t('invoice.rateLimited', { minutes, count: minutes }) },
        { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds ?? 60) } },
      );
    }
    const key = result.reason === 'not_payable' ? 'invoice.notPayable' : 'invoice.methodUnavailable';
    return json({ error: locals.t(key) }, { status: 409 });
  }
  const started = {
    paymentId: result.paymentId,
    verifyUrl: new URL(`${verifyPath}?payment=${result.paymentId}`, locals.origin).href,
  };
  const { start } = result;
  const answer: PaymentStartedResponse =
    start.kind === 'offline'
      ? { ...started, kind: 'offline', instructions: result.instructions }
      : start.kind === 'redirect'
        ? { ...started, kind: 'redirect', url: start.url }
        : {
            ...started,
            kind: 'client_secret',
            clientSecret: start.clientSecret,
            publishableKey: start.publishableKey,
          };
  return json(answer);
};
