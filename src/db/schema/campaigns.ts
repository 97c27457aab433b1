// Campaigns and their pictures: the tables donations and fundraisers both hang from (kept apart
// from donations.ts so that fundraisers.ts can reference them without an import cycle).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  bytea,
  createdAt,
  flag,
  instant,
  localizedText,
  minorUnits,
  requiredRef,
  updatedAt,
  zeroOrMore,
} from './columns';
import { tenantId, tenantOwned } from './tenants';

export const CAMPAIGN_STATUSES = ['draft', 'live', 'ended'] as const;
/** cover: the campaign page picture; share: 1200×630, ≤ 300 KB, for Open Graph / Twitter cards. */
export const CAMPAIGN_IMAGE_KINDS = ['cover', 'share'] as const;

/**
 * A cause a donation organisation raises money for (`/donation/{publicId}`). raised_minor and
 * donor_count are the paid-money totals, changed only under this row's lock in the transaction that
 * marks a donation paid (or refunded).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    ...tenantOwned(),
    /** Short id in public URLs. */
    publicId: text('public_id').notNull(),
    title: localizedText('title').notNull(),
    summary: localizedText('summary').notNull().default({}),
    /** Plain text, paragraphs separated by blank lines; rendered as text, never as HTML. */
    story: localizedText('story').notNull().default({}),
    category: text('category').notNull().default('general'),
    /** Minor units; null = no goal (open-ended). */
    goalMinor: minorUnits('goal_minor'),
    startsAt: instant('starts_at').notNull().defaultNow(),
    endsAt: instant('ends_at'),
    /** Amounts offered as buttons on the form, minor units. */
    suggestedAmounts: minorUnits('suggested_amounts').array().notNull().default(sql`'{}'::bigint[]`),
    minAmountMinor: minorUnits('min_amount_minor').notNull().default(100),
    maxAmountMinor: minorUnits('max_amount_minor'),
    /** A one-time gift is offered. */
    oneTime: flag('one_time', true),
    /** Allowed numbers of weekly instalments; empty = weekly not offered. */
    weeklyCounts: integer('weekly_counts').array().notNull().default(sql`'{}'::integer[]`),
    /** Allowed numbers of monthly instalments; empty = monthly not offered. */
    monthlyCounts: integer('monthly_counts').array().notNull().default(sql`'{}'::integer[]`),
    coverFeesAllowed: flag('cover_fees_allowed', true),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    featured: flag('featured', false),
    /** When set, the campaign is also an event (schema.org Event). */
    eventDate: instant('event_date'),
    /** Indonesian fundraising permit (PUB / izin pengumpulan uang dan barang). */
    permitNumber: text('permit_number'),
    permitValidUntil: date('permit_valid_until', { mode: 'string' }),
    raisedMinor: minorUnits('raised_minor').notNull().default(0),
    donorCount: zeroOrMore('donor_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaigns_tenant_public_id_key').on(t.tenantId, t.publicId),
    index('campaigns_tenant_status_idx').on(t.tenantId, t.status),
    check('campaigns_totals_not_negative', sql`${t.raisedMinor} >= 0 AND ${t.donorCount} >= 0`),
    check('campaigns_amounts_valid', sql`${t.minAmountMinor} > 0 AND (${t.goalMinor} IS NULL OR ${t.goalMinor} > 0)`),
  ],
);

/** A campaign's pictures, one per kind, kept in the database so every instance serves them. */
export const campaignImages = pgTable(
  'campaign_images',
  {
    tenantId: tenantId(),
    campaignId: requiredRef('campaign_id', () => campaigns.id),
    kind: text('kind', { enum: CAMPAIGN_IMAGE_KINDS }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Changes with every upload; part of the image URL so it can be cached for a year. */
    version: text('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.kind] })],
);
