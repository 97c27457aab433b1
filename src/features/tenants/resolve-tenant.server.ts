import type { Db } from '#db/client.server.ts';
import type { Tenant } from './tenant';
import { isLocalDevelopmentHost, normalizeHostname } from './tenant';
import { findDefaultTenant, findTenantByHostname } from './tenant-repo.server';

const TTL_MS = 10_000;
const cache = new Map<string, { tenant: Tenant | null; until: number }>();

/**
 * The tenant for a Host header. Cached for a few seconds per process: every request needs it,
 * and settings changes may take that long to show.
 */
export async function resolveTenant(db: Db, host: string | null, now = Date.now()): Promise<Tenant | null> {
  const hostname = normalizeHostname(host);
  if (!hostname) return null;
  const hit = cache.get(hostname);
  if (hit && hit.until > now) return hit.tenant;
  const tenant = await findTenantByHostname(db, hostname);
  if (cache.size > 1000) cache.clear();
  cache.set(hostname, { tenant, until: now + TTL_MS });
  return tenant;
}

export function forgetCachedTenants(): void {
  cache.clear();
}

/**
 * Forgets a changed tenant's hosts (disabled, a host added or removed), and the hosts known to
 * serve nobody (one may now serve it): called when `tenant.changed` reaches this instance.
 */
export function forgetCachedTenant(tenantId: string): void {
  for (const [hostname, hit] of cache) {
    if (hit.tenant === null || hit.tenant.id === tenantId) cache.delete(hostname);
  }
}

/**
 * SPEC.md §7 `GET /domain_verifications?domain=HOST`: the verifications of the tenant owning
 * that host; a local development host stands for the default tenant's production domain.
 */
export async function domainVerificationsFor(db: Db, domain: string) {
  const tenant = isLocalDevelopmentHost(domain)
    ? await findDefaultTenant(db)
    : await findTenantByHostname(db, normalizeHostname(domain));
  return tenant?.verifications ?? [];
}
