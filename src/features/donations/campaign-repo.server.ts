import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { findTenantRow, firstTenantRow, insertRow, ofTenant, updateTenantRow } from '#db/rows.server.ts';
import { campaignImages, campaigns, donations, staff } from '#db/schema/index.ts';
import type { CampaignImageKind, CampaignStatus, CampaignTotals, CampaignView } from './campaign';

// The only files of donations that use drizzle for campaigns and gifts: every query takes the tenant.

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignInsert = Omit<
  typeof campaigns.$inferInsert,
  'id' | 'tenantId' | 'raisedMinor' | 'donorCount' | 'createdAt' | 'updatedAt'
>;
export type DonationRow = typeof donations.$inferSelect;

async function imagesOf(db: Db, tenantId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, CampaignView['images']>();
  const rows = await db
    .select({
      campaignId: campaignImages.campaignId,
      kind: campaignImages.kind,
      version: campaignImages.version,
      width: campaignImages.width,
      height: campaignImages.height,
    })
    .from(campaignImages)
    .where(ofTenant(campaignImages, tenantId, inArray(campaignImages.campaignId, ids)));
  const byCampaign = new Map<string, CampaignView['images']>();
  for (const row of rows) {
    const images = byCampaign.get(row.campaignId) ?? {};
    images[row.kind] = { version: row.version, width: row.width, height: row.height };
    byCampaign.set(row.campaignId, images);
  }
  return byCampaign;
}

function toView(row: CampaignRow, images: CampaignView['images'] | undefined): CampaignView {
  return {
    id: row.id,
    publicId: row.publicId,
    title: row.title,
    summary: row.summary,
    story: row.story,
    category: row.category,
    goalMinor: row.goalMinor,
    raisedMinor: row.raisedMinor,
    donorCount: row.donorCount,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status,
    featured: row.featured,
    eventDate: row.eventDate,
    permitNumber: row.permitNumber,
    permitValidUntil: row.permitValidUntil,
    images: images ?? {},
  };
}

/** A tenant's campaigns in the given statuses, newest first. */
export async function listCampaignRows(
  db: Db,
  tenantId: string,
  statuses: readonly CampaignStatus[],
): Promise<{ row: CampaignRow; view: CampaignView }[]> {
  if (statuses.length === 0) return [];
  const rows = await db
    .select()
    .from(campaigns)
    .where(ofTenant(campaigns, tenantId, inArray(campaigns.status, [...statuses])))
    .orderBy(desc(campaigns.startsAt), asc(campaigns.id));
  const images = await imagesOf(
    db,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, view: toView(row, images.get(row.id)) }));
}

export async function findCampaignRow(
  db: Db,
  tenantId: string,
  by: { publicId: string } | { id: string },
): Promise<{ row: CampaignRow; view: CampaignView } | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(
      and(eq(campaigns.tenantId, tenantId), 'id' in by ? eq(campaigns.id, by.id) : eq(campaigns.publicId, by.publicId)),
    );
  if (!row) return null;
  const images = await imagesOf(db, tenantId, [row.id]);
  return { row, view: toView(row, images.get(row.id)) };
}

/** What the live page catches up on: a public campaign's totals (null for a draft or none). */
export async function findCampaignTotals(db: Db, tenantId: string, publicId: string): Promise<CampaignTotals | null> {
  const [row] = await db
    .select({
      status: campaigns.status,
      raisedMinor: campaigns.raisedMinor,
      donorCount: campaigns.donorCount,
      goalMinor: campaigns.goalMinor,
    })
    .from(campaigns)
    .where(ofTenant(campaigns, tenantId, eq(campaigns.publicId, publicId)));
  if (!row || row.status === 'draft') return null;
  const { raisedMinor, donorCount, goalMinor } = row;
  return { raisedMinor, donorCount, goalMinor };
}

export async function insertCampaign(db: Db, tenantId: string, values: CampaignInsert): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('campaign not created');
  return row;
}

export async function updateCampaign(
  db: Db,
  tenantId: string,
  id: string,
  values: Partial<CampaignInsert>,
  now: Date,
): Promise<CampaignRow | null> {
  return updateTenantRow(db, campaigns, tenantId, id, { ...values, updatedAt: now });
}

