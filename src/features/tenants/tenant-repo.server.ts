import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.server.ts';
import { ofTenant } from '#db/rows.server.ts';
import { domainVerifications, tenantHosts, tenantSettings, tenants } from '#db/schema/index.ts';
import { type Tenant, toTheme } from './tenant';

/** The tenant served on `hostname` (already normalised), with its settings; null when none. */
export async function findTenantByHostname(db: Db, hostname: string): Promise<Tenant | null> {
  const [host] = await db
    .select({ tenantId: tenantHosts.tenantId })
    .from(tenantHosts)
    .where(eq(tenantHosts.hostname, hostname));
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
