import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { findInvoiceRow, lineSourcesOf, moveInvoiceStatus } from '#features/invoices/index.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AfterCommit, events } from '#server/events/index.ts';
import { publish } from '#server/realtime/index.ts';
import {
  finalizePayment,
  findPayment,
  type PaymentRow,
  paymentCharge,
  recordDeclinedAttempt,
} from './payment-repo.server';
import type { ChargedAmount } from './provider';
import { recordRefundDue } from './refunds.server';

export interface SettleInput {
  tenantId: string;
  paymentId: string;
  status: 'paid' | 'failed' | 'cancelled';
  /** 'webhook', 'verify' or 'staff'. */
  via: 'webhook' | 'verify' | 'staff' | 'off_session';
  staffId?: string | null;
  failureReason?: string | null;
  now?: Date;
  /** Runs first inside the same transaction (the webhook stores its event here). */
  before?: (tx: Db) => Promise<boolean>;
  /**
   * What the provider says it collected (a webhook's signed amount, a status lookup): when it is
   * not the payment's amount in the invoice's currency, nothing settles and the mismatch is logged.
   */
  charged?: ChargedAmount | undefined;
}

export interface SettleResult {
  /** True only for the one call that moved the payment out of pending/declined. */
  changed: boolean;
  payment: PaymentRow | null;
  /** Set when the provider's amount or currency differed from the payment's: nothing settled. */
  mismatch?: ChargeMismatch;
}

/**
 * The one way a payment becomes final (DESIGN.md §5): whatever arrives — webhooks replayed or out
 * of order, the return-page verification, a staff click, all at once — the payment leaves
 * its open statuses (pending, declined) at most once, and only that call moves the invoice and fires the paid event.
 */
export async function settlePayment(db: Db, input: SettleInput): Promise<SettleResult> {
  const at = input.now ?? new Date();
  let afterCommit: AfterCommit[] = [];
  const outcome = await transaction(
    db,
    async (tx) => {
      afterCommit = []; // a retried run starts over
      if (input.before && !(await input.before(tx)))
        return { changed: false, payment: null, invoicePublicId: null, invoiceStatus: null };
      if (input.charged) {
        const mismatch = await chargeMismatchOf(tx, input.tenantId, input.paymentId, input.charged);
        if (mismatch) {
          log.error('provider amount or currency differs from the payment: nothing settled', {
            paymentId: input.paymentId,
            via: input.via,
            differs: mismatch,
          });
          return { changed: false, payment: null, invoicePublicId: null, invoiceStatus: null, mismatch };
        }
      }
      const payment = await finalizePayment(tx, input.tenantId, input.paymentId, {
        status: input.status,
        via: input.via,
        staffId: input.staffId ?? null,
        failureReason: input.failureReason ?? null,
        at,
      });
      if (!payment) return { changed: false, payment: null, invoicePublicId: null, invoiceStatus: null };

      if (payment.status === 'paid') {
        const invoice = await moveInvoiceStatus(tx, input.tenantId, payment.invoiceId, ['open', 'failed', 'expired'], {
          status: 'paid',
          paidAt: at,
          fee: payment.fee,
          total: payment.amount,
        });
        if (!invoice) {
          // Paid twice (two tabs, two methods): the money must go back — a refund due, once.
          await recordRefundDue(tx, { tenantId: input.tenantId, paymentId: payment.id, reason: 'paid_twice', at });
          log.warn('payment on an invoice that was already paid: refund due', { paymentId: payment.id });
          return { changed: true, payment, invoicePublicId: null, invoiceStatus: null };
        }
        afterCommit = await events.emit(tx, 'invoice.paid', {
          tenantId: input.tenantId,
          invoice,
          sources: await lineSourcesOf(tx, input.tenantId, invoice.id),
          paymentId: payment.id,
          at,
        });
        return { changed: true, payment, invoicePublicId: invoice.publicId, invoiceStatus: 'paid' as const };
      }
      // The payer cancelled at the gateway: nothing failed, the invoice stays open (it reads
      // "Unpaid", not "Payment failed") and the verify page says the payment was cancelled.
      if (payment.status === 'cancelled') return { changed: true, payment, invoicePublicId: null, invoiceStatus: null };
      const invoice = await moveInvoiceStatus(tx, input.tenantId, payment.invoiceId, ['open'], { status: 'failed' });
      if (invoice) afterCommit = await emitFailed(tx, input.tenantId, invoice.id, at);
      return {
        changed: true,
        payment,
        invoicePublicId: invoice?.publicId ?? null,
        invoiceStatus: invoice ? ('failed' as const) : null,
      };
    },
    { name: 'settle-payment' },
  );

  for (const effect of afterCommit) {
    await effect().catch((error: unknown) => log.warn('after-payment effect failed', { error: String(error) }));
  }
  if (outcome.changed && outcome.payment) {
    await announce(db, input.tenantId, outcome.payment, outcome.invoicePublicId, outcome.invoiceStatus);
  }
  return {
    changed: outcome.changed,
    payment: outcome.payment ?? (await findPayment(db, input.tenantId, input.paymentId)),
    ...('mismatch' in outcome && outcome.mismatch ? { mismatch: outcome.mismatch } : {}),
  };
}