export async function saveCampaignImage(
  db: Db,
  image: {
    tenantId: string;
    campaignId: string;
    kind: CampaignImageKind;
    contentType: string;
    width: number;
    height: number;
    bytes: Uint8Array;
    version: string;
  },
): Promise<void> {
  await db
    .insert(campaignImages)
    .values(image)
    .onConflictDoUpdate({
      target: [campaignImages.campaignId, campaignImages.kind],
      set: {
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        version: image.version,
        createdAt: new Date(),
      },
    });
}

/** A campaign image's bytes, by the campaign's public id (drafts' images are not served). */
export async function findCampaignImage(
  db: Db,
  tenantId: string,
  publicId: string,
  kind: CampaignImageKind,
): Promise<{ contentType: string; bytes: Uint8Array; version: string } | null> {
  const [row] = await db
    .select({ contentType: campaignImages.contentType, bytes: campaignImages.bytes, version: campaignImages.version })
    .from(campaignImages)
    .innerJoin(campaigns, and(eq(campaigns.id, campaignImages.campaignId), eq(campaigns.tenantId, tenantId)))
    .where(
      ofTenant(
        campaignImages,
        tenantId,
        eq(campaigns.publicId, publicId),
        eq(campaignImages.kind, kind),
        inArray(campaigns.status, ['live', 'ended']),
      ),
    );
  return row ?? null;
}

/** The latest paid gifts of a campaign, for its page (names only as the donor allowed). */
export function recentPaidDonations(db: Db, tenantId: string, campaignId: string, limit: number) {
  return db
    .select({
      donorName: donations.donorName,
      anonymous: donations.anonymous,
      amountMinor: donations.amountMinor,
      paidAt: donations.paidAt,
    })
    .from(donations)
    .where(ofTenant(donations, tenantId, eq(donations.campaignId, campaignId), eq(donations.status, 'paid')))
    .orderBy(desc(donations.paidAt), desc(donations.id))
    .limit(limit);
}

// --- Totals: changed only with the campaign row locked, inside the paying transaction. ---

/** Locks a campaign row until the transaction ends (the one order all totals writers take). */
export async function lockCampaign(tx: Db, tenantId: string, campaignId: string): Promise<CampaignRow | null> {
  return findTenantRow(tx, campaigns, tenantId, campaignId, 'no key update');
}

/**
 * The given gifts (id and campaign, in campaign-id order), their campaigns locked in that same
 * order by the one statement that finds them: what marking gifts paid starts with.
 */
export async function lockCampaignsOfDonations(
  tx: Db,
  tenantId: string,
  ids: string[],
): Promise<{ id: string; campaignId: string }[]> {
  if (ids.length === 0) return [];
  return tx
    .select({ id: donations.id, campaignId: donations.campaignId })
    .from(donations)
    .innerJoin(campaigns, and(eq(campaigns.id, donations.campaignId), eq(campaigns.tenantId, tenantId)))
    .where(ofTenant(donations, tenantId, inArray(donations.id, ids)))
    .orderBy(asc(donations.campaignId), asc(donations.id))
    .for('no key update', { of: campaigns });
}

/** Adds (or, with negative numbers, takes out) money and donors; returns the new totals. */
export async function changeCampaignTotals(
  tx: Db,
  tenantId: string,
  campaignId: string,
  change: { raisedMinor: number; donorCount: number },
): Promise<CampaignTotals & { publicId: string }> {
  const [row] = await tx
    .update(campaigns)
    .set({
      raisedMinor: sql`greatest(0, ${campaigns.raisedMinor} + ${change.raisedMinor})`,
      donorCount: sql`greatest(0, ${campaigns.donorCount} + ${change.donorCount})`,
    })
    .where(ofTenant(campaigns, tenantId, eq(campaigns.id, campaignId)))
    .returning({
      publicId: campaigns.publicId,
      raisedMinor: campaigns.raisedMinor,
      donorCount: campaigns.donorCount,
      goalMinor: campaigns.goalMinor,
    });
  if (!row) throw new Error('campaign not found for totals');
  return row;
}

