import { index, integer, jsonb, pgTable, primaryKey, serial, text, uuid } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '#i18n/locales.ts';
import { createdAt, flag, instant, minorUnits, uuidPrimaryKey, zeroOrMore } from './columns';

/** An organisation (clinic or donation organisation) served by this deployment. */
export const tenants = pgTable('tenants', {
  id: uuidPrimaryKey(),
  slug: text('slug').notNull().unique(),
  kind: text('kind', { enum: ['clinic', 'donation'] }).notNull(),
  name: text('name').notNull(),
  /** Short description in each language. */
  tagline: jsonb('tagline').$type<LocalizedText>().notNull(),
  registrationNo: text('registration_no').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  /** Path under /public of the logo and hero images (SVG shipped in the repo). */
  logoPath: text('logo_path').notNull().default(''),
  heroPath: text('hero_path').notNull().default(''),
  createdAt: createdAt(),
  /** Set by the operator (`npm run tenant -- disable`): its hosts then answer like unknown ones. */
  disabledAt: instant('disabled_at'),
});

// The columns that tie a row to its tenant, for every table of the schema (defined here, beside
// the table they point at, so no schema file imports in a circle).

/** The tenant a row belongs to; the row goes when the tenant does. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** The tenant as the key of a one-row-per-tenant table (settings, counters). */
export const tenantPrimaryKey = () =>
  uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** How most tables open: their own id and their tenant. */
export const tenantOwned = () => ({ id: uuidPrimaryKey(), tenantId: tenantId() });

/** Per-tenant settings the shell and every feature read. One row per tenant. */
export const tenantSettings = pgTable('tenant_settings', {
  tenantId: tenantPrimaryKey(),
  currencyCode: text('currency_code').notNull().default('MYR'),
  currencySymbol: text('currency_symbol').notNull().default('RM'),
  currencyMultiplier: integer('currency_multiplier').notNull().default(100),
  currencyExponent: integer('currency_exponent').notNull().default(2),
  theme: text('theme').notNull().default('black'),
  timeZone: text('time_zone').notNull().default('Asia/Kuala_Lumpur'),
  defaultLocale: text('default_locale').notNull().default('en'),
  facebookPixelId: text('facebook_pixel_id'),
  tiktokPixelId: text('tiktok_pixel_id'),
  /** Analytics site id; the script host comes from env (ANALYTICS_HOST). */
  analyticsSiteId: text('analytics_site_id'),
  offersAppointments: flag('offers_appointments', false),
  offersDonations: flag('offers_donations', false),
  offersLoyalty: flag('offers_loyalty', false),
  offersReviews: flag('offers_reviews', false),
  /** The waiting-room queue and TV board (issue 16). */
  offersQueue: flag('offers_queue', false),
  // Donations (issue 12; docs/decisions/0020-donations.md)
  /** The organisation's charity registration number printed on receipts (ROS / PPM / AHU). */
  registrationNumber: text('registration_number'),
  /** LHDN approval reference for tax-deductible gifts (s.44(6)); null when gifts are not deductible. */
  taxExemptRef: text('tax_exempt_ref'),
  issuesTaxReceipts: flag('issues_tax_receipts', false),
  /** Issue 23: the officer authorised to sign receipts (name and title), printed above the signature line. */
  receiptOfficerName: text('receipt_officer_name'),
  receiptOfficerTitle: text('receipt_officer_title'),
  /** Fee per method used to gross up "cover the fees" on a gift; missing method = no fee. */
  donationFeeRates: jsonb('donation_fee_rates').$type<DonationFeeRates>().notNull().default({}),
  /** Smallest and largest single gift the tenant accepts (minor units); a campaign may narrow them. */
  donationMinMinor: minorUnits('donation_min_minor').notNull().default(100),
  donationMaxMinor: minorUnits('donation_max_minor'),
});

export interface DonationFeeRate {
  /** Basis points of the gross (150 = 1.5%). */
  rateBps: number;
  fixedMinor: number;
}
export type DonationFeeRates = Partial<Record<'card' | 'fpx' | 'counter', DonationFeeRate>>;

/** Every hostname that serves a tenant; the primary one is its canonical production domain. */
/**
 * The sites (http(s) origins) allowed to frame a tenant's embeddable views: the booking embed now,
 * the donation form and campaign page next (docs/decisions/0015-embeds-platform.md). `position`
 * keeps the owner's order.
 */
export const tenantEmbedOrigins = pgTable(
  'tenant_embed_origins',
  {
    tenantId: tenantId(),
    origin: text('origin').notNull(),
    position: zeroOrMore('position'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.origin] })],
);

export const tenantHosts = pgTable(
  'tenant_hosts',
  {
    hostname: text('hostname').primaryKey(),
    tenantId: tenantId(),
    isPrimary: flag('is_primary', false),
  },
  (t) => [index('tenant_hosts_tenant_idx').on(t.tenantId)],
);

/** Domain verifications shown as <meta> tags; platform 1 is the social network's. */
export const domainVerifications = pgTable(
  'domain_verifications',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    platform: integer('platform').notNull(),
    code: text('code').notNull(),
  },
  (t) => [index('domain_verifications_tenant_idx').on(t.tenantId)],
);

/** Malaysian postcodes: reference data shared by all tenants (not tenant data). */
export const postcodes = pgTable(
  'postcodes',
  {
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postcode, t.city] })],
);
