export { DomainVerificationsQuery } from './domain-verification.schema';

export type { DomainVerification, Tenant, Theme } from './tenant';
export { DEFAULT_THEME, FACEBOOK_PLATFORM, normalizeHostname, socialImagePath, THEMES, toTheme } from './tenant';
export type { TenantChangedEvent } from './tenant-events';
