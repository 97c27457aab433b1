export { DomainVerificationsQuery } from './domain-verification.schema';
export {
  CURRENCIES,
  checkNewTenant,
  hostNameProblem,
  type InputProblem,
  isTimeZone,
  type NewTenant,
  type NewTenantInput,
  normalizeNewHost,
  originFor,
  slugFromName,
  slugProblem,
  TENANT_KINDS,
} from './onboarding-rules';
export type { SetupChecklist, SetupCounts, SetupItem } from './setup-checklist';
export { setupChecklist } from './setup-checklist';
export type { DomainVerification, Tenant, Theme } from './tenant';
export { DEFAULT_THEME, FACEBOOK_PLATFORM, normalizeHostname, socialImagePath, THEMES, toTheme } from './tenant';
export type { TenantChangedEvent } from './tenant-events';
