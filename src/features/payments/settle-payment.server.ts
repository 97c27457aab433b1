import type { Db } from '../../db/client.server';
import { log } from '../../server/logger.server';
import { publish } from '../../server/realtime';
import { findInvoiceRow, moveInvoiceStatus } from '../invoices';
import { type AfterCommit, emitInvoicePaid } from './invoice-paid.server';
import { finalizePayment, findPayment, noteRefundDue, type PaymentRow } from './payment-repo.server';

export interface SettleInput {
  tenantId: string;
  paymentId: string;
  status: 'paid' | 'failed' | 'cancelled';
  /** 'webhook', 'verify' or 'staff'. */
  via: 'webhook' | 'verify' | 'staff';
  staffId?: string | null;
  failureReason?: string | null;
  now?: Date;
  /** Runs first inside the same transaction (the webhook stores its event here). */
  before?: (tx: Db) => Promise<boolean>;
}

export interface SettleResult {
  /** True only for the one call that moved the payment out of pending. */
  changed: boolean;
  payment: PaymentRow | null;
}

/**
 * The one way a payment becomes final (DESIGN.md §5): whatever arrives — webhooks replayed or out
 * of order, the return-page verification, a staff click, all at once — the payment leaves
 * "pending" at most once, and only that call moves the invoice and fires the paid event.
 */
export async function settlePayment(db: Db, input: SettleInput): Promise<SettleResult> {
  const at = input.now ?? new Date();
  let afterCommit: AfterCommit[] = [];
  const outcome = await db.transaction(async (tx) => {
    if (input.before && !(await input.before(tx)))
      return { changed: false, payment: null, invoicePublicId: null, invoiceStatus: null };
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
        // Paid twice (two tabs, two methods): the money must go back.
        await noteRefundDue(tx, input.tenantId, payment.id);
        log.warn('payment on an invoice that was already paid: refund due', { paymentId: payment.id });
        return { changed: true, payment, invoicePublicId: null, invoiceStatus: null };
      }
      afterCommit = await emitInvoicePaid(tx, { tenantId: input.tenantId, invoice, paymentId: payment.id, at });
      return { changed: true, payment, invoicePublicId: invoice.publicId, invoiceStatus: 'paid' as const };
    }
    const invoice = await moveInvoiceStatus(tx, input.tenantId, payment.invoiceId, ['open'], { status: 'failed' });
    return {
      changed: true,
      payment,
      invoicePublicId: invoice?.publicId ?? null,
      invoiceStatus: invoice ? ('failed' as const) : null,
    };
  });

  for (const effect of afterCommit) {
    await effect().catch((error: unknown) => log.warn('after-payment effect failed', { error: String(error) }));
  }
  if (outcome.changed && outcome.payment) {
    // After commit: tell any open verify page. A lost message is caught by "Verify again".
    const publicId = outcome.invoicePublicId ?? (await invoicePublicIdOf(db, input.tenantId, outcome.payment));
    if (publicId) {
      await publish(input.tenantId, `invoice:${publicId}`, 'payment', {
        paymentId: outcome.payment.id,
        paymentStatus: outcome.payment.status,
        invoiceStatus: outcome.invoiceStatus,
      }).catch((error: unknown) => log.warn('realtime publish failed', { error: String(error) }));
    }
  }
  return {
    changed: outcome.changed,
    payment: outcome.payment ?? (await findPayment(db, input.tenantId, input.paymentId)),
  };
}

async function invoicePublicIdOf(db: Db, tenantId: string, payment: PaymentRow): Promise<string | null> {
  return (await findInvoiceRow(db, tenantId, payment.invoiceId))?.publicId ?? null;
}
