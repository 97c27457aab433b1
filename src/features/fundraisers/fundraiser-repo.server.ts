// The only file of fundraisers that uses drizzle: every query takes the tenant.
import { and, asc, count, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import {
  campaignFundraising,
  campaigns,
  customers,
  donations,
  fundraiserFiles,
  fundraiserReports,
  fundraisers,
  fundraiserTeams,
  staff,
} from '#db/schema/index.ts';

export type FundraiserRow = typeof fundraisers.$inferSelect;
export type TeamRow = typeof fundraiserTeams.$inferSelect;
export type FundraisingRow = typeof campaignFundraising.$inferSelect;
export type FundraiserStatus = FundraiserRow['status'];
export type FileKind = (typeof fundraiserFiles.$inferSelect)['kind'];

export async function findFundraising(db: Db, tenantId: string, campaignId: string): Promise<FundraisingRow | null> {
  const [row] = await db
    .select()
    .from(campaignFundraising)
    .where(and(eq(campaignFundraising.tenantId, tenantId), eq(campaignFundraising.campaignId, campaignId)));
  return row ?? null;
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
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.publicId, publicId)));
  return row ?? null;
}
export type CampaignRef = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

export async function campaignPublicIdOf(db: Db, tenantId: string, campaignId: string): Promise<string | null> {
  const [row] = await db
    .select({ publicId: campaigns.publicId })
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
  return row?.publicId ?? null;
}

export async function findFundraiserBySlug(
  db: Db,
  tenantId: string,
  campaignId: string,
  slug: string,
): Promise<FundraiserRow | null> {
  const [row] = await db
    .select()
    .from(fundraisers)
    .where(and(eq(fundraisers.tenantId, tenantId), eq(fundraisers.campaignId, campaignId), eq(fundraisers.slug, slug)));
  return row ?? null;
}

export async function findFundraiser(db: Db, tenantId: string, id: string): Promise<FundraiserRow | null> {
  const [row] = await db
    .select()
    .from(fundraisers)
    .where(and(eq(fundraisers.tenantId, tenantId), eq(fundraisers.id, id)));
  return row ?? null;
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
    .where(and(eq(table.tenantId, tenantId), eq(table.campaignId, campaignId), like(table.slug, `${base}%`)));
  return new Set(rows.map((r) => r.slug));
}

export async function insertFundraiser(
  db: Db,
  values: Omit<typeof fundraisers.$inferInsert, 'id' | 'raisedMinor' | 'donorCount' | 'createdAt' | 'updatedAt'>,
): Promise<FundraiserRow> {
  const [row] = await db.insert(fundraisers).values(values).returning();
  if (!row) throw new Error('fundraiser not inserted');
  return row;
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
  const [row] = await db
    .update(fundraisers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(fundraisers.tenantId, tenantId), eq(fundraisers.id, id)))
    .returning();
  return row ?? null;
}

export async function findTeamBySlug(db: Db, tenantId: string, campaignId: string, slug: string) {
  const [row] = await db
    .select()
    .from(fundraiserTeams)
    .where(
      and(
        eq(fundraiserTeams.tenantId, tenantId),
        eq(fundraiserTeams.campaignId, campaignId),
        eq(fundraiserTeams.slug, slug),
      ),
    );
  return row ?? null;
}

export async function findTeam(db: Db, tenantId: string, id: string): Promise<TeamRow | null> {
  const [row] = await db
    .select()
    .from(fundraiserTeams)
    .where(and(eq(fundraiserTeams.tenantId, tenantId), eq(fundraiserTeams.id, id)));
  return row ?? null;
}

export async function insertTeam(
  db: Db,
  values: { tenantId: string; campaignId: string; slug: string; name: string; createdBy: string | null },
): Promise<TeamRow> {
  const [row] = await db.insert(fundraiserTeams).values(values).returning();
  if (!row) throw new Error('team not inserted');
  return row;
}

