// The donation checkout's reads and writes (issue 12). Every query takes the tenant.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.server';
import {
  campaigns,
  type DonorAddress,
  donationPlans,
  donations,
  fundraisers,
  invoices,
  planInstalments,
  tenantSettings,
} from '../../db/schema';
import type { DonationFeeRates } from '../../db/schema/tenants';
import type { LocalizedText } from '../../i18n/locales';

export interface GivingCampaign {
  id: string;
  publicId: string;
  title: Partial<LocalizedText>;
  summary: Partial<LocalizedText>;
  status: 'draft' | 'live' | 'ended';
  startsAt: Date;
  endsAt: Date | null;
  suggestedAmounts: number[];
  minAmountMinor: number;
  maxAmountMinor: number | null;
  oneTime: boolean;
  weeklyCounts: number[];
  monthlyCounts: number[];
  coverFeesAllowed: boolean;
}

const campaignColumns = {
  id: campaigns.id,
  publicId: campaigns.publicId,
  title: campaigns.title,
  summary: campaigns.summary,
  status: campaigns.status,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  suggestedAmounts: campaigns.suggestedAmounts,
  minAmountMinor: campaigns.minAmountMinor,
  maxAmountMinor: campaigns.maxAmountMinor,
  oneTime: campaigns.oneTime,
  weeklyCounts: campaigns.weeklyCounts,
  monthlyCounts: campaigns.monthlyCounts,
  coverFeesAllowed: campaigns.coverFeesAllowed,
};

/** A campaign by its public id (the URL's) or, failing that, its uuid. */
export async function findGivingCampaign(db: Db, tenantId: string, key: string): Promise<GivingCampaign | null> {
  const [byPublicId] = await db
    .select(campaignColumns)
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.publicId, key)))
    .limit(1);
  return byPublicId ?? null;
}

export async function givingCampaignsByIds(
  db: Db,
  tenantId: string,
  ids: readonly string[],
): Promise<GivingCampaign[]> {
  if (ids.length === 0) return [];
  return db
    .select(campaignColumns)
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), inArray(campaigns.id, [...ids])));
}

export interface DonationSettings {
  issuesTaxReceipts: boolean;
  feeRates: DonationFeeRates;
  minMinor: number;
  maxMinor: number | null;
}

export async function donationSettings(db: Db, tenantId: string): Promise<DonationSettings> {
  const [row] = await db
    .select({
      issuesTaxReceipts: tenantSettings.issuesTaxReceipts,
      feeRates: tenantSettings.donationFeeRates,
      minMinor: tenantSettings.donationMinMinor,
      maxMinor: tenantSettings.donationMaxMinor,
    })
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, tenantId))
    .limit(1);
  return row ?? { issuesTaxReceipts: false, feeRates: {}, minMinor: 100, maxMinor: null };
}

/** The invoice a form submission already made (its first donation carries `${key}:0`). */
export async function invoiceOfIdempotencyKey(db: Db, tenantId: string, key: string): Promise<string | null> {
  const [row] = await db
    .select({ publicId: invoices.publicId })
    .from(donations)
    .innerJoin(invoices, and(eq(invoices.id, donations.invoiceId), eq(invoices.tenantId, tenantId)))
    .where(and(eq(donations.tenantId, tenantId), eq(donations.idempotencyKey, key)))
    .limit(1);
  return row?.publicId ?? null;
}

export interface DonorRow {
  donorName: string | null;
  anonymous: boolean;
  phone: string;
  email: string | null;
  customerId: string | null;
  address: DonorAddress | null;
  taxReceipt: boolean;
  taxId: string | null;
  locale: string;
}

export interface NewDonation extends DonorRow {
  id: string;
  tenantId: string;
  publicId: string;
  campaignId: string;
  invoiceId: string;
  planId: string | null;
  instalmentSeq: number | null;
  amountMinor: number;
  feeMinor: number;
  message: string | null;
  idempotencyKey: string;
  /** Issue 13: given through a fundraiser (and its team). */
  fundraiserId?: string | null;
  fundraiserTeamId?: string | null;
}

export interface NewPlan extends DonorRow {
  id: string;
  tenantId: string;
  publicId: string;
  campaignId: string;
  frequency: 'weekly' | 'monthly';
  count: number;
  amountMinor: number;
  feeMinor: number;
  method: 'card' | 'fpx' | 'counter';
  anchorDate: string;
  nextChargeOn: string | null;
  /** Issue 13: started through a fundraiser (and its team); its instalments' gifts carry them. */
  fundraiserId?: string | null;
  fundraiserTeamId?: string | null;
}

export interface NewInstalment {
  planId: string;
  tenantId: string;
  seq: number;
  dueOn: string;
  /** The first instalment is paid with the checkout's invoice. */
  invoiceId: string | null;
  donationId: string | null;
  status: 'scheduled' | 'invoiced';
}

/** Plans first (donations reference them), then the donations, then the instalments (which reference both). */
export async function insertCheckoutRows(
  tx: Db,
  rows: { plans: NewPlan[]; donations: NewDonation[]; instalments: NewInstalment[] },
): Promise<void> {
  if (rows.plans.length > 0) {
    await tx.insert(donationPlans).values(rows.plans.map((plan) => ({ ...plan, status: 'pending' as const })));
  }
  if (rows.donations.length > 0) {
    await tx.insert(donations).values(rows.donations.map((row) => ({ ...row, status: 'pending' as const })));
  }
  if (rows.instalments.length > 0) await tx.insert(planInstalments).values(rows.instalments);
}

/** Issue 13: the fundraisers lines name, as checkout checks them (live, under the line's campaign). */
export async function givingFundraisersByIds(
  db: Db,
  tenantId: string,
  ids: string[],
): Promise<{ id: string; campaignId: string; teamId: string | null; status: string; endsAt: Date | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: fundraisers.id,
      campaignId: fundraisers.campaignId,
      teamId: fundraisers.teamId,
      status: fundraisers.status,
      endsAt: fundraisers.endsAt,
    })
    .from(fundraisers)
    .where(and(eq(fundraisers.tenantId, tenantId), inArray(fundraisers.id, ids)));
}
