import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import {
  campaigns,
  domainVerifications,
  resourceHours,
  resources,
  services,
  staff,
  tenantHosts,
  tenantPaymentMethods,
  tenantSettings,
  tenants,
} from '#db/schema/index.ts';
import type { LocalizedText } from '#i18n/locales.ts';
import type { NewTenant } from './onboarding-rules';
import type { SetupCounts } from './setup-checklist';
import { type Tenant, toTheme } from './tenant';

/**
 * The tenant served on `hostname` (already normalised), with its settings; null when none, or
 * when the operator disabled it (its hosts then answer like unknown ones).
 */
export async function findTenantByHostname(db: Db, hostname: string): Promise<Tenant | null> {
  const [host] = await db
    .select({ tenantId: tenantHosts.tenantId })
    .from(tenantHosts)
    .innerJoin(tenants, eq(tenants.id, tenantHosts.tenantId))
    .where(and(eq(tenantHosts.hostname, hostname), isNull(tenants.disabledAt)));
  return host ? findTenantById(db, host.tenantId) : null;
}

export async function findTenantById(db: Db, tenantId: string): Promise<Tenant | null> {
  const [row] = await db
    .select()
    .from(tenants)
    .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  if (!row) return null;
  const [hosts, verifications] = await Promise.all([
    db
      .select({ hostname: tenantHosts.hostname, isPrimary: tenantHosts.isPrimary })
      .from(tenantHosts)
      .where(ofTenant(tenantHosts, tenantId))
      .orderBy(asc(tenantHosts.hostname)),
    db
      .select({ platform: domainVerifications.platform, code: domainVerifications.code })
      .from(domainVerifications)
      .where(ofTenant(domainVerifications, tenantId))
      .orderBy(asc(domainVerifications.id)),
  ]);
  const t = row.tenants;
  const s = row.tenant_settings;
  return {
    id: t.id,
    slug: t.slug,
    kind: t.kind,
    name: t.name,
    tagline: t.tagline,
    registrationNo: t.registrationNo,
    address: t.address,
    phone: t.phone,
    email: t.email,
    logoPath: t.logoPath,
    heroPath: t.heroPath,
    primaryHost: (hosts.find((h) => h.isPrimary) ?? hosts[0])?.hostname ?? '',
    currency: {
      code: s.currencyCode,
      symbol: s.currencySymbol,
      multiplier: s.currencyMultiplier,
      exponent: s.currencyExponent,
    },
    theme: toTheme(s.theme),
    timeZone: s.timeZone,
    defaultLocale: s.defaultLocale,
    pixels: { facebook: s.facebookPixelId, tiktok: s.tiktokPixelId },
    analyticsSiteId: s.analyticsSiteId,
    offers: {
      appointments: s.offersAppointments,
      donations: s.offersDonations,
      loyalty: s.offersLoyalty,
      reviews: s.offersReviews,
      queue: s.offersQueue,
    },
    verifications,
  };
}

/** The tenant that `localhost` maps to: the default demo tenant. */
export async function findDefaultTenant(db: Db): Promise<Tenant | null> {
  return findTenantByHostname(db, 'localhost');
}

// The operator's side (`npm run tenant`): create, list, hosts, disable.

/** A tenant as the operator names it: by its slug or one of its host names. */
export interface TenantRef {
  id: string;
  slug: string;
  name: string;
  disabledAt: Date | null;
}

export async function findTenantRef(db: Db, slugOrHost: string): Promise<TenantRef | null> {
  const [row] = await db
    .selectDistinct({ id: tenants.id, slug: tenants.slug, name: tenants.name, disabledAt: tenants.disabledAt })
    .from(tenants)
    .leftJoin(tenantHosts, eq(tenantHosts.tenantId, tenants.id))
    .where(or(eq(tenants.slug, slugOrHost), eq(tenantHosts.hostname, slugOrHost)));
  return row ?? null;
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug));
  return Boolean(row);
}

/** Which of these host names already serve a tenant (disabled ones included). */
export async function takenHosts(db: Db, hostnames: string[]): Promise<string[]> {
  if (hostnames.length === 0) return [];
  const rows = await db
    .select({ hostname: tenantHosts.hostname })
    .from(tenantHosts)
    .where(inArray(tenantHosts.hostname, hostnames));
  return rows.map((r) => r.hostname);
}

/**
 * The tenant row, its settings (the kind's main offer on, everything else at the schema's
 * defaults: black theme, no pixels) and its hosts, the first the primary one. Returns its id.
 */
