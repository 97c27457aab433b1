import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { firstTenantRow, ofTenant } from '#db/rows.server.ts';
import {
  campaigns,
  donationReceipts,
  donations,
  fundraisers,
  receiptSequences,
  tenantHosts,
  tenantSettings,
  tenants,
} from '#db/schema/index.ts';
import { publicTexts } from '#features/fundraisers/fundraiser-rules.ts';
import type { Currency } from '#lib/money.ts';

// The drizzle of donation receipts and their per-tenant, per-year numbering (issue 12, H7).

export type ReceiptRow = typeof donationReceipts.$inferSelect;

/**
 * The next receipt number of a tenant's year: the sequence row is created when missing, then
 * advanced by one UPDATE, which holds its row lock until the caller's transaction ends — so two
 * gifts paid at once get consecutive numbers, never the same one, and a rolled-back gift leaves
 * no gap.
 */
export async function nextReceiptNumber(tx: Db, tenantId: string, year: number): Promise<number> {
  // One statement: the year's first receipt makes its sequence at 1, later ones lock the row and add one.
  const [row] = await tx
    .insert(receiptSequences)
    .values({ tenantId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [receiptSequences.tenantId, receiptSequences.year],
      set: { lastNumber: sql`${receiptSequences.lastNumber} + 1` },
    })
    .returning({ number: receiptSequences.lastNumber });
  if (!row) throw new Error('receipt sequence not advanced');
  return row.number;
}

export async function receiptOfDonation(db: Db, tenantId: string, donationId: string): Promise<ReceiptRow | null> {
  return firstTenantRow(db, donationReceipts, tenantId, eq(donationReceipts.donationId, donationId));
}

export async function insertReceipt(tx: Db, row: typeof donationReceipts.$inferInsert): Promise<ReceiptRow> {
  const [created] = await tx.insert(donationReceipts).values(row).returning();
  if (!created) throw new Error('receipt not created');
  return created;
}

/** A receipt with what its PDF shows: the gift, its campaign, the plan it belongs to. */
export async function receiptDetails(db: Db, tenantId: string, receiptId: string) {
  const [row] = await db
    .select({ receipt: donationReceipts, donation: donations, campaignTitle: campaigns.title })
    .from(donationReceipts)
    .innerJoin(donations, eq(donations.id, donationReceipts.donationId))
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .where(ofTenant(donationReceipts, tenantId, eq(donationReceipts.id, receiptId)));
  return row ?? null;
}

/** The receipts of a plan's gifts, in order (its manage page lists them). */
export async function receiptsOfPlan(db: Db, tenantId: string, planId: string) {
  return db
    .select({ receipt: donationReceipts, seq: donations.instalmentSeq })
    .from(donationReceipts)
    .innerJoin(donations, eq(donations.id, donationReceipts.donationId))
    .where(ofTenant(donationReceipts, tenantId, eq(donations.planId, planId)))
    .orderBy(asc(donations.instalmentSeq));
}

/** What a tenant prints on receipts. */
export async function receiptSettings(db: Db, tenantId: string) {
  const [row] = await db
    .select({
      timeZone: tenantSettings.timeZone,
      registrationNumber: tenantSettings.registrationNumber,
      taxExemptRef: tenantSettings.taxExemptRef,
      issuesTaxReceipts: tenantSettings.issuesTaxReceipts,
      officerName: tenantSettings.receiptOfficerName,
      officerTitle: tenantSettings.receiptOfficerTitle,
    })
    .from(tenantSettings)
    .where(ofTenant(tenantSettings, tenantId));
  return (
    row ?? {
      timeZone: 'Asia/Kuala_Lumpur',
      registrationNumber: null,
      taxExemptRef: null,
      issuesTaxReceipts: false,
      officerName: null,
      officerTitle: null,
    }
  );
}

/** Who issues a receipt and what it prints, as the settlement's transaction needs them. */
export interface ReceiptIssuer {
  tenant: { id: string; name: string; currency: Currency; primaryHost: string };
  settings: Awaited<ReturnType<typeof receiptSettings>>;
}

/**
 * The tenant (name, currency, primary host: the same host `findTenantById` picks) and its receipt
 * settings in one statement; null without the tenant or its settings.
 */
export async function receiptIssuer(db: Db, tenantId: string): Promise<ReceiptIssuer | null> {
  const [row] = await db
    .select({
      name: tenants.name,
      currencyCode: tenantSettings.currencyCode,
      currencySymbol: tenantSettings.currencySymbol,
      currencyMultiplier: tenantSettings.currencyMultiplier,
      currencyExponent: tenantSettings.currencyExponent,
      primaryHost: sql<
        string | null
      >`(select ${tenantHosts.hostname} from ${tenantHosts} where ${tenantHosts.tenantId} = ${tenants.id} order by ${tenantHosts.isPrimary} desc, ${tenantHosts.hostname} asc limit 1)`,
      timeZone: tenantSettings.timeZone,
      registrationNumber: tenantSettings.registrationNumber,
      taxExemptRef: tenantSettings.taxExemptRef,
      issuesTaxReceipts: tenantSettings.issuesTaxReceipts,
      officerName: tenantSettings.receiptOfficerName,
      officerTitle: tenantSettings.receiptOfficerTitle,
    })
    .from(tenants)
    .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  if (!row) return null;
  return {
    tenant: {
      id: tenantId,
      name: row.name,
      currency: {
        code: row.currencyCode,
        symbol: row.currencySymbol,
        multiplier: row.currencyMultiplier,
        exponent: row.currencyExponent,
      },
      primaryHost: row.primaryHost ?? '',
    },
    settings: {
      timeZone: row.timeZone,
      registrationNumber: row.registrationNumber,
      taxExemptRef: row.taxExemptRef,
      issuesTaxReceipts: row.issuesTaxReceipts,
      officerName: row.officerName,
      officerTitle: row.officerTitle,
    },
  };
}

/** The fee rates a tenant grosses gifts up by (a plan's covered fee follows its amount). */
export async function donationFeeRates(db: Db, tenantId: string) {
  const [row] = await db
    .select({ rates: tenantSettings.donationFeeRates })
    .from(tenantSettings)
    .where(ofTenant(tenantSettings, tenantId));
  return row?.rates ?? {};
}

/**
 * Issue 13: the name of the fundraiser a gift was given through (the receipt names them), as their
 * page shows it: an unapproved page's links and phone numbers stay masked (issue 23).
 */
export async function fundraiserNameOf(tx: Db, tenantId: string, fundraiserId: string): Promise<string | null> {
  const [row] = await tx
    .select({ title: fundraisers.title, displayName: fundraisers.displayName, approvedAt: fundraisers.approvedAt })
    .from(fundraisers)
    .where(ofTenant(fundraisers, tenantId, eq(fundraisers.id, fundraiserId)));
  return row ? publicTexts(row).displayName : null;
}
