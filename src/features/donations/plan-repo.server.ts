import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { countRows, findTenantRow, ofTenant } from '#db/rows.server.ts';
import {
  campaigns,
  donationPlans,
  donationReceipts,
  donations,
  planInstalments,
  tenantSettings,
} from '#db/schema/index.ts';
import type { LocalizedText } from '#i18n/locales.ts';

// The drizzle of recurring plans and their instalments (issue 12, H7). Every query names its tenant.

export type PlanRow = typeof donationPlans.$inferSelect;
export type InstalmentRow = typeof planInstalments.$inferSelect;
export type DonationRow = typeof donations.$inferSelect;

export async function findPlan(db: Db, tenantId: string, planId: string): Promise<PlanRow | null> {
  return findTenantRow(db, donationPlans, tenantId, planId);
}

/** The plan under a row lock: charges, cancellations and changes of one plan go one at a time. */
export async function lockPlan(tx: Db, tenantId: string, planId: string): Promise<PlanRow | null> {
  return findTenantRow(tx, donationPlans, tenantId, planId, 'update');
}

export async function updatePlan(
  tx: Db,
  tenantId: string,
  planId: string,
  patch: Partial<Omit<PlanRow, 'id' | 'tenantId' | 'createdAt'>>,
  now: Date = new Date(),
): Promise<void> {
  await tx
    .update(donationPlans)
    .set({ ...patch, updatedAt: now })
    .where(ofTenant(donationPlans, tenantId, eq(donationPlans.id, planId)));
}

/** Writes the plan's instalments (1..count) where missing; existing ones are kept as they are. */
export async function ensureInstalments(
  tx: Db,
  plan: Pick<PlanRow, 'id' | 'tenantId'>,
  dueDates: readonly string[],
): Promise<void> {
  if (dueDates.length === 0) return;
  await tx
    .insert(planInstalments)
    .values(dueDates.map((dueOn, index) => ({ planId: plan.id, tenantId: plan.tenantId, seq: index + 1, dueOn })))
    .onConflictDoNothing();
}

export async function instalmentsOf(db: Db, tenantId: string, planId: string): Promise<InstalmentRow[]> {
  return db
    .select()
    .from(planInstalments)
    .where(ofTenant(planInstalments, tenantId, eq(planInstalments.planId, planId)))
    .orderBy(asc(planInstalments.seq));
}

export async function lockInstalment(
  tx: Db,
  tenantId: string,
  planId: string,
  seq: number,
): Promise<InstalmentRow | null> {
  const [row] = await tx
    .select()
    .from(planInstalments)
    .where(
      and(eq(planInstalments.tenantId, tenantId), eq(planInstalments.planId, planId), eq(planInstalments.seq, seq)),
    )
    .for('update');
  return row ?? null;
}

export async function updateInstalment(
  tx: Db,
  tenantId: string,
  planId: string,
  seq: number,
  patch: Partial<Omit<InstalmentRow, 'planId' | 'tenantId' | 'seq'>>,
): Promise<void> {
  await tx
    .update(planInstalments)
    .set(patch)
    .where(
      and(eq(planInstalments.tenantId, tenantId), eq(planInstalments.planId, planId), eq(planInstalments.seq, seq)),
    );
}

/** Future instalments of a cancelled plan are skipped: nothing charges or invoices them. */
export async function skipOpenInstalments(tx: Db, tenantId: string, planId: string): Promise<number> {
  const rows = await tx
    .update(planInstalments)
    .set({ status: 'skipped', nextAttemptAt: null })
    .where(
      ofTenant(
        planInstalments,
        tenantId,
        eq(planInstalments.planId, planId),
        inArray(planInstalments.status, ['scheduled', 'failed']),
      ),
    )
    .returning({ seq: planInstalments.seq });
  return rows.length;
}

export interface DueInstalment {
  tenantId: string;
  timeZone: string;
  planId: string;
  seq: number;
  dueOn: string;
  attempts: number;
  method: PlanRow['method'];
}

/**
 * Instalments of active plans that may be due by `latestDay` (the caller narrows by each tenant's
 * own day) and not waiting for a retry later than `now`, oldest first: every tenant, as a job sees them.
 */
