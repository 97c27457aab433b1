// The server door of features/tenants: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.
export * from './index.ts';
export {
  addTenantHost,
  type CreateTenantResult,
  createTenant,
  hostsOf,
  listTenants,
  removeTenantHost,
  setTenantDisabled,
  type TenantChange,
} from './onboarding.server';
export {
  domainVerificationsFor,
  forgetCachedTenant,
  forgetCachedTenants,
  resolveTenant,
} from './resolve-tenant.server';
export { setupStatusOf } from './setup-status.server';
export { findTenantById, type TenantListing } from './tenant-repo.server';
