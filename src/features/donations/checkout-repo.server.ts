// The donation checkout's reads and writes (issue 12). Every query takes the tenant.
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { preparedQuery } from '#db/prepared.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import {
  campaigns,
  type DonorAddress,
  donationPlans,
  donations,
  fundraisers,
  invoices,
  planInstalments,
  tenantSettings,
} from '#db/schema/index.ts';
import type { DonationFeeRates } from '#db/schema/tenants.ts';
import type { LocalizedText } from '#i18n/locales.ts';
import type { Currency } from '#lib/money.ts';
import type { CampaignGivingTerms } from './campaign';
import { tenantMaxGiftMinor } from './gift-limits';

export interface GivingCampaign extends CampaignGivingTerms {
  id: string;
  publicId: string;
  title: Partial<LocalizedText>;
  summary: Partial<LocalizedText>;
  status: 'draft' | 'live' | 'ended';
  startsAt: Date;
  endsAt: Date | null;
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

/** Prepared: the form page and its post read it on every request. */
const givingCampaignByPublicId = preparedQuery((db) =>
  db
    .select(campaignColumns)
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, sql.placeholder('tenantId')), eq(campaigns.publicId, sql.placeholder('key'))))
    .limit(1)
    .prepare('giving_campaign_by_public_id'),
);

/** A campaign by its public id (the URL's). */
export async function findGivingCampaign(db: Db, tenantId: string, key: string): Promise<GivingCampaign | null> {
  const [byPublicId] = await givingCampaignByPublicId(db).execute({ tenantId, key });
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
    .where(ofTenant(campaigns, tenantId, inArray(campaigns.id, [...ids])));
}

export interface DonationSettings {
  issuesTaxReceipts: boolean;
  feeRates: DonationFeeRates;
  minMinor: number;
  /** The largest single gift (issue 23): the tenant's setting, else its currency's default (gift-limits.ts). */
  maxMinor: number;
}

/** Prepared: the form page and its post read it on every request. */
const donationSettingsQuery = preparedQuery((db) =>
  db
    .select({
      issuesTaxReceipts: tenantSettings.issuesTaxReceipts,
      feeRates: tenantSettings.donationFeeRates,
      minMinor: tenantSettings.donationMinMinor,
      maxMinor: tenantSettings.donationMaxMinor,
    })
    .from(tenantSettings)
    .where(eq(tenantSettings.tenantId, sql.placeholder('tenantId')))
    .limit(1)
    .prepare('donation_settings'),
);

export async function donationSettings(
  db: Db,
  tenant: { id: string; currency: Pick<Currency, 'code' | 'multiplier'> },
): Promise<DonationSettings> {
  const [row] = await donationSettingsQuery(db).execute({ tenantId: tenant.id });
  const settings = row ?? { issuesTaxReceipts: false, feeRates: {}, minMinor: 100, maxMinor: null };
  return { ...settings, maxMinor: tenantMaxGiftMinor(settings.maxMinor, tenant.currency) };
}

/** Prepared: every donate post asks it first. */
const invoiceOfKeyQuery = preparedQuery((db) =>
  db
    .select({ publicId: invoices.publicId })
    .from(donations)
    .innerJoin(invoices, and(eq(invoices.id, donations.invoiceId), eq(invoices.tenantId, sql.placeholder('tenantId'))))
    .where(
      and(eq(donations.tenantId, sql.placeholder('tenantId')), eq(donations.idempotencyKey, sql.placeholder('key'))),
    )
    .limit(1)
    .prepare('invoice_of_idempotency_key'),
);

/** The invoice a form submission already made (its first donation carries `${key}:0`). */
export async function invoiceOfIdempotencyKey(db: Db, tenantId: string, key: string): Promise<string | null> {
  const [row] = await invoiceOfKeyQuery(db).execute({ tenantId, key });
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
  /** Issue 23: the checkout's network address, hashed with the tenant (the unpaid-attempts cap). */
  clientHash?: string | null;
  /** The checkout's time (the unpaid-attempts window counts from it). */
  createdAt?: Date;
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
    .where(ofTenant(fundraisers, tenantId, inArray(fundraisers.id, ids)));
}

/** One scope's unpaid checkouts: how many, and when the oldest was made (when the count next drops). */
export interface UnpaidCount {
  count: number;
  oldest: Date | null;
}

/**
 * The donation checkouts of a tenant made after `since` whose invoice is still unpaid (open, or
 * failed and payable again), counted in one statement for each scope: the contacts (phone,
 * e-mail), the hashed network address and the whole tenant. Only the checkout's own gifts count
 * (an instalment's invoice is the plan's job's); a paid checkout never counts, so donors who pay
 * are never refused, however many share an address.
 */
export async function unpaidCheckouts(
  db: Db,
  tenantId: string,
  who: { contacts: readonly string[]; clientHash: string },
  since: Date,
): Promise<{ contact: UnpaidCount; address: UnpaidCount; tenant: UnpaidCount }> {
  const ofContact = or(inArray(donations.phone, [...who.contacts]), inArray(donations.email, [...who.contacts]));
  const ofAddress = eq(donations.clientHash, who.clientHash);
  const [row] = await db
    .select({
      contactCount: sql<number>`count(distinct ${donations.invoiceId}) filter (where ${ofContact})::int`,
      contactOldest: sql<string | null>`min(${donations.createdAt}) filter (where ${ofContact})`,
      addressCount: sql<number>`count(distinct ${donations.invoiceId}) filter (where ${ofAddress})::int`,
      addressOldest: sql<string | null>`min(${donations.createdAt}) filter (where ${ofAddress})`,
      tenantCount: sql<number>`count(distinct ${donations.invoiceId})::int`,
      tenantOldest: sql<string | null>`min(${donations.createdAt})`,
    })
    .from(donations)
    .innerJoin(invoices, and(eq(invoices.id, donations.invoiceId), eq(invoices.tenantId, tenantId)))
    .where(
      ofTenant(
        donations,
        tenantId,
        gt(donations.createdAt, since),
        or(isNull(donations.instalmentSeq), eq(donations.instalmentSeq, 1)),
        inArray(invoices.status, ['open', 'failed']),
      ),
    );
  const counted = (count: number | undefined, oldest: string | null | undefined): UnpaidCount => ({
    count: Number(count ?? 0),
    oldest: oldest ? new Date(oldest) : null,
  });
  return {
    contact: counted(row?.contactCount, row?.contactOldest),
    address: counted(row?.addressCount, row?.addressOldest),
    tenant: counted(row?.tenantCount, row?.tenantOldest),
  };
}

/**
 * Serialises the checkouts of one contact of a tenant (a transaction-scoped advisory lock), so
 * concurrent attempts cannot all slip under the unpaid limit.
 */
export async function lockDonorContact(tx: Db, tenantId: string, contact: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`donation-checkout:${tenantId}:${contact}`}))`);
}
