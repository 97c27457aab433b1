import type { Db } from '#db/client.server.ts';
import { isUniqueViolation } from '#db/errors.ts';
import { transaction } from '#db/transaction.server.ts';
import { canPayNow, type InvoiceView } from '#features/invoices/index.ts';
import type { Tenant } from '#features/tenants/index.ts';
import type { Locale } from '#i18n/locales.ts';
import { localized } from '#i18n/locales.ts';
import { log } from '#lib/logger.server.ts';
import { type AfterCommit, events } from '#server/events/index.ts';
import { hitRateLimit } from '#server/rate-limit.server.ts';
import { type PaymentOption, quote } from './payment-options';
import {
  enabledOptions,
  insertPayment,
  lockInvoice,
  PAYMENT_IDEMPOTENCY_CONSTRAINT,
  type PaymentRow,
  paymentOfIdempotencyKey,
  pendingCounterPayment,
  setProviderRef,
} from './payment-repo.server';
import { isFinalPayment } from './payment-state';
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
  | {
      ok: false;
      reason: 'not_payable' | 'method_unavailable' | 'rate_limited' | 'key_reused';
      retryAfterSeconds?: number;
    };

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
    /**
     * The payer's key for this attempt (the panel's island makes one per click of Pay and sends
     * it again when it retries after a lost answer): one key, one payment, one answer.
     */
    idempotencyKey?: string | undefined;
    now?: Date;
  },
): Promise<CreatePaymentResult> {
  if (!canPayNow(input.invoice, input.now)) return { ok: false, reason: 'not_payable' };
  const option = (await enabledOptions(db, input.tenant.id, input.locale)).find((o) => o.method === input.method);
  if (!option || !methodAvailable(input.method, input.invoice.currency.code)) {
    return { ok: false, reason: 'method_unavailable' };
  }
  const key = input.idempotencyKey;
  // A repeated request is no new attempt: it answers before the rate limits count it.
  const earlier = key ? await paymentOfIdempotencyKey(db, input.tenant.id, key) : null;
  if (earlier) return answerAgain(db, providers, input, option, earlier);

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
    idempotencyKey: key ?? null,
  };
  // Choosing the counter has effects of its own (invoice.counter_chosen), committed with the payment.
  let afterCommit: AfterCommit[] = [];
  let payment: PaymentRow;
  try {
    payment =
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
  } catch (error) {
    // The same key at the same moment (the first request still running when its retry came):
    // the row the first one made is the payment of both.
    const made =
      key && isUniqueViolation(error) === PAYMENT_IDEMPOTENCY_CONSTRAINT
        ? await paymentOfIdempotencyKey(db, row.tenantId, key)
        : null;
    if (!made) throw error;
    return answerAgain(db, providers, input, option, made);
  }
  for (const effect of afterCommit) {
    await effect().catch((error: unknown) => log.warn('after-counter effect failed', { error: String(error) }));
  }
  const start = await askProvider(db, provider, input, payment);
  return { ok: true, paymentId: payment.id, start, instructions: option.instructions };
}

type PaymentInput = Parameters<typeof createPayment>[2];

/**
 * Asks the provider how the browser continues with `payment`. Both providers answer the same for
 * the same payment (the sandbox keeps one charge per payment id; Stripe's PaymentIntent is made
 * with the payment id as its idempotency key), so asking again never charges twice.
 */
async function askProvider(db: Db, provider: PaymentProvider, input: PaymentInput, payment: PaymentRow) {
  const returnUrl = new URL(`${input.returnPath}?payment=${payment.id}`, input.siteOrigin).href;
  const start = await provider.createPayment({
    paymentId: payment.id,
    tenantId: input.tenant.id,
    invoicePublicId: input.invoice.publicId,
    invoiceNumber: input.invoice.displayNumber,
    amount: payment.amount,
    currency: input.invoice.currency.code,
    method: payment.method,
    description: `${input.tenant.name} ${input.invoice.displayNumber}: ${localized(input.invoice.lines[0]?.description, input.locale)}`,
    customerEmail: input.invoice.contactEmail,
    locale: input.locale,
    returnUrl,
    siteOrigin: input.siteOrigin,
    ...(input.invoice.savesPaymentMethod && payment.method === 'card' ? { saveMethod: true } : {}),
  });
  const providerRef = start.kind === 'offline' ? null : start.providerRef;
  if (providerRef && providerRef !== payment.providerRef) {
    await setProviderRef(db, input.tenant.id, payment.id, providerRef);
  }
  return start;
}

/**
 * The answer to a request whose key an earlier request already used: the same payment, asked of
 * its provider again. A key sent with another invoice or another choice is refused, never
 * answered with someone else's payment; a payment no longer open cannot be continued.
 */
async function answerAgain(
  db: Db,
  providers: Providers,
  input: PaymentInput,
  option: PaymentOption,
  earlier: PaymentRow,
): Promise<CreatePaymentResult> {
  const { total } = quote(input.invoice.subtotal, option, input.coverFees);
  if (earlier.invoiceId !== input.invoice.id || earlier.method !== input.method || earlier.amount !== total) {
    return { ok: false, reason: 'key_reused' };
  }
  if (isFinalPayment(earlier.status)) return { ok: false, reason: 'not_payable' };
  const start: PaymentStart =
    earlier.method === 'counter'
      ? { kind: 'offline' }
      : await askProvider(db, providers.forMethod(earlier.method), input, earlier);
  return { ok: true, paymentId: earlier.id, start, instructions: option.instructions };
}
