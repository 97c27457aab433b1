import type { Db } from '../../db/client.server';
import type { EventBus, EventHandler } from '../../server/events';
import { log } from '../../server/logger.server';
import type { LineSource } from '../invoices';
import {
  type InvoicePaidEvent,
  type InvoiceUnpaidEvent,
  type PaymentRefundedEvent,
  paidPaymentOf,
  refundsOfPayment,
} from '../payments';
import { donationsOfInvoice } from './campaign-repo.server';
import { markDonationsPaid, takeDonationsOut } from './donation-totals.server';
import { receiptAndPlanOnPaid } from './plan-effects.server';
import { endUnpaidGifts } from './unpaid-gifts.server';

/** Donations' effects on the app's bus, registered by the composition root (src/app.server.ts). */
export function registerDonationEffects(bus: EventBus): void {
  bus.on('invoice.paid', 'donations.mark-paid', markPaidOnInvoice);
  bus.on('payment.refunded', 'donations.take-out', takeOutOnRefund);
  // H7: the receipt of every paid gift, and the plan an instalment belongs to.
  bus.on('donation.paid', 'donations.receipt-and-plan', receiptAndPlanOnPaid);
  // An invoice never paid ends its gifts (and the plan waiting on its first payment).
  bus.on('invoice.failed', 'donations.gifts-failed', endGiftsOn('failed'));
  bus.on('invoice.expired', 'donations.gifts-expired', endGiftsOn('expired'));
}

function endGiftsOn(outcome: 'failed' | 'expired'): EventHandler<InvoiceUnpaidEvent> {
  return async (tx, { tenantId, sources, at }) => {
    const donationIds = donationIdsOf(sources);
    if (donationIds.length > 0) await endUnpaidGifts(tx, { tenantId, donationIds, outcome, at });
  };
}

/** The donation ids an invoice's lines pay for (a cart pays several). */
export function donationIdsOf(sources: readonly (LineSource | null)[]): string[] {
  return [...new Set(sources.filter((s): s is LineSource => s?.kind === 'donation').map((s) => s.id))];
}

// A paid invoice pays its donation lines: each gift moves to paid and counts in its campaign, in
// the settlement's own transaction (a replayed webhook finds them paid and adds nothing).
const markPaidOnInvoice: EventHandler<InvoicePaidEvent> = async (tx, { tenantId, sources, paymentId, at }) => {
  const donationIds = donationIdsOf(sources);
  if (donationIds.length === 0) return;
  const after = await markDonationsPaid(tx, { tenantId, donationIds, paymentId, at });
  return async () => {
    for (const work of after) await work();
  };
};

/** Whether the refunds that went back on a payment add up to all of it. */
async function fullyRefunded(tx: Db, tenantId: string, paymentId: string, amount: number): Promise<boolean> {
  const given = (await refundsOfPayment(tx, tenantId, paymentId))
    .filter((r) => r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount, 0);
  return given >= amount;
}

// Money given back on the payment that paid a donation invoice takes its gifts out of the totals.
// A second payment of an invoice already paid (paid twice) is not the gift: its refund changes
// nothing. A partial refund leaves the gifts counted (logged) until the rest goes back.
const takeOutOnRefund: EventHandler<PaymentRefundedEvent> = async (tx, { tenantId, refund, payment, at }) => {
  if (refund.reason === 'paid_twice') return;
  const gifts = (await donationsOfInvoice(tx, tenantId, payment.invoiceId)).filter((d) => d.status === 'paid');
  if (gifts.length === 0) return;
  const paying = await paidPaymentOf(tx, tenantId, payment.invoiceId);
  if (paying?.id !== payment.id) return;
  if (!(await fullyRefunded(tx, tenantId, payment.id, payment.amount))) {
    log.info('partial refund on a donation payment: gifts stay counted', { paymentId: payment.id });
    return;
  }
  const after = await takeDonationsOut(tx, { tenantId, donations: gifts, at });
  return async () => {
    for (const work of after) await work();
  };
};
