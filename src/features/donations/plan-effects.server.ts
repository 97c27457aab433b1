import type { EventHandler } from '#server/events/index.ts';
import { kickOutbox } from '#server/outbox/index.ts';
import type { DonationPaidEvent } from './donation-events';
import { defaultProviders } from './instalments.server';
import { findDonation } from './plan-repo.server';
import { recordPlanCharge } from './plans.server';
import { issueReceipt } from './receipts.server';

/**
 * A gift was paid (`donation.paid`, in the transaction that marked it): its numbered receipt is
 * issued and e-mailed, and when it is an instalment its plan counts it (activated by the first
 * charge, completed by the last). Both commit with the payment, or neither does.
 */
export const receiptAndPlanOnPaid: EventHandler<DonationPaidEvent> = async (
  tx,
  { tenantId, donationId, paymentId },
) => {
  const donation = await findDonation(tx, tenantId, donationId);
  if (donation?.status !== 'paid') return;
  const paidAt = donation.paidAt ?? new Date();
  const receipt = await issueReceipt(tx, tenantId, donation, paidAt);
  await recordPlanCharge(tx, defaultProviders, { tenantId, donation, paymentId: paymentId ?? null, now: paidAt });
  return receipt && donation.email ? async () => kickOutbox() : undefined;
};