export async function dueInstalments(db: Db, latestDay: string, now: Date, limit = 500): Promise<DueInstalment[]> {
  return db
    .select({
      tenantId: planInstalments.tenantId,
      timeZone: tenantSettings.timeZone,
      planId: planInstalments.planId,
      seq: planInstalments.seq,
      dueOn: planInstalments.dueOn,
      attempts: planInstalments.attempts,
      method: donationPlans.method,
    })
    .from(planInstalments)
    .innerJoin(
      donationPlans,
      and(eq(donationPlans.id, planInstalments.planId), eq(donationPlans.tenantId, planInstalments.tenantId)),
    )
    .innerJoin(tenantSettings, eq(tenantSettings.tenantId, planInstalments.tenantId))
    .where(
      and(
        eq(donationPlans.status, 'active'),
        eq(planInstalments.status, 'scheduled'),
        lte(planInstalments.dueOn, latestDay),
        or(isNull(planInstalments.nextAttemptAt), lte(planInstalments.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(planInstalments.dueOn), asc(planInstalments.planId), asc(planInstalments.seq))
    .limit(limit);
}

/** Whether an earlier instalment of the plan is still being retried (later ones wait for it). */
export async function earlierRetrying(tx: Db, tenantId: string, planId: string, seq: number): Promise<boolean> {
  const [row] = await tx
    .select({ seq: planInstalments.seq })
    .from(planInstalments)
    .where(
      ofTenant(
        planInstalments,
        tenantId,
        eq(planInstalments.planId, planId),
        sql`${planInstalments.seq} < ${seq}`,
        eq(planInstalments.status, 'scheduled'),
        sql`${planInstalments.attempts} > 0`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findDonation(db: Db, tenantId: string, donationId: string): Promise<DonationRow | null> {
  return findTenantRow(db, donations, tenantId, donationId);
}

/** A pending gift for one instalment, with the plan's donor details; its invoice line pays it. */
export async function insertInstalmentDonation(
  tx: Db,
  plan: PlanRow,
  input: { publicId: string; seq: number; invoiceId: string | null; amountMinor: number; feeMinor: number },
): Promise<DonationRow> {
  const [row] = await tx
    .insert(donations)
    .values({
      tenantId: plan.tenantId,
      publicId: input.publicId,
      campaignId: plan.campaignId,
      invoiceId: input.invoiceId,
      planId: plan.id,
      instalmentSeq: input.seq,
      amountMinor: input.amountMinor,
      feeMinor: input.feeMinor,
      status: 'pending',
      donorName: plan.donorName,
      anonymous: plan.anonymous,
      phone: plan.phone,
      email: plan.email,
      customerId: plan.customerId,
      address: plan.address,
      taxReceipt: plan.taxReceipt,
      taxId: plan.taxId,
      locale: plan.locale,
      // Issue 13: given through the fundraiser the plan was started on, whatever its page is now.
      fundraiserId: plan.fundraiserId,
      fundraiserTeamId: plan.fundraiserTeamId,
    })
    .returning();
  if (!row) throw new Error('instalment donation not created');
  return row;
}

export async function setDonationInvoice(tx: Db, tenantId: string, donationId: string, invoiceId: string) {
  await tx
    .update(donations)
    .set({ invoiceId })
    .where(ofTenant(donations, tenantId, eq(donations.id, donationId)));
}

export interface CampaignBrief {
  id: string;
  publicId: string;
  title: Partial<LocalizedText>;
  minAmountMinor: number;
  maxAmountMinor: number | null;
}

export async function campaignBrief(db: Db, tenantId: string, campaignId: string): Promise<CampaignBrief | null> {
  const [row] = await db
    .select({
      id: campaigns.id,
      publicId: campaigns.publicId,
      title: campaigns.title,
      minAmountMinor: campaigns.minAmountMinor,
      maxAmountMinor: campaigns.maxAmountMinor,
    })
    .from(campaigns)
    .where(ofTenant(campaigns, tenantId, eq(campaigns.id, campaignId)));
  return row ?? null;
}

/** A customer's plans, newest first (the account page). */
export async function customerPlans(db: Db, tenantId: string, customerId: string, limit: number) {
  return db
    .select({ plan: donationPlans, campaignTitle: campaigns.title })
    .from(donationPlans)
    .innerJoin(campaigns, eq(campaigns.id, donationPlans.campaignId))
    .where(ofTenant(donationPlans, tenantId, eq(donationPlans.customerId, customerId)))
    .orderBy(desc(donationPlans.createdAt))
    .limit(limit);
}

/** A customer's gifts that were paid (refunded ones too): what their account page lists. */
function customerGiftConditions(tenantId: string, customerId: string) {
  return ofTenant(
    donations,
    tenantId,
    eq(donations.customerId, customerId),
    inArray(donations.status, ['paid', 'refunded']),
  );
}

/** A page of a customer's paid gifts, newest first (ties by id: pages neither skip nor repeat). */
export async function customerGifts(db: Db, tenantId: string, customerId: string, limit: number, offset = 0) {
  return db
    .select({ donation: donations, campaignTitle: campaigns.title, receiptId: donationReceipts.id })
    .from(donations)
    .innerJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(
      donationReceipts,
      and(eq(donationReceipts.donationId, donations.id), eq(donationReceipts.tenantId, tenantId)),
    )
    .where(customerGiftConditions(tenantId, customerId))
    .orderBy(sql`${donations.paidAt} desc nulls last`, desc(donations.id))
    .limit(limit)
    .offset(offset);
}

/** How many gifts customerGifts pages through. */
export async function countCustomerGifts(db: Db, tenantId: string, customerId: string) {
  return countRows(db, donations, tenantId, customerGiftConditions(tenantId, customerId));
}

/** Developer aid: a live campaign offering monthly gifts (made when the tenant has none). */
export async function devPlanCampaign(db: Db, tenantId: string): Promise<string> {
  const [found] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      ofTenant(
        campaigns,
        tenantId,
        eq(campaigns.status, 'live'),
        sql`cardinality(${campaigns.monthlyCounts}) > 0`,
        sql`12 = ANY(${campaigns.monthlyCounts})`,
      ),
    )
    .limit(1);
  if (found) return found.id;
  // One fixed id, so requests at the same moment make one campaign, not a unique violation.
  const publicId = 'dev-monthly-gifts';
  await db
    .insert(campaigns)
    .values({
      tenantId,
      publicId,
      title: { en: 'Monthly food packs', ms: 'Pek makanan bulanan', id: 'Paket makanan bulanan' },
      status: 'live',
      startsAt: new Date('2026-01-01T00:00:00Z'),
      suggestedAmounts: [3000, 5000, 10_000],
      minAmountMinor: 1000,
      oneTime: true,
      weeklyCounts: [4],
      monthlyCounts: [6, 12],
    })
    .onConflictDoNothing();
  const [made] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(ofTenant(campaigns, tenantId, eq(campaigns.publicId, publicId)));
  if (!made) throw new Error('dev campaign not created');
  return made.id;
}

/** The plan an invoice's gift belongs to (its first checkout's), if any. */
export async function donationPlanOfInvoice(db: Db, tenantId: string, invoiceId: string): Promise<string | null> {
  const [row] = await db
    .select({ planId: donations.planId })
    .from(donations)
    .where(
      and(eq(donations.tenantId, tenantId), eq(donations.invoiceId, invoiceId), sql`${donations.planId} IS NOT NULL`),
    )
    .limit(1);
  return row?.planId ?? null;
}

/** The gifts an invoice pays, in line order, each with its receipt once issued (the thank-you page). */
export async function giftsOfInvoice(db: Db, tenantId: string, invoiceId: string) {
  return db
    .select({
      id: donations.id,
      campaignId: donations.campaignId,
      planId: donations.planId,
      status: donations.status,
      amountMinor: donations.amountMinor,
      receiptId: donationReceipts.id,
      receiptYear: donationReceipts.year,
      receiptNumber: donationReceipts.number,
    })
    .from(donations)
    .leftJoin(
      donationReceipts,
      and(eq(donationReceipts.donationId, donations.id), eq(donationReceipts.tenantId, tenantId)),
    )
    .where(ofTenant(donations, tenantId, eq(donations.invoiceId, invoiceId)))
    .orderBy(asc(donations.idempotencyKey));
}
