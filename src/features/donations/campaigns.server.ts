import { randomBytes } from 'node:crypto';
import type { Db } from '#db/client.server.ts';
import { transaction } from '#db/transaction.server.ts';
import { newPublicId } from '#features/invoices/index.server.ts';
import { appProviders, paidPaymentOf, refundPayment } from '#features/payments/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { type AfterCommit, events, runAfterCommit } from '#server/events/index.ts';
import {
  type CampaignImageKind,
  type CampaignTotals,
  type CampaignView,
  hasEnded,
  isOpenForGifts,
  landingOrder,
  publicDonorName,
} from './campaign';
import type { CampaignInput } from './campaign.schema';
import { campaignImagesFrom, coverAtWidth } from './campaign-image.server';
import type { CoverWidth } from './campaign-image-sizes';
import {
  type CampaignRow,
  type DonationFilter,
  findCampaignImage,
  findCampaignRow,
  findCampaignTotals,
  findDonationByPublicId,
  insertCampaign,
  listCampaignRows,
  listDonations,
  recentPaidDonations,
  type StaffDonationRow,
  saveCampaignImage,
  summarizeDonations,
  updateCampaign,
} from './campaign-repo.server';
import { keptTotals, recordOfflineGift, takeDonationsOut, totalsKey } from './donation-totals.server';
import './donation-events';
import { zonedDayStart } from '#lib/zoned-time.ts';

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A campaign's short public id (`/donation/{id}`): 10 letters and digits, about 50 bits. */
export function newCampaignId(): string {
  const bytes = randomBytes(10);
  return [...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

/** Public ids in URLs: short letters, digits, dash or underscore. */
export const CAMPAIGN_ID = /^[A-Za-z0-9_-]{4,40}$/;

export interface DonationLanding {
  live: CampaignView[];
  ended: CampaignView[];
}

/** The `/donation` landing: live campaigns (featured first), ended ones apart; drafts never. */
export async function donationLanding(db: Db, tenantId: string, now: Date): Promise<DonationLanding> {
  const rows = await listCampaignRows(db, tenantId, ['live', 'ended']);
  const views = rows.map((r) => r.view).filter((v) => v.startsAt.getTime() <= now.getTime());
  return {
    live: views.filter((v) => !hasEnded(v, now)).sort(landingOrder),
    ended: views
      .filter((v) => hasEnded(v, now))
      .sort((a, b) => (b.endsAt?.getTime() ?? 0) - (a.endsAt?.getTime() ?? 0)),
  };
}

export interface RecentDonor {
  name: string;
  amountMinor: number;
  paidAt: Date | null;
}

export interface CampaignPage {
  campaign: CampaignView;
  open: boolean;
  ended: boolean;
  recentDonors: RecentDonor[];
}

/** A campaign's public page (a draft does not exist for visitors). */
export async function campaignPage(
  db: Db,
  tenantId: string,
  publicId: string,
  now: Date,
  anonymousLabel: string,
): Promise<CampaignPage | null> {
  if (!CAMPAIGN_ID.test(publicId)) return null;
  const found = await findCampaignRow(db, tenantId, { publicId });
  if (!found || found.view.status === 'draft') return null;
  const donors = await recentPaidDonations(db, tenantId, found.row.id, 8);
  return {
    campaign: found.view,
    open: isOpenForGifts(found.view, now),
    ended: hasEnded(found.view, now),
    recentDonors: donors.map((d) => ({
      name: publicDonorName(d, anonymousLabel),
      amountMinor: d.amountMinor,
      paidAt: d.paidAt,
    })),
  };
}

/** A public campaign's totals (the live page's catch-up after a cached render). */
export async function campaignTotals(db: Db, tenantId: string, publicId: string): Promise<CampaignTotals | null> {
  if (!CAMPAIGN_ID.test(publicId)) return null;
  return keptTotals.get(totalsKey(tenantId, publicId), () => findCampaignTotals(db, tenantId, publicId));
}

/** A campaign's picture for the image endpoint; the cover also at a smaller width (`CoverWidth`). */
export async function campaignImage(
  db: Db,
  tenantId: string,
  publicId: string,
  kind: CampaignImageKind,
  width?: CoverWidth,
) {
  if (!CAMPAIGN_ID.test(publicId)) return null;
  const image = await findCampaignImage(db, tenantId, publicId, kind);
  if (!image || width === undefined || kind !== 'cover') return image;
  return coverAtWidth(`${tenantId}:${publicId}:${image.version}`, image, width);
}

// --- Staff ---

/** Every campaign of the tenant for staff (drafts too), live first. */
export async function staffCampaigns(db: Db, tenantId: string): Promise<{ row: CampaignRow; view: CampaignView }[]> {
  const order = { live: 0, draft: 1, ended: 2 } as const;
  const rows = await listCampaignRows(db, tenantId, ['draft', 'live', 'ended']);
  return rows.sort((a, b) => order[a.row.status] - order[b.row.status]);
}

export function staffCampaign(db: Db, tenantId: string, id: string) {
  return findCampaignRow(db, tenantId, { id });
}

function campaignValues(input: CampaignInput, timeZone: string) {
  return {
    title: input.title,
    summary: input.summary,
    story: input.story,
    category: input.category,
    goalMinor: input.goalMinor,
    startsAt: zonedDayStart(input.startsOn, timeZone),
    // The end day is the last day of giving: the campaign ends at the next midnight.
    endsAt: input.endsOn ? zonedDayStart(input.endsOn, timeZone, 1) : null,
    suggestedAmounts: input.suggestedAmounts,
    minAmountMinor: input.minAmountMinor,
    maxAmountMinor: input.maxAmountMinor,
    oneTime: input.oneTime,
    weeklyCounts: input.weeklyCounts,
    monthlyCounts: input.monthlyCounts,
    coverFeesAllowed: input.coverFeesAllowed,
    status: input.status,
    featured: input.featured,
    eventDate: input.eventDate ? zonedDayStart(input.eventDate, timeZone) : null,
    permitNumber: input.permitNumber,
    permitValidUntil: input.permitValidUntil,
  };
}

export type SaveCampaignResult =
  | { ok: true; campaign: CampaignRow }
  | { ok: false; reason: 'not_found' | 'bad_image' | 'ended' };

/**
 * Creates (id null) or updates a campaign, with its pictures when one was uploaded (resized
 * before the transaction), and emits `campaign.changed`.
 */
export async function saveCampaign(
  db: Db,
  tenant: Pick<Tenant, 'id' | 'timeZone'>,
  input: { id: string | null; values: CampaignInput; image: Uint8Array | null; staffId: string; now?: Date },
): Promise<SaveCampaignResult> {
  const now = input.now ?? new Date();
  const images = input.image && input.image.length > 0 ? await campaignImagesFrom(input.image) : null;
  if (input.image && input.image.length > 0 && !images) return { ok: false, reason: 'bad_image' };
  let after: AfterCommit[] = [];
  const result = await transaction(
    db,
    async (tx): Promise<SaveCampaignResult> => {
      after = [];
      const values = campaignValues(input.values, tenant.timeZone);
      let row: CampaignRow | null;
      if (input.id) {
        const existing = await findCampaignRow(tx, tenant.id, { id: input.id });
        if (!existing) return { ok: false, reason: 'not_found' };
        if (existing.row.status === 'ended') return { ok: false, reason: 'ended' };
        row = await updateCampaign(tx, tenant.id, input.id, values, now);
      } else {
        row = await insertCampaign(tx, tenant.id, { ...values, publicId: newCampaignId() });
      }
      if (!row) return { ok: false, reason: 'not_found' };
      const version = now.getTime().toString(36);
      for (const image of images ?? []) {
        await saveCampaignImage(tx, { ...image, tenantId: tenant.id, campaignId: row.id, version });
      }
      after = await events.emit(tx, 'campaign.changed', {
        tenantId: tenant.id,
        campaignId: row.id,
        publicId: row.publicId,
        change: input.id ? 'updated' : 'created',
        staffId: input.staffId,
      });
      return { ok: true, campaign: row };
    },
    { name: 'save-campaign' },
  );
  await runAfterCommit(after, (error) => log.warn('after campaign change failed', errorFields(error)));
  return result;
}

/** Ends a campaign now: it leaves the live list and takes no more gifts. */
export async function endCampaign(
  db: Db,
  tenantId: string,
  id: string,
  staffId: string,
  now = new Date(),
): Promise<CampaignRow | null> {
  let after: AfterCommit[] = [];
  const row = await transaction(
    db,
    async (tx) => {
      after = [];
      const existing = await findCampaignRow(tx, tenantId, { id });
      if (!existing || existing.row.status === 'ended') return null;
      const ended = await updateCampaign(
        tx,
        tenantId,
        id,
        {
          status: 'ended',
          endsAt: existing.row.endsAt && existing.row.endsAt < now ? existing.row.endsAt : now,
        },
        now,
      );
      if (!ended) return null;
      after = await events.emit(tx, 'campaign.changed', {
        tenantId,
        campaignId: id,
        publicId: ended.publicId,
        change: 'ended',
        staffId,
      });
      return ended;
    },
    { name: 'end-campaign' },
  );
  await runAfterCommit(after, (error) => log.warn('after campaign end failed', errorFields(error)));
  return row;
}

/** Donations for staff, newest first, filtered; `offset` skips that many (a later page). */
export function staffDonations(
  db: Db,
  tenantId: string,
  filter: DonationFilter,
  limit = 200,
  offset = 0,
): Promise<StaffDonationRow[]> {
  return listDonations(db, tenantId, filter, limit, offset);
}

/** How many donations the filter finds and the money of the paid ones, whatever page shows. */
export function staffDonationSummary(db: Db, tenantId: string, filter: DonationFilter) {
  return summarizeDonations(db, tenantId, filter);
}

/** Staff record an offline gift (cash, transfer): paid at once, counted in the campaign. */
export async function recordOfflineDonation(
  db: Db,
  tenant: Pick<Tenant, 'id'>,
  input: Omit<Parameters<typeof recordOfflineGift>[1], 'tenantId' | 'publicId'>,
) {
  return recordOfflineGift(db, { ...input, tenantId: tenant.id, publicId: newPublicId() });
}

export type StaffRefundResult =
  | { ok: true; donationIds: string[] }
  | { ok: false; reason: 'not_found' | 'not_paid' | 'no_payment' | 'refund_failed' };

/**
 * Staff give a gift's money back. Online: that gift's line (the gift and the fee it covered) is
 * refunded on the payment that paid its invoice, through its provider (payments' refundPayment
 * with the amount and the line); the `payment.refunded` effect then takes that gift — and only it,
 * the cart's other gifts stay paid — out of the totals. Offline: the gift is marked refunded and
 * taken out.
 */
export async function refundDonation(
  db: Db,
  tenantId: string,
  donationPublicId: string,
  staffId: string,
  now = new Date(),
): Promise<StaffRefundResult> {
  const donation = await findDonationByPublicId(db, tenantId, donationPublicId);
  if (!donation) return { ok: false, reason: 'not_found' };
  if (donation.status !== 'paid') return { ok: false, reason: 'not_paid' };
  if (donation.offline || !donation.invoiceId) {
    let after: AfterCommit[] = [];
    await transaction(
      db,
      async (tx) => {
        after = await takeDonationsOut(tx, { tenantId, donations: [donation], at: now });
      },
      { name: 'refund-offline-gift' },
    );
    await runAfterCommit(after, (error) => log.warn('after offline refund failed', errorFields(error)));
    return { ok: true, donationIds: [donation.id] };
  }
  const payment = await paidPaymentOf(db, tenantId, donation.invoiceId);
  if (!payment) return { ok: false, reason: 'no_payment' };
  const result = await refundPayment(db, appProviders(db), {
    tenantId,
    paymentId: payment.id,
    reason: 'staff',
    amount: donation.amountMinor + donation.feeMinor,
    source: { kind: 'donation', id: donation.id },
    staffId,
    now,
  });
  if (!result.ok) return { ok: false, reason: 'refund_failed' };
  return { ok: true, donationIds: [donation.id] };
}

/** The staff filters as a repository filter: days in the tenant's zone, `to` inclusive. */
export function donationFilterOf(
  query: {
    campaign?: string | undefined;
    status?: DonationFilter['status'];
    kind?: 'online' | 'offline' | undefined;
    from?: string | undefined;
    to?: string | undefined;
    q?: string | undefined;
  },
  timeZone: string,
): DonationFilter {
  return {
    campaignId: query.campaign,
    status: query.status,
    offline: query.kind === undefined ? undefined : query.kind === 'offline',
    from: query.from ? zonedDayStart(query.from, timeZone) : undefined,
    to: query.to ? zonedDayStart(query.to, timeZone, 1) : undefined,
    query: query.q,
  };
}
