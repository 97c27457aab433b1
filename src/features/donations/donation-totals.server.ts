import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { shortLived } from '#lib/short-lived.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import { publish } from '#server/realtime/index.ts';
import type { CampaignTotals } from './campaign';
import { campaignChannel } from './campaign-channel';
import {
  changeCampaignTotals,
  type DonationRow,
  insertDonation,
  lockCampaign,
  lockCampaignsOfDonations,
  moveDonation,
} from './campaign-repo.server';
import './donation-events';

// A campaign's raised_minor and donor_count are the paid money: they change only with the
// campaign row locked, in the same transaction that moves a gift to paid (or out of it), so 50
// settlements at once add up exactly and a replayed webhook adds nothing (the move happens once).

/**
 * The totals answer kept a second (issue 25): a crowd opening a campaign page asks once, not once
 * each. This instance's own changes replace it at once; another instance's reach open pages over
 * the live channel, and the page lets a live message win over an answer asked for before it.
 */
export const keptTotals = shortLived<CampaignTotals | null>(1_000);
export const totalsKey = (tenantId: string, publicId: string) => `${tenantId}:${publicId}`;

/** Sends the new totals to open campaign pages; never throws (the change is committed). */
export async function announceTotals(tenantId: string, publicId: string, totals: CampaignTotals): Promise<void> {
  keptTotals.put(totalsKey(tenantId, publicId), totals);
  await publish(tenantId, campaignChannel(publicId), 'totals', totals).catch((error: unknown) =>
    log.warn('realtime publish failed', errorFields(error)),
  );
}

/** One donor per gift, but a plan's later instalments are the same donor again. */
function donorsOf(donation: Pick<DonationRow, 'instalmentSeq'>): number {
  return donation.instalmentSeq === null || donation.instalmentSeq <= 1 ? 1 : 0;
}

/**
 * Marks the given donations paid inside `tx` (the settlement's transaction): each campaign is
 * locked (in campaign-id order, the one order every writer takes), each pending, failed or void gift
 * moves to paid once, its money and donor are added, and `donation.paid` is emitted. Returns the
 * after-commit work (open pages told the new totals, the handlers' own).
 */
export async function markDonationsPaid(
  tx: Db,
  input: { tenantId: string; donationIds: string[]; paymentId: string | null; at: Date },
): Promise<AfterCommit[]> {
  // Their campaigns locked up front, in campaign-id order (one statement for the whole invoice).
  const rows = await lockCampaignsOfDonations(tx, input.tenantId, input.donationIds);
  const after: AfterCommit[] = [];
  const totals = new Map<string, { publicId: string; totals: CampaignTotals }>();
  for (const donation of rows) {
    // void: its invoice expired unpaid, and the money came after all (settlement takes expired → paid).
    const paid = await moveDonation(tx, input.tenantId, donation.id, ['pending', 'failed', 'void'], 'paid', input.at);
    if (!paid) continue; // already paid (a replay) or refunded: nothing to add
    const { publicId, ...next } = await changeCampaignTotals(tx, input.tenantId, paid.campaignId, {
      raisedMinor: paid.amountMinor,
      donorCount: donorsOf(paid),
    });
    totals.set(paid.campaignId, { publicId, totals: next });
    after.push(
      ...(await events.emit(tx, 'donation.paid', {
        tenantId: input.tenantId,
        donationId: paid.id,
        planId: paid.planId,
        paymentId: input.paymentId,
        campaignId: paid.campaignId,
        amountMinor: paid.amountMinor,
        donors: donorsOf(paid),
        fundraiserId: paid.fundraiserId,
        fundraiserTeamId: paid.fundraiserTeamId,
      })),
    );
  }
  for (const { publicId, totals: next } of totals.values()) {
    after.push(() => announceTotals(input.tenantId, publicId, next));
  }
  return after;
}

/**
 * Takes paid gifts back out of their campaigns' totals inside `tx` (their money went back): each
 * moves paid → refunded once, with its campaign locked.
 */
export async function takeDonationsOut(
  tx: Db,
  input: { tenantId: string; donations: DonationRow[]; at: Date },
): Promise<AfterCommit[]> {
  const after: AfterCommit[] = [];
  const sorted = [...input.donations].sort((a, b) => a.campaignId.localeCompare(b.campaignId));
  for (const donation of sorted) {
    await lockCampaign(tx, input.tenantId, donation.campaignId);
    const refunded = await moveDonation(tx, input.tenantId, donation.id, ['paid'], 'refunded', input.at);
    if (!refunded) continue;
    const { publicId, ...next } = await changeCampaignTotals(tx, input.tenantId, refunded.campaignId, {
      raisedMinor: -refunded.amountMinor,
      donorCount: -donorsOf(refunded),
    });
    after.push(() => announceTotals(input.tenantId, publicId, next));
    after.push(
      ...(await events.emit(tx, 'donation.refunded', {
        tenantId: input.tenantId,
        donationId: refunded.id,
        campaignId: refunded.campaignId,
        amountMinor: refunded.amountMinor,
        donors: donorsOf(refunded),
        fundraiserId: refunded.fundraiserId,
        fundraiserTeamId: refunded.fundraiserTeamId,
      })),
    );
  }
  return after;
}

export interface OfflineGiftInput {
  tenantId: string;
  campaignId: string;
  publicId: string;
  amountMinor: number;
  donorName: string | null;
  anonymous: boolean;
  phone: string | null;
  email: string | null;
  message: string | null;
  taxReceipt: boolean;
  taxId: string | null;
  locale: string;
  staffId: string;
  receivedAt: Date;
}

/**
 * Staff record a gift received by hand or transfer: a paid, offline donation (no invoice) added to
 * its campaign's totals in one transaction, with `donation.paid` (receipts follow as for any gift).
 */
export async function recordOfflineGift(db: Db, input: OfflineGiftInput): Promise<DonationRow | null> {
  let after: AfterCommit[] = [];
  const row = await transaction(
    db,
    async (tx) => {
      after = [];
      const campaign = await lockCampaign(tx, input.tenantId, input.campaignId);
      if (!campaign) return null;
      const donation = await insertDonation(tx, {
        tenantId: input.tenantId,
        publicId: input.publicId,
        campaignId: campaign.id,
        amountMinor: input.amountMinor,
        feeMinor: 0,
        status: 'pending',
        donorName: input.donorName,
        anonymous: input.anonymous,
        phone: input.phone,
        email: input.email,
        message: input.message,
        taxReceipt: input.taxReceipt,
        taxId: input.taxId,
        offline: true,
        recordedBy: input.staffId,
        locale: input.locale,
      });
      after = await markDonationsPaid(tx, {
        tenantId: input.tenantId,
        donationIds: [donation.id],
        paymentId: null,
        at: input.receivedAt,
      });
      return donation;
    },
    { name: 'offline-gift' },
  );
  await runAfterCommit(after, (error) => log.warn('after offline gift effect failed', errorFields(error)));
  return row;
}
