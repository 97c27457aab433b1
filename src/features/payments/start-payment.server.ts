import type { Db } from '#db/client.server.ts';
import { type InvoiceView, invoiceVerifyPath } from '#features/invoices/index.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { appProviders } from './app-providers.server';
import { createPayment } from './create-payment.server';
import type { PayError } from './pay-panel';
import type { PaymentStartedResponse } from './payments-api.schema';
import type { PaymentMethod } from './provider';
import { stripeConfigured } from './providers';

export type StartedPayment =
  | { ok: true; answer: PaymentStartedResponse }
  | { ok: false; error: PayError; status: 409 | 429; retryAfterSeconds?: number };

/**
 * Whether paying with `method` needs JavaScript in the payer's browser: Stripe's Payment Element
 * (card and FPX once Stripe is configured) runs only in the page. The sandbox gateway and the
 * counter are plain pages and forms.
 */
export function methodNeedsScript(method: PaymentMethod): boolean {
  return method !== 'counter' && stripeConfigured();
}

/** The page a payer comes back to from the gateway (the verify/thank-you page), in their language. */
export function verifyPathOf(locale: Locale, invoice: Pick<InvoiceView, 'kind' | 'publicId'>): string {
  return invoiceVerifyPath(locale, invoice.kind, invoice.publicId);
}

/**
 * Starts paying an invoice, for both ways of asking: the island's JSON call
 * (`POST /api/invoices/{id}/payments`) and the panel's plain form post (`POST /invoices/{id}/pay`,
 * no JavaScript). `form`: the payer's browser runs no script, so a method that needs one is
 * refused before any payment is recorded.
 */
export async function startInvoicePayment(
  db: Db,
  context: { tenant: Tenant; locale: Locale; ip: string; origin: string },
  invoice: InvoiceView,
  choice: { method: PaymentMethod; coverFees: boolean; form?: boolean; idempotencyKey?: string | undefined },
): Promise<StartedPayment> {
  if (choice.form && methodNeedsScript(choice.method)) return { ok: false, error: 'needs_script', status: 409 };
  const verifyPath = verifyPathOf(context.locale, invoice);
  const result = await createPayment(db, appProviders(db), {
    tenant: context.tenant,
    invoice,
    method: choice.method,
    coverFees: choice.coverFees,
    locale: context.locale,
    ip: context.ip,
    siteOrigin: context.origin,
    returnPath: verifyPath,
    idempotencyKey: choice.idempotencyKey,
  });
  if (!result.ok) {
    return result.reason === 'rate_limited'
      ? { ok: false, error: 'rate_limited', status: 429, retryAfterSeconds: result.retryAfterSeconds ?? 60 }
      : { ok: false, error: result.reason, status: 409 };
  }
  const started = {
    paymentId: result.paymentId,
    verifyUrl: new URL(`${verifyPath}?payment=${result.paymentId}`, context.origin).href,
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
  return { ok: true, answer };
}

/** Minutes to wait after a refusal for too many attempts (at least 1). */
export function retryMinutes(retryAfterSeconds: number | undefined): number {
  return Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
}
