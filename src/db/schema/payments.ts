import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers, staff } from './accounts';
import {
  createdAt,
  flag,
  instant,
  localizedText,
  minorUnits,
  optionalRef,
  requiredRef,
  updatedAt,
  uuidPrimaryKey,
  zeroOrMore,
} from './columns';
import { tenantId, tenantOwned, tenantPrimaryKey, tenants } from './tenants';

/** How a tenant takes payment: which methods, at what fee (for "cover the fees"). */
export const tenantPaymentMethods = pgTable(
  'tenant_payment_methods',
  {
    tenantId: tenantId(),
    method: text('method', { enum: ['card', 'fpx', 'counter'] }).notNull(),
    enabled: flag('enabled', true),
    /** Fixed fee in minor units per payment. */
    feeFixed: zeroOrMore('fee_fixed'),
    /** Percentage fee in basis points (150 = 1.5%). */
    feeRateBp: zeroOrMore('fee_rate_bp'),
    /** Counter instructions in each language (counter method only). */
    instructions: localizedText('instructions'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.method] })],
);

/** The gapless invoice number sequence of each tenant, advanced inside the invoice's transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  tenantId: tenantPrimaryKey(),
  lastNumber: zeroOrMore('last_number'),
});

/** Everything payable is an invoice: an appointment or a donation. */
export const invoices = pgTable(
  'invoices',
  {
    ...tenantOwned(),
    /** Unguessable id used in public URLs (/invoices/{publicId}/…). */
    publicId: text('public_id').notNull().unique(),
    number: integer('number').notNull(),
    kind: text('kind', { enum: ['appointment', 'donation'] }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'failed', 'expired', 'void'] })
      .notNull()
      .default('open'),
    currencyCode: text('currency_code').notNull(),
    /** Money columns are bigint (an int4 stops at 2,147,483,647 minor units, about Rp2.1 billion). */
    subtotal: minorUnits('subtotal').notNull(),
    /** Transaction fee added when the payer chose to cover it (set at payment time). */
    fee: minorUnits('fee').notNull().default(0),
    total: minorUnits('total').notNull(),
    customerId: optionalRef('customer_id', () => customers.id),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    locale: text('locale').notNull().default('en'),
    dueAt: instant('due_at'),
    paidAt: instant('paid_at'),
    /**
     * The card that pays this invoice is kept for later charges without the payer: a recurring
     * donation's first payment, or a donor updating the card of a plan (issue 12).
     */
    savesPaymentMethod: flag('saves_payment_method', false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_tenant_number_key').on(t.tenantId, t.number),
    index('invoices_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    // Discount lines (a reward) reduce a total, never below zero.
    check('invoices_totals_not_negative', sql`${t.subtotal} >= 0 AND ${t.total} >= 0`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    ...tenantOwned(),
    invoiceId: requiredRef('invoice_id', () => invoices.id),
    position: integer('position').notNull(),
    description: localizedText('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Minor units; negative only on a discount line (a reward), which never takes the total below zero. */
    unitAmount: minorUnits('unit_amount').notNull(),
    amount: minorUnits('amount').notNull(),
    /** What the line pays for, set by the feature that made it: a booking, a donation, a reward… */
    sourceKind: text('source_kind', { enum: ['booking', 'donation', 'reward', 'fundraiser_gift'] }),
    sourceId: text('source_id'),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    index('invoice_lines_source_idx').on(t.tenantId, t.sourceKind, t.sourceId),
  ],
);

/** One attempt to pay an invoice through a provider. Settles from pending at most once. */
export const payments = pgTable(
  'payments',
  {
    ...tenantOwned(),
    invoiceId: requiredRef('invoice_id', () => invoices.id),
    provider: text('provider', { enum: ['sandbox', 'stripe', 'counter'] }).notNull(),
    method: text('method', { enum: ['card', 'fpx', 'counter'] }).notNull(),
    amount: minorUnits('amount').notNull(),
    fee: minorUnits('fee').notNull().default(0),
    /** pending and declined (an attempt failed; the payer may retry on the same provider payment) are open; the rest final. */
    status: text('status', { enum: ['pending', 'declined', 'paid', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** The provider's own id (Stripe PaymentIntent id). */
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    /** Who settled it: 'webhook', 'verify', or a staff member (settledByStaffId). */
    settledVia: text('settled_via'),
    settledByStaffId: optionalRef('settled_by_staff_id', () => staff.id),
    settledAt: instant('settled_at'),
    /**
     * The payer's key for one attempt to pay (the panel's island makes one per click of Pay): a
     * POST repeated with it after a lost answer gets the same payment, never a second one.
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId),
    uniqueIndex('payments_tenant_idempotency_key')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef).where(sql`${t.providerRef} IS NOT NULL`),
  ],
);

/** Why money goes back: the automatic causes are recorded once per payment; staff may add more. */
export const REFUND_REASONS = ['paid_twice', 'slot_lost', 'booking_cancelled', 'staff'] as const;
/** due: owed, nobody has sent it yet; pending: asked of the provider; succeeded/failed: final. */
export const REFUND_STATUSES = ['due', 'pending', 'succeeded', 'failed'] as const;

/**
 * Money going back on one payment. Never more than the payment in all (checked with the payment
 * row locked, in the refund's transaction); one row per automatic cause (a unique key).
 */
export const refunds = pgTable(
  'refunds',
  {
    ...tenantOwned(),
    paymentId: requiredRef('payment_id', () => payments.id),
    /** Minor units, > 0. */
    amount: minorUnits('amount').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('due'),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
    /** The staff member who recorded it (handed the cash back, or clicked "Refunded"). */
    recordedByStaffId: optionalRef('recorded_by_staff_id', () => staff.id),
    /** The provider's refund id (Stripe re_…). */
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    /** The invoice line this refund gives back (one gift of a cart), as invoice_lines names it; null: no one line. */
    sourceKind: text('source_kind', { enum: ['booking', 'donation', 'reward', 'fundraiser_gift'] }),
    sourceId: text('source_id'),
  },
  (t) => [
    index('refunds_payment_idx').on(t.tenantId, t.paymentId),
    index('refunds_status_idx').on(t.tenantId, t.status, t.requestedAt),
    // One cause, one refund: a paid-twice or a lost slot is recorded once however often it is reported.
    uniqueIndex('refunds_payment_reason_key').on(t.paymentId, t.reason).where(sql`${t.reason} <> 'staff'`),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Every verified webhook event, once: replays hit the unique key and change nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuidPrimaryKey(),
    tenantId: optionalRef('tenant_id', () => tenants.id, 'cascade'),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: optionalRef('payment_id', () => payments.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId)],
);

/**
 * The built-in sandbox gateway's own records, kept apart from ours as a real gateway's would be:
 * it knows only what it was asked to charge and what the payer chose.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  /** Our payments.id, given to the gateway as its reference. */
  id: text('id').primaryKey(),
  tenantId: tenantId(),
  amount: minorUnits('amount').notNull(),
  currency: text('currency').notNull(),
  method: text('method').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  status: text('status', { enum: ['requires_action', 'succeeded', 'failed', 'cancelled'] })
    .notNull()
    .default('requires_action'),
  /** How much of the charge the gateway has given back (minor units). */
  amountRefunded: minorUnits('amount_refunded').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
