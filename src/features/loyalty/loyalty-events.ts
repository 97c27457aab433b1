/** Emitted when staff change what the public loyalty pages show (a programme or a reward). */
export interface LoyaltyChangedEvent {
  tenantId: string;
}

declare module '../../server/events' {
  interface ServerEvents {
    'loyalty.changed': LoyaltyChangedEvent;
  }
}
