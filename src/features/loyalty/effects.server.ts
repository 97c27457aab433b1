import type { BookingCompletedEvent, BookingsClaimedEvent } from '#features/booking/index.ts';
import type { InvoicesClaimedEvent } from '#features/invoices/index.ts';
import { paidPaymentOf, refundsOfPayment } from '#features/payments/index.server.ts';
import type { InvoicePaidEvent, PaymentRefundedEvent } from '#features/payments/index.ts';
import type { EventBus, EventHandler } from '#server/events/index.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import { clawBackOnRefund, earnOnClaimedInvoices, earnOnInvoice, earnOnVisit } from './earning.server';
import { returnRewardOnRefund, spendHoldOnPaid } from './rewards.server';

/** Loyalty's effects on the app's bus, registered by the composition root (src/app.server.ts). */
export function registerLoyaltyEffects(bus: EventBus): void {
  bus.on('invoice.paid', 'loyalty.spend-hold', spendOnPaid);
  bus.on('invoice.paid', 'loyalty.earn', earnOnPaid);
  bus.on('invoice.claimed', 'loyalty.earn-claimed', earnOnClaimed);
  bus.on('booking.completed', 'loyalty.earn-visit', earnOnCompleted);
  bus.on('booking.claimed', 'loyalty.earn-claimed-visits', earnOnClaimedVisits);
  bus.on('payment.refunded', 'loyalty.claw-back', clawBack);
}

// A paid invoice spends the reward points it held (its discount line), in the settlement's
// transaction; a replayed webhook finds the hold spent. An invoice without a reward's discount
// line has no hold (the hold and its line are made in one transaction, and lines stay): not read.
const spendOnPaid: EventHandler<InvoicePaidEvent> = async (tx, { tenantId, invoice, sources, at }) => {
  if (!sources.some((source) => source?.kind === 'reward')) return;
  await spendHoldOnPaid(tx, { tenantId, invoice, at });
};

// A paid invoice earns its customer's points once (the entry's key is the invoice and member).
const earnOnPaid: EventHandler<InvoicePaidEvent> = async (tx, { tenantId, invoice, at }) => {
  const told = await earnOnInvoice(tx, { tenantId, invoice, at });
  if (told === 0) return;
  return async () => kickOutbox();
};

// Invoices a guest paid with the phone or e-mail a customer just proved theirs earn now, once:
// the key is the one earning at payment uses, so an invoice claimed before it was paid earns then.
const earnOnClaimed: EventHandler<InvoicesClaimedEvent> = async (tx, { tenantId, invoices }) => {
  const told = await earnOnClaimedInvoices(tx, { tenantId, invoices, at: new Date() });
  if (told === 0) return;
  return async () => kickOutbox();
};

// Visits a guest attended, claimed at a login, earn their per-visit points now, once (same key).
const earnOnClaimedVisits: EventHandler<BookingsClaimedEvent> = async (tx, { tenantId, bookings }) => {
  const at = new Date();
  for (const booking of bookings) {
    if (booking.status !== 'completed') continue;
    await earnOnVisit(tx, { tenantId, booking, at, joinedBy: booking.endsAt });
  }
};

const earnOnCompleted: EventHandler<BookingCompletedEvent> = async (tx, { tenantId, booking, at }) => {
  await earnOnVisit(tx, { tenantId, booking, at });
};

// Money given back on the payment that paid an invoice takes back the points it earned, in
// proportion. A second payment of an invoice already paid (paid twice) earned nothing.
const clawBack: EventHandler<PaymentRefundedEvent> = async (tx, { tenantId, refund, payment, at }) => {
  if (refund.reason === 'paid_twice' || refund.status !== 'succeeded') return;
  const paying = await paidPaymentOf(tx, tenantId, payment.invoiceId);
  if (paying?.id !== payment.id) return;
  const refunded = (await refundsOfPayment(tx, tenantId, payment.id))
    .filter((r) => r.status === 'succeeded')
    .reduce((sum, r) => sum + r.amount, 0);
  await clawBackOnRefund(tx, {
    tenantId,
    invoiceId: payment.invoiceId,
    refundId: refund.id,
    refunded,
    paid: payment.amount,
    at,
  });
  // Refunded in full: a reward used on it gives its points back to the lots they came from.
  if (refunded >= payment.amount) await returnRewardOnRefund(tx, { tenantId, invoiceId: payment.invoiceId, at });
};
