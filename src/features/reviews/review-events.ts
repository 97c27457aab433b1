/**
 * Emitted in the transaction that changes what the tenant's pages show of reviews (the home-page
 * display switched on or off): the composition root drops the tenant's cached pages.
 */
export interface ReviewDisplayChangedEvent {
  tenantId: string;
}

declare module '../../server/events' {
  interface ServerEvents {
    'review-display.changed': ReviewDisplayChangedEvent;
  }
}
