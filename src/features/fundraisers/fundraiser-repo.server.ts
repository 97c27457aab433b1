// Fundraisers' own rows: campaign settings, pages, teams and their kept totals. Every query takes the
// tenant. Gifts are in fundraiser-gifts-repo, files, reports and staff lists in fundraiser-moderation-repo.
import { and, asc, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { countRows, findTenantRow, firstTenantRow, insertRow, ofTenant, updateTenantRow } from '#db/rows.server.ts';
import {
  campaignFundraising,
  campaigns,
  type fundraiserFiles,
  fundraisers,
  fundraiserTeams,
} from '#db/schema/index.ts';

export type FundraiserRow = typeof fundraisers.$inferSelect;
export type TeamRow = typeof fundraiserTeams.$inferSelect;
export type FundraisingRow = typeof campaignFundraising.$inferSelect;
export type FundraiserStatus = FundraiserRow['status'];
export type FileKind = (typeof fundraiserFiles.$inferSelect)['kind'];

export async function findFundraising(db: Db, tenantId: string, campaignId: string): Promise<FundraisingRow | null> {
  return firstTenantRow(db, campaignFundraising, tenantId, eq(campaignFundraising.campaignId, campaignId));
}

export async function saveFundraising(
  db: Db,
  tenantId: string,
  campaignId: string,
  values: Pick<
    FundraisingRow,
    'enabled' | 'approval' | 'requiresVerification' | 'ranking' | 'leaderboardMin' | 'reportThreshold'
  >,
): Promise<void> {
  await db
    .insert(campaignFundraising)
    .values({ tenantId, campaignId, ...values })
    .onConflictDoUpdate({ target: campaignFundraising.campaignId, set: { ...values, updatedAt: new Date() } });
}

/** The campaign fields fundraisers need, by public id. */
export async function findCampaign(db: Db, tenantId: string, publicId: string) {
  const [row] = await db
    .select({
      id: campaigns.id,
      publicId: campaigns.publicId,
      title: campaigns.title,
      status: campaigns.status,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
    })
    .from(campaigns)
    .where(ofTenant(campaigns, tenantId, eq(campaigns.publicId, publicId)));
  return row ?? null;
}
export type CampaignRef = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

export async function campaignPublicIdOf(db: Db, tenantId: string, campaignId: string): Promise<string | null> {
  const [row] = await db
    .select({ publicId: campaigns.publicId })
    .from(campaigns)
    .where(ofTenant(campaigns, tenantId, eq(campaigns.id, campaignId)));
  return row?.publicId ?? null;
}

export async function findFundraiserBySlug(
  db: Db,
  tenantId: string,
  campaignId: string,
  slug: string,
): Promise<FundraiserRow | null> {
  return firstTenantRow(
    db,
    fundraisers,
    tenantId,
    and(eq(fundraisers.campaignId, campaignId), eq(fundraisers.slug, slug)),
  );
}

export async function findFundraiser(db: Db, tenantId: string, id: string): Promise<FundraiserRow | null> {
  return findTenantRow(db, fundraisers, tenantId, id);
}

/** Slugs already taken under a campaign that start with `base` (fundraisers or teams). */
export async function takenSlugs(
  db: Db,
  tenantId: string,
  campaignId: string,
  base: string,
  of: 'fundraisers' | 'teams',
): Promise<Set<string>> {
  const table = of === 'teams' ? fundraiserTeams : fundraisers;
  const rows = await db
    .select({ slug: table.slug })
    .from(table)
    .where(ofTenant(table, tenantId, eq(table.campaignId, campaignId), like(table.slug, `${base}%`)));
  return new Set(rows.map((r) => r.slug));
}

export async function insertFundraiser(
  db: Db,
  values: Omit<typeof fundraisers.$inferInsert, 'id' | 'raisedMinor' | 'donorCount' | 'createdAt' | 'updatedAt'>,
): Promise<FundraiserRow> {
  return insertRow(db, fundraisers, values, 'fundraiser not inserted');
}

export async function updateFundraiser(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<
    Pick<
      FundraiserRow,
      'title' | 'story' | 'goalMinor' | 'endsAt' | 'status' | 'verification' | 'notify' | 'approvedAt'
    >
  >,
): Promise<FundraiserRow | null> {
  return updateTenantRow(db, fundraisers, tenantId, id, { ...values, updatedAt: new Date() });
}

export async function findTeamBySlug(db: Db, tenantId: string, campaignId: string, slug: string) {
  const [row] = await db
    .select()
    .from(fundraiserTeams)
    .where(
      ofTenant(fundraiserTeams, tenantId, eq(fundraiserTeams.campaignId, campaignId), eq(fundraiserTeams.slug, slug)),
    );
  return row ?? null;
}

export async function findTeam(db: Db, tenantId: string, id: string): Promise<TeamRow | null> {
  return findTenantRow(db, fundraiserTeams, tenantId, id);
}

export async function insertTeam(
  db: Db,
  values: { tenantId: string; campaignId: string; slug: string; name: string; createdBy: string | null },
): Promise<TeamRow> {
  return insertRow(db, fundraiserTeams, values, 'team not inserted');
}

export async function teamsOfCampaign(db: Db, tenantId: string, campaignId: string): Promise<TeamRow[]> {
  return db
    .select()
    .from(fundraiserTeams)
    .where(ofTenant(fundraiserTeams, tenantId, eq(fundraiserTeams.campaignId, campaignId)))
    .orderBy(asc(fundraiserTeams.name));
}

/** Adds (or with negative numbers takes out) paid money on a fundraiser; the UPDATE holds its row lock. */
export async function changeFundraiserTotals(
  tx: Db,
  tenantId: string,
  id: string,
  delta: { raisedMinor: number; donorCount: number },
): Promise<FundraiserRow | null> {
  const [row] = await tx
    .update(fundraisers)
    .set({
      raisedMinor: sql`${fundraisers.raisedMinor} + ${delta.raisedMinor}`,
      donorCount: sql`${fundraisers.donorCount} + ${delta.donorCount}`,
    })
    .where(ofTenant(fundraisers, tenantId, eq(fundraisers.id, id)))
    .returning();
  return row ?? null;
}

export async function changeTeamTotals(
  tx: Db,
  tenantId: string,
  id: string,
  delta: { raisedMinor: number; donorCount: number },
): Promise<void> {
  await tx
    .update(fundraiserTeams)
    .set({
      raisedMinor: sql`${fundraiserTeams.raisedMinor} + ${delta.raisedMinor}`,
      donorCount: sql`${fundraiserTeams.donorCount} + ${delta.donorCount}`,
    })
    .where(ofTenant(fundraiserTeams, tenantId, eq(fundraiserTeams.id, id)));
}

/** Public fundraisers of a campaign (live or closed: the leaderboard's entries). */
export async function liveFundraisers(db: Db, tenantId: string, campaignId: string) {
  return db
    .select({
      id: fundraisers.id,
      slug: fundraisers.slug,
      title: fundraisers.title,
      displayName: fundraisers.displayName,
      teamId: fundraisers.teamId,
      raisedMinor: fundraisers.raisedMinor,
      donorCount: fundraisers.donorCount,
      goalMinor: fundraisers.goalMinor,
      verification: fundraisers.verification,
      approvedAt: fundraisers.approvedAt,
      createdAt: fundraisers.createdAt,
    })
    .from(fundraisers)
    .where(
      ofTenant(
        fundraisers,
        tenantId,
        eq(fundraisers.campaignId, campaignId),
        inArray(fundraisers.status, ['live', 'closed']),
      ),
    );
}

export async function countLive(db: Db, tenantId: string, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fundraisers)
    .where(
      and(eq(fundraisers.tenantId, tenantId), eq(fundraisers.campaignId, campaignId), eq(fundraisers.status, 'live')),
    );
  return row?.n ?? 0;
}

