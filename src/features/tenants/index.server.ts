// The server door of features/tenants: its use cases (database, messages, jobs). Pages, the
// composition root and other features' server code import this; browser code imports ./index.ts.
export * from './index.ts';
export { domainVerificationsFor, forgetCachedTenants, resolveTenant } from './resolve-tenant.server';
export { findTenantById } from './tenant-repo.server';