export async function teamsOfCampaign(db: Db, tenantId: string, campaignId: string): Promise<TeamRow[]> {
  return db
    .select()
    .from(fundraiserTeams)
    .where(and(eq(fundraiserTeams.tenantId, tenantId), eq(fundraiserTeams.campaignId, campaignId)))
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
    .where(and(eq(fundraisers.tenantId, tenantId), eq(fundraisers.id, id)))
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
    .where(and(eq(fundraiserTeams.tenantId, tenantId), eq(fundraiserTeams.id, id)));
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
      and(
        eq(fundraisers.tenantId, tenantId),
        eq(fundraisers.campaignId, campaignId),
        inArray(fundraisers.status, ['live', 'closed']),
      ),
    );
}

/** A fundraiser's paid gifts, newest first (donor names as given; anonymity is the caller's). */
export async function paidGiftsOf(db: Db, tenantId: string, fundraiserId: string, limit: number) {
  return db
    .select({
      id: donations.id,
      donorName: donations.donorName,
      anonymous: donations.anonymous,
      amountMinor: donations.amountMinor,
      message: donations.message,
      email: donations.email,
      phone: donations.phone,
      locale: donations.locale,
      paidAt: donations.paidAt,
    })
    .from(donations)
    .where(
      and(eq(donations.tenantId, tenantId), eq(donations.fundraiserId, fundraiserId), eq(donations.status, 'paid')),
    )
    .orderBy(desc(donations.paidAt))
    .limit(limit);
}

/** The totals as the gifts say (paid, first instalments only count a donor): the rebuild check. */
export async function totalsFromGifts(db: Db, tenantId: string, campaignId: string) {
  const donorsExpr = sql<number>`count(*) FILTER (WHERE ${donations.instalmentSeq} IS NULL OR ${donations.instalmentSeq} <= 1)::int`;
  const raisedExpr = sql<number>`coalesce(sum(${donations.amountMinor}), 0)::bigint`;
  const paid = and(
    eq(donations.tenantId, tenantId),
    eq(donations.campaignId, campaignId),
    eq(donations.status, 'paid'),
  );
  const byFundraiser = await db
    .select({ id: donations.fundraiserId, raisedMinor: raisedExpr, donorCount: donorsExpr })
    .from(donations)
    .where(and(paid, sql`${donations.fundraiserId} IS NOT NULL`))
    .groupBy(donations.fundraiserId);
  const byTeam = await db
    .select({ id: donations.fundraiserTeamId, raisedMinor: raisedExpr, donorCount: donorsExpr })
    .from(donations)
    .where(and(paid, sql`${donations.fundraiserTeamId} IS NOT NULL`))
    .groupBy(donations.fundraiserTeamId);
  const norm = (rows: { id: string | null; raisedMinor: number; donorCount: number }[]) =>
    new Map(
      rows.map((r) => [r.id as string, { raisedMinor: Number(r.raisedMinor), donorCount: Number(r.donorCount) }]),
    );
  return { fundraisers: norm(byFundraiser), teams: norm(byTeam) };
}

/** The kept totals of every fundraiser and team of a campaign. */
export async function keptTotals(db: Db, tenantId: string, campaignId: string) {
  const f = await db
    .select({ id: fundraisers.id, raisedMinor: fundraisers.raisedMinor, donorCount: fundraisers.donorCount })
    .from(fundraisers)
    .where(and(eq(fundraisers.tenantId, tenantId), eq(fundraisers.campaignId, campaignId)));
  const t = await db
    .select({
      id: fundraiserTeams.id,
      raisedMinor: fundraiserTeams.raisedMinor,
      donorCount: fundraiserTeams.donorCount,
    })
    .from(fundraiserTeams)
    .where(and(eq(fundraiserTeams.tenantId, tenantId), eq(fundraiserTeams.campaignId, campaignId)));
  return { fundraisers: f, teams: t };
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

export async function saveFile(
  db: Db,
  values: { tenantId: string; fundraiserId: string; kind: FileKind; contentType: string; bytes: Uint8Array },
): Promise<string> {
  const version = Date.now().toString(36);
  await db
    .insert(fundraiserFiles)
    .values({ ...values, version })
    .onConflictDoUpdate({
      target: [fundraiserFiles.fundraiserId, fundraiserFiles.kind],
      set: { contentType: values.contentType, bytes: values.bytes, version, reviewedBy: null, createdAt: new Date() },
    });
  return version;
}

export async function findFile(db: Db, tenantId: string, fundraiserId: string, kind: FileKind) {
  const [row] = await db
    .select()
    .from(fundraiserFiles)
    .where(
      and(
        eq(fundraiserFiles.tenantId, tenantId),
        eq(fundraiserFiles.fundraiserId, fundraiserId),
        eq(fundraiserFiles.kind, kind),
      ),
    );
  return row ?? null;
}

export async function fileVersions(db: Db, tenantId: string, ids: string[], kind: FileKind) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: fundraiserFiles.fundraiserId, version: fundraiserFiles.version })
    .from(fundraiserFiles)
    .where(
      and(
        eq(fundraiserFiles.tenantId, tenantId),
        inArray(fundraiserFiles.fundraiserId, ids),
        eq(fundraiserFiles.kind, kind),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.version]));
}

