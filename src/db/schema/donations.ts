import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, staff } from './accounts';
import { bytea, createdAt, instant, localizedText, requiredRef, updatedAt } from './columns';
import { fundraisers, fundraiserTeams } from './fundraisers';
import { invoices } from './payments';
import { tenantId, tenantOwned } from './tenants';

export const CAMPAIGN_STATUSES = ['draft', 'live', 'ended'] as const;
export const DONATION_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'void'] as const;
export const PLAN_FREQUENCIES = ['weekly', 'monthly'] as const;
export const PLAN_METHODS = ['card', 'fpx', 'counter'] as const;
export const PLAN_STATUSES = ['pending', 'active', 'failing', 'cancelled', 'completed'] as const;
export const INSTALMENT_STATUSES = ['scheduled', 'invoiced', 'paid', 'failed', 'skipped'] as const;
/** cover: the campaign page picture; share: 1200×630, ≤ 300 KB, for Open Graph / Twitter cards. */
export const CAMPAIGN_IMAGE_KINDS = ['cover', 'share'] as const;

/** A postal address a donor gives for a tax receipt. */
export interface DonorAddress {
  line1: string;
  line2?: string;
  postcode: string;
  city: string;
  state: string;
  country: string;
}

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
    goalMinor: bigint('goal_minor', { mode: 'number' }),
    startsAt: instant('starts_at').notNull().defaultNow(),
    endsAt: instant('ends_at'),
    /** Amounts offered as buttons on the form, minor units. */
    suggestedAmounts: bigint('suggested_amounts', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    minAmountMinor: bigint('min_amount_minor', { mode: 'number' }).notNull().default(100),
    maxAmountMinor: bigint('max_amount_minor', { mode: 'number' }),
    /** A one-time gift is offered. */
    oneTime: boolean('one_time').notNull().default(true),
    /** Allowed numbers of weekly instalments; empty = weekly not offered. */
    weeklyCounts: integer('weekly_counts').array().notNull().default(sql`'{}'::integer[]`),
    /** Allowed numbers of monthly instalments; empty = monthly not offered. */
    monthlyCounts: integer('monthly_counts').array().notNull().default(sql`'{}'::integer[]`),
    coverFeesAllowed: boolean('cover_fees_allowed').notNull().default(true),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    featured: boolean('featured').notNull().default(false),
    /** When set, the campaign is also an event (schema.org Event). */
    eventDate: instant('event_date'),
    /** Indonesian fundraising permit (PUB / izin pengumpulan uang dan barang). */
    permitNumber: text('permit_number'),
    permitValidUntil: date('permit_valid_until', { mode: 'string' }),
    raisedMinor: bigint('raised_minor', { mode: 'number' }).notNull().default(0),
    donorCount: integer('donor_count').notNull().default(0),
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

/** A recurring gift: `count` instalments, weekly or monthly, from `anchor_date`. */
export const donationPlans = pgTable(
  'donation_plans',
  {
    ...tenantOwned(),
    publicId: text('public_id').notNull(),
    campaignId: requiredRef('campaign_id', () => campaigns.id, 'restrict'),
    frequency: text('frequency', { enum: PLAN_FREQUENCIES }).notNull(),
    count: integer('count').notNull(),
    /** Each instalment's gift, minor units. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Covered fee added to each instalment, minor units. */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    method: text('method', { enum: PLAN_METHODS }).notNull(),
    provider: text('provider'),
    providerCustomerRef: text('provider_customer_ref'),
    /** The saved card (off-session charges). */
    providerMethodRef: text('provider_method_ref'),
    /** The first charge day (YYYY-MM-DD, tenant's time zone). */
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    nextChargeOn: date('next_charge_on', { mode: 'string' }),
    chargesMade: integer('charges_made').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('pending'),
    cancelReason: text('cancel_reason'),
    donorName: text('donor_name'),
    anonymous: boolean('anonymous').notNull().default(false),
    /** E.164 digits, as bookings store it. */
    phone: text('phone'),
    email: text('email'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('en'),
    address: jsonb('address').$type<DonorAddress>(),
    taxReceipt: boolean('tax_receipt').notNull().default(false),
    taxId: text('tax_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Issue 13: the fundraiser (and team) the plan was started through; every instalment's gift carries them. */
    fundraiserId: uuid('fundraiser_id').references((): AnyPgColumn => fundraisers.id, { onDelete: 'set null' }),
    fundraiserTeamId: uuid('fundraiser_team_id').references((): AnyPgColumn => fundraiserTeams.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('donation_plans_tenant_public_id_key').on(t.tenantId, t.publicId),
    index('donation_plans_due_idx').on(t.status, t.nextChargeOn),
    index('donation_plans_campaign_idx').on(t.tenantId, t.campaignId),
    index('donation_plans_customer_idx').on(t.tenantId, t.customerId),
    check('donation_plans_count_positive', sql`${t.count} > 0 AND ${t.amountMinor} > 0 AND ${t.feeMinor} >= 0`),
  ],
);

/**
 * One gift to a campaign: online (paid through its invoice line, source_kind 'donation',
 * source_id = donations.id) or offline (recorded by staff, no invoice).
 */
export const donations = pgTable(
  'donations',
  {
    ...tenantOwned(),
    publicId: text('public_id').notNull(),
    campaignId: requiredRef('campaign_id', () => campaigns.id, 'restrict'),
    /** Null for an offline gift. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => donationPlans.id, { onDelete: 'set null' }),
    instalmentSeq: integer('instalment_seq'),
    /** The gift, minor units. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** The covered fee paid on top, minor units. */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: DONATION_STATUSES }).notNull().default('pending'),
    donorName: text('donor_name'),
    anonymous: boolean('anonymous').notNull().default(false),
    /** E.164 digits, as bookings store it. */
    phone: text('phone'),
    email: text('email'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    message: text('message'),
    address: jsonb('address').$type<DonorAddress>(),
    taxReceipt: boolean('tax_receipt').notNull().default(false),
    /** Identity or company registration number: never shown publicly, masked in logs. */
    taxId: text('tax_id'),
    offline: boolean('offline').notNull().default(false),
    recordedBy: uuid('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    locale: text('locale').notNull().default('en'),
    /**
     * Issue 23: the network address the checkout came from, hashed with the tenant (never the
     * address itself): unpaid attempts from one address are capped per tenant; paid ones never count.
     */
    clientHash: text('client_hash'),
    createdAt: createdAt(),
    paidAt: instant('paid_at'),
    /** Issue 13: the fundraiser (and team) this gift was given through; null for a direct gift. */
    fundraiserId: uuid('fundraiser_id').references((): AnyPgColumn => fundraisers.id, { onDelete: 'set null' }),
    fundraiserTeamId: uuid('fundraiser_team_id').references((): AnyPgColumn => fundraiserTeams.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('donations_tenant_public_id_key').on(t.tenantId, t.publicId),
    uniqueIndex('donations_tenant_idempotency_key')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('donations_campaign_idx').on(t.tenantId, t.campaignId, t.status, t.paidAt),
    index('donations_invoice_idx').on(t.invoiceId),
    index('donations_plan_idx').on(t.planId, t.instalmentSeq),
    index('donations_customer_idx').on(t.tenantId, t.customerId),
    index('donations_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('donations_fundraiser_idx').on(t.fundraiserId, t.status),
    check('donations_amounts_valid', sql`${t.amountMinor} > 0 AND ${t.feeMinor} >= 0`),
  ],
);

/** One instalment of a plan: due on a day, invoiced, paid (or failed / skipped). */
export const planInstalments = pgTable(
  'plan_instalments',
  {
    planId: requiredRef('plan_id', () => donationPlans.id),
    tenantId: tenantId(),
    seq: integer('seq').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    status: text('status', { enum: INSTALMENT_STATUSES }).notNull().default('scheduled'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.seq] }),
    index('plan_instalments_due_idx').on(t.status, t.dueOn),
    check('plan_instalments_seq_positive', sql`${t.seq} >= 1`),
  ],
);

/** A numbered tax receipt for one paid donation (numbered per tenant per year, gapless). */
export const donationReceipts = pgTable(
  'donation_receipts',
  {
    ...tenantOwned(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    donationId: uuid('donation_id')
      .notNull()
      .unique()
      .references(() => donations.id, { onDelete: 'restrict' }),
    /** The day the money cleared (tenant's time zone). */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
    donorName: text('donor_name').notNull(),
    taxId: text('tax_id'),
    /** The tenant's tax-exemption approval reference at issue time. */
    approvalRef: text('approval_ref'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('donation_receipts_tenant_year_number_key').on(t.tenantId, t.year, t.number)],
);

/** Per-tenant per-year receipt numbering, advanced under this row's lock. */
export const receiptSequences = pgTable(
  'receipt_sequences',
  {
    tenantId: tenantId(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.year] })],
);