/** Hides a page that is live; null when it was not (so a page is hidden, and staff told, once). */
export async function hideIfLive(db: Db, tenantId: string, id: string): Promise<FundraiserRow | null> {
  const [row] = await db
    .update(fundraisers)
    .set({ status: 'hidden', updatedAt: new Date() })
    .where(ofTenant(fundraisers, tenantId, eq(fundraisers.id, id), eq(fundraisers.status, 'live')))
    .returning();
  return row ?? null;
}

/** Serialises one customer's page starts in a tenant (the per-customer limit): a transaction lock. */
export async function lockCustomerPages(tx: Db, tenantId: string, customerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fundraisers:${tenantId}:${customerId}`}))`);
}

/** A customer's pages that are open (pending or live) in a tenant, across its campaigns. */
export async function openPagesOf(db: Db, tenantId: string, customerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fundraisers)
    .where(
      ofTenant(
        fundraisers,
        tenantId,
        eq(fundraisers.customerId, customerId),
        inArray(fundraisers.status, ['pending', 'live']),
      ),
    );
  return row?.n ?? 0;
}

/** A page of the fundraisers a customer started, newest first (ties by id). */
export async function fundraisersOfCustomer(db: Db, tenantId: string, customerId: string, limit: number, offset = 0) {
  return db
    .select({
      id: fundraisers.id,
      slug: fundraisers.slug,
      title: fundraisers.title,
      status: fundraisers.status,
      raisedMinor: fundraisers.raisedMinor,
      donorCount: fundraisers.donorCount,
      goalMinor: fundraisers.goalMinor,
      campaignPublicId: campaigns.publicId,
      campaignTitle: campaigns.title,
    })
    .from(fundraisers)
    .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
    .where(ofTenant(fundraisers, tenantId, eq(fundraisers.customerId, customerId)))
    .orderBy(desc(fundraisers.createdAt), desc(fundraisers.id))
    .limit(limit)
    .offset(offset);
}

/** How many fundraisers a customer started (what fundraisersOfCustomer pages through). */
export async function countFundraisersOfCustomer(db: Db, tenantId: string, customerId: string) {
  return countRows(db, fundraisers, tenantId, eq(fundraisers.customerId, customerId));
}
