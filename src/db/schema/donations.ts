import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { campaigns } from './campaigns';
import { createdAt, flag, instant, minorUnits, optionalRef, requiredRef, updatedAt, zeroOrMore } from './columns';
import { fundraisers, fundraiserTeams } from './fundraisers';
import { invoices } from './payments';
import { tenantId, tenantOwned } from './tenants';

export const DONATION_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'void'] as const;
export const PLAN_FREQUENCIES = ['weekly', 'monthly'] as const;
export const PLAN_METHODS = ['card', 'fpx', 'counter'] as const;
export const PLAN_STATUSES = ['pending', 'active', 'failing', 'cancelled', 'completed'] as const;
export const INSTALMENT_STATUSES = ['scheduled', 'invoiced', 'paid', 'failed', 'skipped'] as const;

/** A postal address a donor gives for a tax receipt. */
export interface DonorAddress {
  line1: string;
  line2?: string;
  postcode: string;
  city: string;
  state: string;
  country: string;
}

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
    amountMinor: minorUnits('amount_minor').notNull(),
    /** Covered fee added to each instalment, minor units. */
    feeMinor: minorUnits('fee_minor').notNull().default(0),
    method: text('method', { enum: PLAN_METHODS }).notNull(),
    provider: text('provider'),
    providerCustomerRef: text('provider_customer_ref'),
    /** The saved card (off-session charges). */
    providerMethodRef: text('provider_method_ref'),
    /** The first charge day (YYYY-MM-DD, tenant's time zone). */
    anchorDate: date('anchor_date', { mode: 'string' }).notNull(),
    nextChargeOn: date('next_charge_on', { mode: 'string' }),
    chargesMade: zeroOrMore('charges_made'),
    failures: zeroOrMore('failures'),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('pending'),
    cancelReason: text('cancel_reason'),
    donorName: text('donor_name'),
    anonymous: flag('anonymous', false),
    /** E.164 digits, as bookings store it. */
    phone: text('phone'),
    email: text('email'),
    customerId: optionalRef('customer_id', () => customers.id),
    locale: text('locale').notNull().default('en'),
    address: jsonb('address').$type<DonorAddress>(),
    taxReceipt: flag('tax_receipt', false),
    taxId: text('tax_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Issue 13: the fundraiser (and team) the plan was started through; every instalment's gift carries them. */
    fundraiserId: optionalRef('fundraiser_id', (): AnyPgColumn => fundraisers.id),
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
    invoiceId: optionalRef('invoice_id', () => invoices.id),
    planId: optionalRef('plan_id', () => donationPlans.id),
    instalmentSeq: integer('instalment_seq'),
    /** The gift, minor units. */
    amountMinor: minorUnits('amount_minor').notNull(),
    /** The covered fee paid on top, minor units. */
    feeMinor: minorUnits('fee_minor').notNull().default(0),
    status: text('status', { enum: DONATION_STATUSES }).notNull().default('pending'),
    donorName: text('donor_name'),
    anonymous: flag('anonymous', false),
    /** E.164 digits, as bookings store it. */
    phone: text('phone'),
    email: text('email'),
    customerId: optionalRef('customer_id', () => customers.id),
    message: text('message'),
    address: jsonb('address').$type<DonorAddress>(),
    taxReceipt: flag('tax_receipt', false),
    /** Identity or company registration number: never shown publicly, masked in logs. */
    taxId: text('tax_id'),
    offline: flag('offline', false),
    recordedBy: optionalRef('recorded_by', () => staff.id),
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
    fundraiserId: optionalRef('fundraiser_id', (): AnyPgColumn => fundraisers.id),
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
    invoiceId: optionalRef('invoice_id', () => invoices.id),
    donationId: optionalRef('donation_id', () => donations.id),
    status: text('status', { enum: INSTALMENT_STATUSES }).notNull().default('scheduled'),
    attempts: zeroOrMore('attempts'),
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
    amountMinor: minorUnits('amount_minor').notNull(),
    feeMinor: minorUnits('fee_minor').notNull().default(0),
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
    lastNumber: zeroOrMore('last_number'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.year] })],
);
