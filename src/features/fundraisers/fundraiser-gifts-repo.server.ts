// The gifts given through fundraisers (donations rows) and the totals they add up to. Every query
// takes the tenant, except the digest job's, which looks at every tenant.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { customers, donations, fundraisers, fundraiserTeams } from '#db/schema/index.ts';

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
    .where(ofTenant(fundraisers, tenantId, eq(fundraisers.campaignId, campaignId)));
  const t = await db
    .select({
      id: fundraiserTeams.id,
      raisedMinor: fundraiserTeams.raisedMinor,
      donorCount: fundraiserTeams.donorCount,
    })
    .from(fundraiserTeams)
    .where(ofTenant(fundraiserTeams, tenantId, eq(fundraiserTeams.campaignId, campaignId)));
  return { fundraisers: f, teams: t };
}

export async function customerContact(db: Db, tenantId: string, customerId: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(ofTenant(customers, tenantId, eq(customers.id, customerId)));
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
    .where(ofTenant(donations, tenantId, eq(donations.id, donationId)));
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
