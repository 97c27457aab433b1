import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '#i18n/locales.ts';
import { customers, staff } from './accounts';
import { services } from './bookings';
import { createdAt, flag, instant, localizedText, minorUnits, optionalRef, requiredRef, zeroOrMore } from './columns';
import { invoices } from './payments';
import { tenantOwned, tenantPrimaryKey } from './tenants';

export const REWARD_KINDS = ['discount_fixed', 'discount_percent', 'free_service', 'counter_item'] as const;
export const ENTRY_KINDS = [
  'earn',
  'bonus',
  'adjust',
  'hold',
  'release',
  'spend',
  'redeem',
  'expire',
  'clawback',
] as const;
export const HOLD_STATUSES = ['held', 'spent', 'released'] as const;
export const VOUCHER_STATUSES = ['issued', 'used', 'void'] as const;

/** One tier of a programme: reached by points earned in the rolling window. */
export interface LoyaltyTier {
  name: Partial<LocalizedText>;
  /** Points earned in the window that reach this tier. */
  threshold: number;
  benefits: Partial<LocalizedText>;
  /** Earning rate in this tier, percent of the base (100 = as base). */
  earnPercent: number;
}

/** A tenant's loyalty settings: which reward kinds it may offer (medical fee-splitting rules). */
export const loyaltySettings = pgTable('loyalty_settings', {
  tenantId: tenantPrimaryKey(),
  allowedRewardKinds: text('allowed_reward_kinds').array().notNull().default(sql`'{}'::text[]`),
});

