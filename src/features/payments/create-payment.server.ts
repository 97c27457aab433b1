import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { canPayNow, type InvoiceView } from '#features/invoices/index.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { localized } from '#i18n/locales.ts';
import { log } from '#lib/logger.server.ts';
import { type AfterCommit, events } from '#server/events/index.ts';
import { hitRateLimit } from '#server/rate-limit.server.ts';
import { quote } from './payment-options';
import {
  enabledOptions,
  insertPayment,
  lockInvoice,
  pendingCounterPayment,
  setProviderRef,
} from './payment-repo.server';
import type { PaymentMethod, PaymentProvider, PaymentStart } from './provider';
import { methodAvailable } from './providers';

/**
 * Card-testing defence: attempts per invoice, retries per address on one tenant (an invoice's
 * first attempt never counts there: payers behind one NAT are never refused for each other),
 * and per tenant. The tenant's
 * limit counts only an invoice's attempts after its first few (ATTEMPTS_FREE_OF_TENANT_LIMIT): a
 * flood from many addresses can use up the tenant's retries, never a real payer's first tries.
 */
export const PAYMENT_LIMITS = {
  perInvoice: { limit: 10, windowMs: 60 * 60 * 1000 },
  perIp: { limit: 20, windowMs: 10 * 60 * 1000 },
  perTenant: { limit: 300, windowMs: 60 * 1000 },
};
export const ATTEMPTS_FREE_OF_TENANT_LIMIT = 3;

export type CreatePaymentResult =
  | { ok: true; paymentId: string; start: PaymentStart; instructions: string | null }
  | { ok: false; reason: 'not_payable' | 'method_unavailable' | 'rate_limited'; retryAfterSeconds?: number };

export interface Providers {
  forMethod(method: PaymentMethod): PaymentProvider;
}

/**
 * Starts paying an invoice with one method: checks the method is offered, rate-limits, records a
 * pending payment for the quoted amount (fee added when the payer covers it), then asks the
 * provider how the browser continues.
 */
export async function createPayment(
  db: Db,
  providers: Providers,
  input: {
    tenant: Tenant;
    invoice: InvoiceView;
    method: PaymentMethod;
    coverFees: boolean;
    locale: Locale;
    ip: string;
    siteOrigin: string;
    returnPath: string;
    now?: Date;
  },
): Promise<CreatePaymentResult> {
  if (!canPayNow(input.invoice, input.now)) return { ok: false, reason: 'not_payable' };
  const option = (await enabledOptions(db, input.tenant.id, input.locale)).find((o) => o.method === input.method);
  if (!option || !methodAvailable(input.method, input.invoice.currency.code)) {
    return { ok: false, reason: 'method_unavailable' };
  }

  const own = await hitRateLimit(db, `pay:invoice:${input.invoice.id}`, PAYMENT_LIMITS.perInvoice, input.now);
  if (!own.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: own.retryAfterSeconds };
  // An address counts only retries, on this organisation's site: payers sharing one (a family,
  // a mosque's Wi-Fi, a carrier's NAT) each pay their own invoice once, and are never refused
  // for each other; someone trying card after card on invoices from one place is.
  if (own.count > 1) {
    const address = await hitRateLimit(db, `pay:ip:${input.tenant.id}:${input.ip}`, PAYMENT_LIMITS.perIp, input.now);
    if (!address.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: address.retryAfterSeconds };
  }
  if (own.count > ATTEMPTS_FREE_OF_TENANT_LIMIT) {
    const tenant = await hitRateLimit(db, `pay:tenant:${input.tenant.id}`, PAYMENT_LIMITS.perTenant, input.now);
    if (!tenant.allowed) return { ok: false, reason: 'rate_limited', retryAfterSeconds: tenant.retryAfterSeconds };
  }

  // Choosing the counter twice keeps one pending counter payment for staff to mark.
  if (input.method === 'counter') {
    const existing = await pendingCounterPayment(db, input.tenant.id, input.invoice.id);
    if (existing)
      return { ok: true, paymentId: existing.id, start: { kind: 'offline' }, instructions: option.instructions };
  }

  const provider = providers.forMethod(input.method);
  const { fee, total } = quote(input.invoice.subtotal, option, input.coverFees);
  const row = {
    tenantId: input.tenant.id,
    invoiceId: input.invoice.id,
    provider: provider.name,
    method: input.method,
    amount: total,
    fee,
  };
  // Choosing the counter has effects of its own (invoice.counter_chosen), committed with the payment.
  let afterCommit: AfterCommit[] = [];
  const payment =
    input.method === 'counter'
      ? await transaction(db, async (tx) => {
          afterCommit = [];
          // Under the invoice's lock: two choices at once still make one pending counter payment.
          await lockInvoice(tx, row.tenantId, row.invoiceId);
          const existing = await pendingCounterPayment(tx, row.tenantId, row.invoiceId);
          if (existing) return existing;
          const created = await insertPayment(tx, row);
          const at = input.now ?? new Date();
          afterCommit = await events.emit(tx, 'invoice.counter_chosen', {
            tenantId: row.tenantId,
            invoice: input.invoice,
            paymentId: created.id,
            at,
          });
          return created;
        })
      : await insertPayment(db, row);
  for (const effect of afterCommit) {
    await effect().catch((error: unknown) => log.warn('after-counter effect failed', { error: String(error) }));
  }
  const returnUrl = new URL(`${input.returnPath}?payment=${payment.id}`, input.siteOrigin).href;
  const start = await provider.createPayment({
    paymentId: payment.id,
    tenantId: input.tenant.id,
    invoicePublicId: input.invoice.publicId,
    invoiceNumber: input.invoice.displayNumber,
    amount: total,
    currency: input.invoice.currency.code,
    method: input.method,
    description: `${input.tenant.name} ${input.invoice.displayNumber}: ${localized(input.invoice.lines[0]?.description, input.locale)}`,
    customerEmail: input.invoice.contactEmail,
    locale: input.locale,
    returnUrl,
    siteOrigin: input.siteOrigin,
    ...(input.invoice.savesPaymentMethod && input.method === 'card' ? { saveMethod: true } : {}),
  });
  const providerRef = start.kind === 'offline' ? null : start.providerRef;
  if (providerRef) await setProviderRef(db, input.tenant.id, payment.id, providerRef);
  return { ok: true, paymentId: payment.id, start, instructions: option.instructions };
}
