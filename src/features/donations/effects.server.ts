import type { LineSource } from '#features/invoices/index.ts';
import {
  type InvoicePaidEvent,
  type InvoiceUnpaidEvent,
  type PaymentRefundedEvent,
  paidPaymentOf,
  refundsOfPayment,
} from '#features/payments/index.server.ts';
import { log } from '#lib/logger.server.ts';
import type { EventBus, EventHandler } from '#server/events/index.ts';
import { type DonationRow, donationsOfInvoice } from './campaign-repo.server';
import { markDonationsPaid, takeDonationsOut } from './donation-totals.server';
import { receiptAndPlanOnPaid } from './plan-effects.server';
import { giftsCoveredBy } from './refund-share';
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

// Money given back on the payment that paid a donation invoice takes its gifts out of the totals:
// a refund that names its gift (staff refunding one gift of a cart) takes out exactly that gift;
// one that names none takes out the gifts its money covers (giftsCoveredBy: all of them for the
// whole payment). A second payment of an invoice already paid (paid twice) is not the gift: its
// refund changes nothing.
const takeOutOnRefund: EventHandler<PaymentRefundedEvent> = async (tx, { tenantId, refund, payment, at }) => {
  if (refund.reason === 'paid_twice') return;
  const gifts = await donationsOfInvoice(tx, tenantId, payment.invoiceId);
  const paid = gifts.filter((d) => d.status === 'paid');
  if (paid.length === 0) return;
  const paying = await paidPaymentOf(tx, tenantId, payment.invoiceId);
  if (paying?.id !== payment.id) return;
  let out: DonationRow[];
  if (refund.sourceKind === 'donation') {
    out = paid.filter((d) => d.id === refund.sourceId);
  } else {
    const given = (await refundsOfPayment(tx, tenantId, payment.id))
      .filter((r) => r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amount, 0);
    const takenOut = gifts.filter((d) => d.status === 'refunded').reduce((sum, d) => sum + chargeOf(d), 0);
    const charged = paid.map((d) => ({ ...d, chargeMinor: chargeOf(d) }));
    out = giftsCoveredBy(charged, given - takenOut);
    if (out.length < paid.length) log.info('partial refund on a donation payment', { paymentId: payment.id });
  }
  if (out.length === 0) return;
  const after = await takeDonationsOut(tx, { tenantId, donations: out, at });
  return async () => {
    for (const work of after) await work();
  };
};

/** What a gift's invoice line charged: the gift and the covered fee. */
function chargeOf(gift: Pick<DonationRow, 'amountMinor' | 'feeMinor'>): number {
  return gift.amountMinor + gift.feeMinor;
}