export async function insertTenant(db: Db, tenant: NewTenant, counterInstructions: LocalizedText): Promise<string> {
  const [row] = await db
    .insert(tenants)
    .values({ slug: tenant.slug, kind: tenant.kind, name: tenant.name, tagline: { en: '', ms: '', id: '' } })
    .returning({ id: tenants.id });
  if (!row) throw new Error('tenant not inserted');
  await db.insert(tenantSettings).values({
    tenantId: row.id,
    currencyCode: tenant.currency.code,
    currencySymbol: tenant.currency.symbol,
    currencyMultiplier: tenant.currency.multiplier,
    currencyExponent: tenant.currency.exponent,
    theme: 'black',
    timeZone: tenant.timeZone,
    defaultLocale: tenant.language,
    offersAppointments: tenant.kind === 'clinic',
    offersDonations: tenant.kind === 'donation',
  });
  await db
    .insert(tenantHosts)
    .values(tenant.hosts.map((hostname, i) => ({ hostname, tenantId: row.id, isPrimary: i === 0 })));
  await db
    .insert(tenantPaymentMethods)
    .values({ tenantId: row.id, method: 'counter', instructions: counterInstructions });
  return row.id;
}

export async function insertTenantHost(db: Db, tenantId: string, hostname: string): Promise<void> {
  await db.insert(tenantHosts).values({ tenantId, hostname, isPrimary: false });
}

/** Removes a host; when it was the primary one, the first remaining (by name) becomes primary. */
export async function deleteTenantHost(db: Db, tenantId: string, hostname: string): Promise<void> {
  const [gone] = await db
    .delete(tenantHosts)
    .where(ofTenant(tenantHosts, tenantId, eq(tenantHosts.hostname, hostname)))
    .returning({ isPrimary: tenantHosts.isPrimary });
  if (!gone?.isPrimary) return;
  const [next] = await db
    .select({ hostname: tenantHosts.hostname })
    .from(tenantHosts)
    .where(ofTenant(tenantHosts, tenantId))
    .orderBy(asc(tenantHosts.hostname))
    .limit(1);
  if (next) {
    await db
      .update(tenantHosts)
      .set({ isPrimary: true })
      .where(ofTenant(tenantHosts, tenantId, eq(tenantHosts.hostname, next.hostname)));
  }
}

export async function hostsOf(db: Db, tenantId: string): Promise<{ hostname: string; isPrimary: boolean }[]> {
  return db
    .select({ hostname: tenantHosts.hostname, isPrimary: tenantHosts.isPrimary })
    .from(tenantHosts)
    .where(ofTenant(tenantHosts, tenantId))
    .orderBy(sql`${tenantHosts.isPrimary} desc`, asc(tenantHosts.hostname));
}

export async function setTenantDisabledAt(db: Db, tenantId: string, disabledAt: Date | null): Promise<void> {
  await db.update(tenants).set({ disabledAt }).where(eq(tenants.id, tenantId));
}

export interface TenantListing {
  id: string;
  slug: string;
  name: string;
  kind: 'clinic' | 'donation';
  currency: string;
  language: string;
  disabledAt: Date | null;
  createdAt: Date;
  hosts: string[];
}

/** Every tenant, oldest first, with its hosts (primary first). */
export async function listTenantRows(db: Db): Promise<TenantListing[]> {
  const rows = await db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      name: tenants.name,
      kind: tenants.kind,
      currency: tenantSettings.currencyCode,
      language: tenantSettings.defaultLocale,
      disabledAt: tenants.disabledAt,
      createdAt: tenants.createdAt,
      hosts: sql<string[]>`coalesce((select array_agg(h.hostname order by h.is_primary desc, h.hostname)
        from tenant_hosts h where h.tenant_id = ${tenants.id}), '{}')`,
    })
    .from(tenants)
    .innerJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
    .orderBy(asc(tenants.createdAt), asc(tenants.slug));
  return rows;
}

/** What a tenant has set up so far (its staff's checklist, the home page's "coming soon"). */
export async function setupCountsOf(db: Db, tenantId: string): Promise<SetupCounts> {
  const count = (query: ReturnType<typeof sql>) => sql<number>`(${query})::int`;
  const [row] = await db
    .select({
      services: count(
        sql`select count(*) from ${services} where ${services.tenantId} = ${tenantId} and ${services.active}`,
      ),
      practitioners: count(
        sql`select count(*) from ${resources} where ${resources.tenantId} = ${tenantId} and ${resources.active}`,
      ),
      practitionersWithHours: count(
        sql`select count(distinct ${resourceHours.resourceId}) from ${resourceHours} where ${resourceHours.tenantId} = ${tenantId}`,
      ),
      liveCampaigns: count(
        sql`select count(*) from ${campaigns} where ${campaigns.tenantId} = ${tenantId} and ${campaigns.status} = 'live'`,
      ),
      staff: count(
        sql`select count(*) from ${staff} where ${staff.tenantId} = ${tenantId} and ${staff.disabledAt} is null`,
      ),
      paymentMethods: sql<
        string[]
      >`coalesce((select array_agg(${tenantPaymentMethods.method} order by ${tenantPaymentMethods.method})
        from ${tenantPaymentMethods} where ${tenantPaymentMethods.tenantId} = ${tenantId} and ${tenantPaymentMethods.enabled}), '{}')`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('no setup counts');
  return { ...row, paymentMethods: row.paymentMethods as SetupCounts['paymentMethods'] };
}
