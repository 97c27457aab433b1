// Fundraisers' moderation tables: the pages' files (photo, identity document), visitors' reports and
// staff's lists. Every query takes the tenant.
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import {
  campaigns,
  customers,
  fundraiserFiles,
  fundraiserReports,
  fundraisers,
  fundraiserTeams,
  staff,
} from '#db/schema/index.ts';
import type { FileKind, FundraiserStatus } from './fundraiser-repo.server';

const fileOf = (tenantId: string, fundraiserId: string, kind: FileKind) =>
  and(
    eq(fundraiserFiles.tenantId, tenantId),
    eq(fundraiserFiles.fundraiserId, fundraiserId),
    eq(fundraiserFiles.kind, kind),
  );

const reportsOfPage = (tenantId: string, fundraiserId: string) =>
  and(eq(fundraiserReports.tenantId, tenantId), eq(fundraiserReports.fundraiserId, fundraiserId));

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
    .where(fileOf(tenantId, fundraiserId, kind));
  return row ?? null;
}

export async function fileVersions(db: Db, tenantId: string, ids: string[], kind: FileKind) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: fundraiserFiles.fundraiserId, version: fundraiserFiles.version })
    .from(fundraiserFiles)
    .where(
      ofTenant(fundraiserFiles, tenantId, inArray(fundraiserFiles.fundraiserId, ids), eq(fundraiserFiles.kind, kind)),
    );
  return new Map(rows.map((r) => [r.id, r.version]));
}

export async function markFileReviewed(db: Db, tenantId: string, fundraiserId: string, staffId: string) {
  await db
    .update(fundraiserFiles)
    .set({ reviewedBy: staffId })
    .where(fileOf(tenantId, fundraiserId, 'identity'));
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
    .where(and(reportsOfPage(tenantId, fundraiserId), eq(fundraiserReports.resolved, false)));
  return row?.n ?? 0;
}

/** The tenant's active owners (who hear of a page hidden by reports). */
export async function activeOwners(db: Db, tenantId: string): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: staff.email, name: staff.name })
    .from(staff)
    .where(ofTenant(staff, tenantId, eq(staff.role, 'owner'), sql`${staff.disabledAt} is null`));
}

/** Staff's list: every page of the tenant with its campaign, team, owner contact and open reports. */
export async function staffRows(db: Db, tenantId: string, filter: { status?: FundraiserStatus; q?: string }) {
  const reports = db
    .select({ fundraiserId: fundraiserReports.fundraiserId, n: count().as('n') })
    .from(fundraiserReports)
    .where(ofTenant(fundraiserReports, tenantId, eq(fundraiserReports.resolved, false)))
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
    .where(reportsOfPage(tenantId, fundraiserId))
    .orderBy(desc(fundraiserReports.createdAt))
    .limit(50);
}

export async function resolveReports(db: Db, tenantId: string, fundraiserId: string) {
  await db.update(fundraiserReports).set({ resolved: true }).where(reportsOfPage(tenantId, fundraiserId));
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
    .where(ofTenant(fundraiserTeams, tenantId))
    .orderBy(desc(fundraiserTeams.raisedMinor))
    .limit(200);
}
