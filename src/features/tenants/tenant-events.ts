/**
 * Emitted in the transaction that changes what every page of a tenant shows: its name, theme,
 * offers, languages, contact details, tracking or hosts. Nothing edits these in the app yet (the
 * seed and the operator do); whatever does emits this.
 */
export interface TenantChangedEvent {
  tenantId: string;
}

declare module '../../server/events' {
  interface ServerEvents {
    'tenant.changed': TenantChangedEvent;
  }
}
