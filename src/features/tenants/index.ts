export { DomainVerificationsQuery } from './domain-verification.schema';
export { domainVerificationsFor, forgetCachedTenants, resolveTenant } from './resolve-tenant.server';
export type { DomainVerification, Tenant, Theme } from './tenant';
export { DEFAULT_THEME, FACEBOOK_PLATFORM, normalizeHostname, socialImagePath, THEMES, toTheme } from './tenant';
export { findTenantById } from './tenant-repo.server';