export async function findDonationsByIds(tx: Db, tenantId: string, ids: string[]): Promise<DonationRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(donations)
    .where(ofTenant(donations, tenantId, inArray(donations.id, ids)))
    .orderBy(asc(donations.campaignId), asc(donations.id));
}

export async function donationsOfInvoice(tx: Db, tenantId: string, invoiceId: string): Promise<DonationRow[]> {
  return tx
    .select()
    .from(donations)
    .where(ofTenant(donations, tenantId, eq(donations.invoiceId, invoiceId)))
    .orderBy(asc(donations.campaignId), asc(donations.id));
}

/** Moves a donation from one status to another; null when it was not in `from` (someone else moved it). */
export async function moveDonation(
  tx: Db,
  tenantId: string,
  id: string,
  from: DonationRow['status'][],
  to: DonationRow['status'],
  at: Date,
): Promise<DonationRow | null> {
  const [row] = await tx
    .update(donations)
    .set({ status: to, ...(to === 'paid' ? { paidAt: at } : {}) })
    .where(ofTenant(donations, tenantId, eq(donations.id, id), inArray(donations.status, from)))
    .returning();
  return row ?? null;
}

export async function insertDonation(
  tx: Db,
  values: Omit<typeof donations.$inferInsert, 'id' | 'createdAt'>,
): Promise<DonationRow> {
  return insertRow(tx, donations, values, 'donation not recorded');
}

// --- Staff lists ---

export interface DonationFilter {
  campaignId?: string | undefined;
  status?: DonationRow['status'] | undefined;
  offline?: boolean | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  /** Donor name, e-mail or phone contains. */
  query?: string | undefined;
}

export interface StaffDonationRow {
  donation: DonationRow;
  campaignTitle: CampaignRow['title'];
  campaignPublicId: string;
  recordedByName: string | null;
}

/** The WHERE of a staff filter of donations, for the list and its summary alike. */
function donationConditions(tenantId: string, filter: DonationFilter) {
  const conditions = [eq(donations.tenantId, tenantId)];
  if (filter.campaignId) conditions.push(eq(donations.campaignId, filter.campaignId));
  if (filter.status) conditions.push(eq(donations.status, filter.status));
  if (filter.offline !== undefined) conditions.push(eq(donations.offline, filter.offline));
  if (filter.from) conditions.push(gte(donations.createdAt, filter.from));
  if (filter.to) conditions.push(lt(donations.createdAt, filter.to));
  if (filter.query) {
    const like = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(donations.donorName, like), ilike(donations.email, like), ilike(donations.phone, like));
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

export async function listDonations(
  db: Db,
  tenantId: string,
  filter: DonationFilter,
  limit: number,
  offset = 0,
): Promise<StaffDonationRow[]> {
  const rows = await db
    .select({
      donation: donations,
      campaignTitle: campaigns.title,
      campaignPublicId: campaigns.publicId,
      recordedByName: staff.name,
    })
    .from(donations)
    .innerJoin(campaigns, and(eq(campaigns.id, donations.campaignId), eq(campaigns.tenantId, tenantId)))
    .leftJoin(staff, and(eq(staff.id, donations.recordedBy), eq(staff.tenantId, tenantId)))
    .where(donationConditions(tenantId, filter))
    .orderBy(desc(donations.createdAt), desc(donations.id))
    .limit(limit)
    .offset(offset);
  return rows;
}

/** How many donations a staff filter finds, and the money of the paid ones among them (SQL, not a page's sum). */
export async function summarizeDonations(
  db: Db,
  tenantId: string,
  filter: DonationFilter,
): Promise<{ count: number; paidMinor: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      paidMinor: sql<number>`coalesce(sum(${donations.amountMinor}) filter (where ${donations.status} = 'paid'), 0)::bigint`,
    })
    .from(donations)
    .where(donationConditions(tenantId, filter));
  return { count: Number(row?.count ?? 0), paidMinor: Number(row?.paidMinor ?? 0) };
}

export async function findDonationByPublicId(db: Db, tenantId: string, publicId: string): Promise<DonationRow | null> {
  return firstTenantRow(db, donations, tenantId, eq(donations.publicId, publicId));
}
