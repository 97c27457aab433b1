import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers, staff } from './accounts';
import { campaigns } from './campaigns';
import {
  bytea,
  createdAt,
  flag,
  instant,
  minorUnits,
  optionalRef,
  requiredRef,
  updatedAt,
  zeroOrMore,
} from './columns';
import { tenantId, tenantOwned } from './tenants';

// Fundraisers (issue 13; docs/decisions/0023-fundraisers.md): supporters' own pages under a
// campaign, their teams, the campaign's fundraising settings. raised_minor and donor_count on
// fundraisers and teams are paid money, changed only in the transaction that moves a gift to paid
// (or refunded), after its campaign row is locked: campaign → fundraiser → team, the one order.

export const FUNDRAISER_STATUSES = ['pending', 'live', 'hidden', 'closed'] as const;
export const FUNDRAISER_VERIFICATIONS = ['none', 'pending', 'verified', 'rejected'] as const;
export const FUNDRAISER_RANKINGS = ['amount', 'donors', 'score'] as const;
export const FUNDRAISER_NOTIFY = ['each', 'digest', 'none'] as const;

/** A campaign's fundraising rules, chosen by its organisation (no row = the defaults). */
export const campaignFundraising = pgTable(
  'campaign_fundraising',
  {
    campaignId: uuid('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    /** Supporters may start pages. */
    enabled: flag('enabled', true),
    /** New pages wait for staff approval (the default; an organisation may opt out per campaign). */
    approval: flag('approval', true),
    /** A live page is hidden once this many distinct people reported it. */
    reportThreshold: integer('report_threshold').notNull().default(3),
    /** A page goes live only once staff verified the fundraiser's identity document. */
    requiresVerification: flag('requires_verification', false),
    ranking: text('ranking', { enum: FUNDRAISER_RANKINGS }).notNull().default('amount'),
    /** The leaderboard shows once the campaign has this many live fundraisers. */
    leaderboardMin: integer('leaderboard_min').notNull().default(5),
    /**
     * Fundraisers on the board (live or closed), kept by a trigger on fundraisers (migration 0027)
     * so the board reads it instead of counting every row (issue 25).
     */
    boardCount: integer('board_count').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('campaign_fundraising_board_count_not_negative', sql`${t.boardCount} >= 0`)],
);

/** A team of fundraisers under one campaign; its totals are its members'. */
export const fundraiserTeams = pgTable(
  'fundraiser_teams',
  {
    ...tenantOwned(),
    campaignId: requiredRef('campaign_id', () => campaigns.id, 'restrict'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    createdBy: optionalRef('created_by', () => customers.id),
    raisedMinor: minorUnits('raised_minor').notNull().default(0),
    donorCount: zeroOrMore('donor_count'),
    /**
     * Members on the board (live or closed), kept by a trigger on fundraisers (migration 0028):
     * the board's teams are those with members, read without counting them (issue 25).
     */
    boardMembers: zeroOrMore('board_members'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fundraiser_teams_campaign_slug_key').on(t.tenantId, t.campaignId, t.slug),
    // The board's order per ranking rule over the teams it shows (issue 25): a page of teams is an
    // index scan with LIMIT that never steps over teams without members on the board.
    index('fundraiser_teams_board_amount_idx')
      .on(t.tenantId, t.campaignId, t.raisedMinor.desc(), t.donorCount.desc(), t.createdAt, t.id)
      .where(sql`${t.boardMembers} > 0`),
    index('fundraiser_teams_board_donors_idx')
      .on(t.tenantId, t.campaignId, t.donorCount.desc(), t.raisedMinor.desc(), t.createdAt, t.id)
      .where(sql`${t.boardMembers} > 0`),
    index('fundraiser_teams_board_score_idx')
      .on(
        t.tenantId,
        t.campaignId,
        sql`(${t.donorCount}::bigint * ${t.raisedMinor}) DESC NULLS LAST`,
        t.raisedMinor.desc(),
        t.donorCount.desc(),
        t.createdAt,
        t.id,
      )
      .where(sql`${t.boardMembers} > 0`),
    check('fundraiser_teams_totals_not_negative', sql`${t.raisedMinor} >= 0 AND ${t.donorCount} >= 0`),
    check('fundraiser_teams_board_members_not_negative', sql`${t.boardMembers} >= 0`),
  ],
);

/** One supporter's page under a campaign (`/donation/{campaign}/fundraisers/{slug}`). */
export const fundraisers = pgTable(
  'fundraisers',
  {
    ...tenantOwned(),
    campaignId: requiredRef('campaign_id', () => campaigns.id, 'restrict'),
    customerId: optionalRef('customer_id', () => customers.id),
    teamId: optionalRef('team_id', () => fundraiserTeams.id),
    slug: text('slug').notNull(),
    /** Plain text, rendered as text (never HTML). */
    title: text('title').notNull(),
    displayName: text('display_name').notNull(),
    story: text('story').notNull().default(''),
    goalMinor: minorUnits('goal_minor'),
    endsAt: instant('ends_at'),
    status: text('status', { enum: FUNDRAISER_STATUSES }).notNull().default('pending'),
    verification: text('verification', { enum: FUNDRAISER_VERIFICATIONS }).notNull().default('none'),
    /** When staff approved (or reopened) the page; until then its links and phone numbers are masked. */
    approvedAt: instant('approved_at'),
    notify: text('notify', { enum: FUNDRAISER_NOTIFY }).notNull().default('each'),
    locale: text('locale').notNull().default('en'),
    raisedMinor: minorUnits('raised_minor').notNull().default(0),
    donorCount: zeroOrMore('donor_count'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fundraisers_campaign_slug_key').on(t.tenantId, t.campaignId, t.slug),
    index('fundraisers_campaign_status_idx').on(t.tenantId, t.campaignId, t.status),
    index('fundraisers_customer_idx').on(t.tenantId, t.customerId),
    index('fundraisers_team_idx').on(t.teamId),
    // The board's order per ranking rule over the pages it shows (issue 25): top N is an index scan.
    index('fundraisers_board_amount_idx')
      .on(t.tenantId, t.campaignId, t.raisedMinor.desc(), t.donorCount.desc(), t.createdAt, t.id)
      .where(sql`${t.status} in ('live', 'closed')`),
    index('fundraisers_board_donors_idx')
      .on(t.tenantId, t.campaignId, t.donorCount.desc(), t.raisedMinor.desc(), t.createdAt, t.id)
      .where(sql`${t.status} in ('live', 'closed')`),
    index('fundraisers_board_score_idx')
      .on(
        t.tenantId,
        t.campaignId,
        sql`(${t.donorCount}::bigint * ${t.raisedMinor}) DESC NULLS LAST`,
        t.raisedMinor.desc(),
        t.donorCount.desc(),
        t.createdAt,
        t.id,
      )
      .where(sql`${t.status} in ('live', 'closed')`),
    check('fundraisers_totals_not_negative', sql`${t.raisedMinor} >= 0 AND ${t.donorCount} >= 0`),
    check('fundraisers_goal_positive', sql`${t.goalMinor} IS NULL OR ${t.goalMinor} > 0`),
  ],
);

export const FUNDRAISER_FILE_KINDS = ['photo', 'identity'] as const;

/** A fundraiser's photo (public) or identity document (staff only), bytes in the database. */
export const fundraiserFiles = pgTable(
  'fundraiser_files',
  {
    fundraiserId: requiredRef('fundraiser_id', () => fundraisers.id),
    tenantId: tenantId(),
    kind: text('kind', { enum: FUNDRAISER_FILE_KINDS }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    version: text('version').notNull(),
    reviewedBy: optionalRef('reviewed_by', () => staff.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fundraiserId, t.kind] })],
);

/** A visitor's "report this page", for staff to look at. */
export const fundraiserReports = pgTable(
  'fundraiser_reports',
  {
    ...tenantOwned(),
    fundraiserId: requiredRef('fundraiser_id', () => fundraisers.id),
    reason: text('reason').notNull(),
    /** Who reported: `c:{customer id}` or `a:{hash of the address}`; one report counts once per person. */
    reporterKey: text('reporter_key'),
    resolved: flag('resolved', false),
    createdAt: createdAt(),
  },
  (t) => [
    index('fundraiser_reports_open_idx').on(t.tenantId, t.resolved, t.createdAt),
    uniqueIndex('fundraiser_reports_reporter_key').on(t.fundraiserId, t.reporterKey),
  ],
);
