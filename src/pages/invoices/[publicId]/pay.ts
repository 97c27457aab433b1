import type { APIRoute } from 'astro';
import { z } from 'zod';
import { invoiceByPublicId, invoicePath } from '#features/invoices/index.server.ts';
import { PAYMENT_METHODS, payPanelReturn, retryMinutes, startInvoicePayment } from '#features/payments/index.server.ts';
import { HttpError } from '#lib/http-error.ts';
import { readForm } from '#server/http.ts';

const PayForm = z.object({
  method: z.enum(PAYMENT_METHODS),
  coverFees: z.literal('on').optional(),
  back: z.string().max(2000).optional(),
});

/**
 * The payment panel's form, posted without JavaScript (issue 23): starts the payment as the
 * island's call does, then sends the browser on with a 303 — to the gateway's page, or (the
 * counter) straight to the verify page. A refusal goes back to the page the panel was on with
 * `?payError=` for the panel to show. Stripe's card form needs JavaScript: that choice is refused
 * here before anything is recorded.
 */
export const POST: APIRoute = async ({ params, request, locals, redirect }) => {
  const { tenant, locale, t } = locals;
  const invoice = await invoiceByPublicId(locals.db, tenant, params.publicId ?? '');
  if (!invoice) throw new HttpError(404, t('error.notFound.message'));
  const form = PayForm.safeParse(await readForm(request));
  if (!form.success) throw new HttpError(400, t('invoice.methodInvalid'));
  const started = await startInvoicePayment(
    locals.db,
    { tenant, locale, ip: locals.clientIp, origin: locals.origin },
    invoice,
    { method: form.data.method, coverFees: form.data.coverFees === 'on', form: true },
  );
  if (started.ok) {
    const { answer } = started;
    return redirect(answer.kind === 'redirect' && answer.url ? answer.url : answer.verifyUrl, 303);
  }
  const invoicePage = invoicePath(locale, invoice.kind, invoice.publicId);
  const minutes = started.error === 'rate_limited' ? retryMinutes(started.retryAfterSeconds) : undefined;
  return redirect(payPanelReturn(form.data.back, invoicePage, started.error, minutes), 303);
};