/** A loyalty programme (`/loyalty/{publicId}`): how points are earned, expire and tier. */
export const loyaltyProgrammes = pgTable(
  'loyalty_programmes',
  {
    ...tenantOwned(),
    publicId: text('public_id').notNull(),
    name: localizedText('name').notNull(),
    description: localizedText('description').notNull().default({}),
    terms: localizedText('terms').notNull().default({}),
    /** Points per `earn_per_minor` of the net paid amount of appointment invoices (0 = none). */
    earnPoints: zeroOrMore('earn_points'),
    /** The amount, in minor units, that earns `earn_points` (RM1 = 100; Rp10.000 = 10000). */
    earnPerMinor: minorUnits('earn_per_minor').notNull().default(100),
    visitPoints: zeroOrMore('visit_points'),
    signupBonus: zeroOrMore('signup_bonus'),
    earnOnDonations: flag('earn_on_donations', false),
    /** Months after earning that points expire; null = never. */
    expiryMonths: integer('expiry_months'),
    tiers: jsonb('tiers').$type<LoyaltyTier[]>().notNull().default([]),
    tierWindowMonths: integer('tier_window_months').notNull().default(12),
    /** Points earned today are usable from tomorrow (tenant's day). */
    notUsableSameDay: flag('not_usable_same_day', false),
    /** A refund may leave the balance below zero (owed points). */
    allowNegative: flag('allow_negative', false),
    active: flag('active', true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loyalty_programmes_tenant_public_id_key').on(t.tenantId, t.publicId),
    check(
      'loyalty_programmes_rules_valid',
      sql`${t.earnPoints} >= 0 AND ${t.earnPerMinor} > 0 AND ${t.visitPoints} >= 0 AND ${t.signupBonus} >= 0 AND (${t.expiryMonths} IS NULL OR ${t.expiryMonths} > 0) AND ${t.tierWindowMonths} > 0 AND jsonb_array_length(${t.tiers}) <= 5`,
    ),
  ],
);

/** What members spend points on. */
export const loyaltyRewards = pgTable(
  'loyalty_rewards',
  {
    ...tenantOwned(),
    programmeId: requiredRef('programme_id', () => loyaltyProgrammes.id),
    kind: text('kind', { enum: REWARD_KINDS }).notNull(),
    name: localizedText('name').notNull(),
    description: localizedText('description').notNull().default({}),
    pointsCost: integer('points_cost').notNull(),
    /**
     * A discount or free service for one service only ("15% off a health screening"); null = any
     * appointment. Issue 23: a reward is described by, and applies to, the service it names.
     */
    serviceId: optionalRef('service_id', () => services.id, 'restrict'),
    /** discount_fixed: the amount off; discount_percent: the cap (null = no cap); minor units. */
    valueMinor: minorUnits('value_minor'),
    percent: integer('percent'),
    /** Left to give; null = unlimited. */
    stock: integer('stock'),
    validFrom: instant('valid_from'),
    validUntil: instant('valid_until'),
    /** Days a voucher stays valid after it is issued. */
    voucherDays: integer('voucher_days').notNull().default(30),
    active: flag('active', true),
    createdAt: createdAt(),
  },
  (t) => [
    index('loyalty_rewards_programme_idx').on(t.tenantId, t.programmeId),
    check('loyalty_rewards_cost_positive', sql`${t.pointsCost} > 0`),
    check('loyalty_rewards_stock_not_negative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
    check(
      'loyalty_rewards_value_valid',
      sql`(${t.valueMinor} IS NULL OR ${t.valueMinor} > 0) AND (${t.percent} IS NULL OR (${t.percent} > 0 AND ${t.percent} <= 100))`,
    ),
  ],
);

/** A customer in a programme; `owed` = points a refund took back beyond the balance (negative balance). */
export const loyaltyMembers = pgTable(
  'loyalty_members',
  {
    ...tenantOwned(),
    programmeId: requiredRef('programme_id', () => loyaltyProgrammes.id),
    customerId: requiredRef('customer_id', () => customers.id),
    name: text('name').notNull(),
    locale: text('locale').notNull().default('en'),
    /** PDPA: when the member agreed to the programme's terms. */
    consentedAt: instant('consented_at').notNull(),
    owed: zeroOrMore('owed'),
    /**
     * The kept balance: the sum of the member's entries' points (lots' remaining less owed), moved
     * in the transaction that writes each entry; `npm run loyalty:check` rebuilds and compares it.
     * Lots past their expiry that the job has not expired yet are still in it (the reads take them off).
     */
    balance: integer('balance').notNull().default(0),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_members_programme_customer_key').on(t.programmeId, t.customerId),
    index('loyalty_members_tenant_customer_idx').on(t.tenantId, t.customerId),
    check('loyalty_members_owed_not_negative', sql`${t.owed} >= 0`),
  ],
);

/**
 * The append-only ledger (a trigger refuses UPDATE and DELETE): every change of a member's points
 * with its reason and source. `points` is the change to the balance; `key` makes an effect happen
 * once (`earn:invoice:<id>`); `owed_delta` is what a clawback could not take (or an earn paid off).
 */
export const loyaltyEntries = pgTable(
  'loyalty_entries',
  {
    ...tenantOwned(),
    memberId: requiredRef('member_id', () => loyaltyMembers.id),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    points: integer('points').notNull(),
    owedDelta: zeroOrMore('owed_delta'),
    key: text('key').notNull(),
    /** A message key, or the text staff typed for an adjustment. */
    reason: text('reason').notNull(),
    sourceKind: text('source_kind'),
    sourceId: text('source_id'),
    /** An earn lot's expiry (null = never). */
    expiresAt: instant('expires_at'),
    staffId: optionalRef('staff_id', () => staff.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loyalty_entries_tenant_key').on(t.tenantId, t.key),
    index('loyalty_entries_member_idx').on(t.memberId, t.createdAt),
  ],
);

/**
 * An earn lot: points from one entry that can be spent until they expire. `remaining` changes only
 * under the member's lock, together with a draw row; the check command rebuilds it from the draws.
 */
export const loyaltyLots = pgTable(
  'loyalty_lots',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => loyaltyEntries.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull(),
    memberId: requiredRef('member_id', () => loyaltyMembers.id),
    points: integer('points').notNull(),
    remaining: integer('remaining').notNull(),
    usableFrom: instant('usable_from').notNull(),
    expiresAt: instant('expires_at'),
  },
  (t) => [
    index('loyalty_lots_member_idx').on(t.memberId, t.expiresAt),
    // Only lots that still hold points, in spending order: draws, expiry and the balance's
    // corrections read these, never the spent and expired ones.
    index('loyalty_lots_member_live_idx')
      .on(t.memberId, t.expiresAt, t.usableFrom, t.entryId)
      .where(sql`${t.remaining} > 0`),
    // Points earned but not usable yet (earned today where the programme says so).
    index('loyalty_lots_member_pending_idx').on(t.memberId, t.usableFrom).where(sql`${t.remaining} > 0`),
    check(
      'loyalty_lots_remaining_valid',
      sql`${t.points} > 0 AND ${t.remaining} >= 0 AND ${t.remaining} <= ${t.points}`,
    ),
  ],
);

/** Which lots an entry drew from (positive) or gave back to (negative): append-only. */
export const loyaltyDraws = pgTable(
  'loyalty_draws',
  {
    entryId: requiredRef('entry_id', () => loyaltyEntries.id),
    lotId: requiredRef('lot_id', () => loyaltyLots.entryId),
    points: integer('points').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.lotId] }), index('loyalty_draws_lot_idx').on(t.lotId)],
);

/** Points held for a reward applied to an appointment checkout, while its booking is held. */
export const loyaltyHolds = pgTable(
  'loyalty_holds',
  {
    ...tenantOwned(),
    memberId: requiredRef('member_id', () => loyaltyMembers.id),
    rewardId: requiredRef('reward_id', () => loyaltyRewards.id, 'restrict'),
    invoiceId: requiredRef('invoice_id', () => invoices.id),
    points: integer('points').notNull(),
    status: text('status', { enum: HOLD_STATUSES }).notNull().default('held'),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loyalty_holds_invoice_key').on(t.invoiceId),
    index('loyalty_holds_due_idx').on(t.status, t.expiresAt),
  ],
);

/** A reward redeemed for the counter: a code (and QR) staff take. */
export const loyaltyVouchers = pgTable(
  'loyalty_vouchers',
  {
    ...tenantOwned(),
    memberId: requiredRef('member_id', () => loyaltyMembers.id),
    rewardId: requiredRef('reward_id', () => loyaltyRewards.id, 'restrict'),
    code: text('code').notNull(),
    status: text('status', { enum: VOUCHER_STATUSES }).notNull().default('issued'),
    validUntil: instant('valid_until').notNull(),
    usedAt: instant('used_at'),
    usedByStaffId: optionalRef('used_by_staff_id', () => staff.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loyalty_vouchers_tenant_code_key').on(t.tenantId, t.code),
    index('loyalty_vouchers_member_idx').on(t.memberId),
  ],
);