export type ChargeMismatch = 'amount' | 'currency';

/** 'amount' or 'currency' when the provider's charge is not this payment's (amount, invoice currency); else null. */
async function chargeMismatchOf(
  tx: Db,
  tenantId: string,
  paymentId: string,
  charged: ChargedAmount,
): Promise<ChargeMismatch | null> {
  const payment = await paymentCharge(tx, tenantId, paymentId);
  if (!payment) return null; // nothing to settle anyway
  if (!payment.currencyCode || payment.currencyCode.toUpperCase() !== charged.currency.toUpperCase()) return 'currency';
  return payment.amount === charged.amount ? null : 'amount';
}

export interface DeclineInput {
  tenantId: string;
  paymentId: string;
  failureReason?: string | null;
  /** Runs first inside the same transaction (the webhook stores its event here). */
  before?: (tx: Db) => Promise<boolean>;
}

/**
 * A declined attempt on a provider payment that stays open (Stripe): recorded on the payment
 * ("declined", with the reason) and shown on the invoice as failed, so the verify page offers
 * Try again — but nothing is final and no effect runs: a later success on the same payment still
 * settles it, once, through settlePayment. A decline arriving after the payment settled changes nothing.
 */
export async function recordDecline(
  db: Db,
  input: DeclineInput,
): Promise<{ recorded: boolean; payment: PaymentRow | null }> {
  let afterCommit: AfterCommit[] = [];
  const outcome = await transaction(
    db,
    async (tx) => {
      afterCommit = [];
      if (input.before && !(await input.before(tx))) return { payment: null, invoicePublicId: null };
      const payment = await recordDeclinedAttempt(tx, input.tenantId, input.paymentId, input.failureReason ?? null);
      if (!payment) return { payment: null, invoicePublicId: null };
      // The payer cancelled at the gateway: nothing failed, the invoice stays open (it reads
      // "Unpaid", not "Payment failed") and the verify page says the payment was cancelled.
      if (payment.status === 'cancelled') return { changed: true, payment, invoicePublicId: null, invoiceStatus: null };
      const invoice = await moveInvoiceStatus(tx, input.tenantId, payment.invoiceId, ['open'], { status: 'failed' });
      if (invoice) afterCommit = await emitFailed(tx, input.tenantId, invoice.id, new Date());
      return { payment, invoicePublicId: invoice?.publicId ?? null };
    },
    { name: 'record-decline' },
  );
  for (const effect of afterCommit) {
    await effect().catch((error: unknown) => log.warn('after-decline effect failed', errorFields(error)));
  }
  if (outcome.payment) {
    await announce(
      db,
      input.tenantId,
      outcome.payment,
      outcome.invoicePublicId,
      outcome.invoicePublicId ? 'failed' : null,
    );
  }
  return {
    recorded: outcome.payment !== null,
    payment: outcome.payment ?? (await findPayment(db, input.tenantId, input.paymentId)),
  };
}

/** `invoice.failed` in the caller's transaction: what the lines pay for hears the payment failed. */
async function emitFailed(tx: Db, tenantId: string, invoiceId: string, at: Date): Promise<AfterCommit[]> {
  return events.emit(tx, 'invoice.failed', {
    tenantId,
    invoiceId,
    sources: await lineSourcesOf(tx, tenantId, invoiceId),
    at,
  });
}

/** After commit: tell any open verify page. A lost message is caught by "Verify again". */
async function announce(
  db: Db,
  tenantId: string,
  payment: PaymentRow,
  invoicePublicId: string | null,
  invoiceStatus: 'paid' | 'failed' | null,
): Promise<void> {
  const publicId = invoicePublicId ?? (await invoicePublicIdOf(db, tenantId, payment));
  if (!publicId) return;
  await publish(tenantId, `invoice:${publicId}`, 'payment', {
    paymentId: payment.id,
    paymentStatus: payment.status,
    invoiceStatus,
  }).catch((error: unknown) => log.warn('realtime publish failed', { error: String(error) }));
}

async function invoicePublicIdOf(db: Db, tenantId: string, payment: PaymentRow): Promise<string | null> {
  return (await findInvoiceRow(db, tenantId, payment.invoiceId))?.publicId ?? null;
}