export async function markFileReviewed(db: Db, tenantId: string, fundraiserId: string, staffId: string) {
  await db
    .update(fundraiserFiles)
    .set({ reviewedBy: staffId })
    .where(
      and(
        eq(fundraiserFiles.tenantId, tenantId),
        eq(fundraiserFiles.fundraiserId, fundraiserId),
        eq(fundraiserFiles.kind, 'identity'),
      ),
    );
}

/** A visitor's report; false when this person (customer or address) already reported the page. */
export async function insertReport(
  db: Db,
  tenantId: string,
  fundraiserId: string,
  reason: string,
  reporterKey: string,
): Promise<boolean> {
  const rows = await db
    .insert(fundraiserReports)
    .values({ tenantId, fundraiserId, reason, reporterKey })
    .onConflictDoNothing()
    .returning({ id: fundraiserReports.id });
  return rows.length > 0;
}

/** How many distinct people reported the page since staff last resolved its reports. */
export async function openReporters(db: Db, tenantId: string, fundraiserId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${fundraiserReports.reporterKey})`.mapWith(Number) })
    .from(fundraiserReports)
    .where(
      and(
        eq(fundraiserReports.tenantId, tenantId),
        eq(fundraiserReports.fundraiserId, fundraiserId),
        eq(fundraiserReports.resolved, false),
      ),
    );
  return row?.n ?? 0;
}

/** Hides a page that is live; null when it was not (so a page is hidden, and staff told, once). */
export async function hideIfLive(db: Db, tenantId: string, id: string): Promise<FundraiserRow | null> {
  const [row] = await db
    .update(fundraisers)
    .set({ status: 'hidden', updatedAt: new Date() })
    .where(and(eq(fundraisers.tenantId, tenantId), eq(fundraisers.id, id), eq(fundraisers.status, 'live')))
    .returning();
  return row ?? null;
}

/** The tenant's active owners (who hear of a page hidden by reports). */
export async function activeOwners(db: Db, tenantId: string): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: staff.email, name: staff.name })
    .from(staff)
    .where(and(eq(staff.tenantId, tenantId), eq(staff.role, 'owner'), sql`${staff.disabledAt} is null`));
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
      and(
        eq(fundraisers.tenantId, tenantId),
        eq(fundraisers.customerId, customerId),
        inArray(fundraisers.status, ['pending', 'live']),
      ),
    );
  return row?.n ?? 0;
}

/** Staff's list: every page of the tenant with its campaign, team, owner contact and open reports. */
export async function staffRows(db: Db, tenantId: string, filter: { status?: FundraiserStatus; q?: string }) {
  const reports = db
    .select({ fundraiserId: fundraiserReports.fundraiserId, n: count().as('n') })
    .from(fundraiserReports)
    .where(and(eq(fundraiserReports.tenantId, tenantId), eq(fundraiserReports.resolved, false)))
    .groupBy(fundraiserReports.fundraiserId)
    .as('reports');
  const conditions = [eq(fundraisers.tenantId, tenantId)];
  if (filter.status) conditions.push(eq(fundraisers.status, filter.status));
  if (filter.q) {
    const q = `%${filter.q.replace(/[%_\\]/g, '\\$&')}%`;
    const match = or(sql`${fundraisers.title} ILIKE ${q}`, sql`${fundraisers.displayName} ILIKE ${q}`);
    if (match) conditions.push(match);
  }
  return db
    .select({
      id: fundraisers.id,
      slug: fundraisers.slug,
      title: fundraisers.title,
      displayName: fundraisers.displayName,
      status: fundraisers.status,
      verification: fundraisers.verification,
      raisedMinor: fundraisers.raisedMinor,
      donorCount: fundraisers.donorCount,
      goalMinor: fundraisers.goalMinor,
      createdAt: fundraisers.createdAt,
      campaignPublicId: campaigns.publicId,
      campaignTitle: campaigns.title,
      teamName: fundraiserTeams.name,
      ownerEmail: customers.email,
      ownerPhone: customers.phone,
      reports: sql<number>`coalesce(${reports.n}, 0)::int`,
    })
    .from(fundraisers)
    .innerJoin(campaigns, eq(campaigns.id, fundraisers.campaignId))
    .leftJoin(fundraiserTeams, eq(fundraiserTeams.id, fundraisers.teamId))
    .leftJoin(customers, eq(customers.id, fundraisers.customerId))
    .leftJoin(reports, eq(reports.fundraiserId, fundraisers.id))
    .where(and(...conditions))
    .orderBy(desc(fundraisers.createdAt))
    .limit(500);
}

export async function reportsOf(db: Db, tenantId: string, fundraiserId: string) {
  return db
    .select()
    .from(fundraiserReports)
    .where(and(eq(fundraiserReports.tenantId, tenantId), eq(fundraiserReports.fundraiserId, fundraiserId)))
    .orderBy(desc(fundraiserReports.createdAt))
    .limit(50);
}

export async function resolveReports(db: Db, tenantId: string, fundraiserId: string) {
  await db
    .update(fundraiserReports)
    .set({ resolved: true })
    .where(and(eq(fundraiserReports.tenantId, tenantId), eq(fundraiserReports.fundraiserId, fundraiserId)));
}

export async function fundraisersOfCustomer(db: Db, tenantId: string, customerId: string) {
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
    .where(and(eq(fundraisers.tenantId, tenantId), eq(fundraisers.customerId, customerId)))
    .orderBy(desc(fundraisers.createdAt));
}

export async function customerContact(db: Db, tenantId: string, customerId: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return row ?? null;
}

export async function giftOf(db: Db, tenantId: string, donationId: string) {
  const [row] = await db
    .select({
      amountMinor: donations.amountMinor,
      donorName: donations.donorName,
      anonymous: donations.anonymous,
      message: donations.message,
    })
    .from(donations)
    .where(and(eq(donations.tenantId, tenantId), eq(donations.id, donationId)));
  return row ?? null;
}

/** Every fundraiser (all tenants) who asked for a daily digest and had paid gifts in [from, to). */
export async function digestsDue(db: Db, from: Date, to: Date) {
  return db
    .select({
      fundraiserId: fundraisers.id,
      tenantId: fundraisers.tenantId,
      gifts: sql<number>`count(*)::int`,
      amountMinor: sql<number>`sum(${donations.amountMinor})::bigint`,
    })
    .from(fundraisers)
    .innerJoin(donations, eq(donations.fundraiserId, fundraisers.id))
    .where(
      and(
        eq(fundraisers.notify, 'digest'),
        eq(donations.status, 'paid'),
        sql`${donations.paidAt} >= ${from.toISOString()}`,
        sql`${donations.paidAt} < ${to.toISOString()}`,
      ),
    )
    .groupBy(fundraisers.id, fundraisers.tenantId);
}

/** Staff's teams: every team of the tenant with its campaign, totals and live members. */
export async function staffTeamRows(db: Db, tenantId: string) {
  return db
    .select({
      id: fundraiserTeams.id,
      name: fundraiserTeams.name,
      raisedMinor: fundraiserTeams.raisedMinor,
      donorCount: fundraiserTeams.donorCount,
      campaignTitle: campaigns.title,
      members: sql<number>`(SELECT count(*)::int FROM ${fundraisers} WHERE ${fundraisers.teamId} = ${fundraiserTeams.id})`,
    })
    .from(fundraiserTeams)
    .innerJoin(campaigns, eq(campaigns.id, fundraiserTeams.campaignId))
    .where(eq(fundraiserTeams.tenantId, tenantId))
    .orderBy(desc(fundraiserTeams.raisedMinor))
    .limit(200);
}
