// The events fundraisers emit on the app's bus (src/server/events).

/** A paid gift was added to a fundraiser, inside the settling transaction (messages hang off it). */
export interface FundraiserGiftEvent {
  tenantId: string;
  fundraiserId: string;
  donationId: string;
}

/**
 * A fundraiser page was created, approved, hidden, closed or edited — or hidden because enough
 * people reported it (`reported`: staff are told): cached campaign pages refresh.
 */
export interface FundraiserChangedEvent {
  tenantId: string;
  fundraiserId: string;
  campaignId: string;
  change: 'created' | 'approved' | 'hidden' | 'closed' | 'updated' | 'verified' | 'reported';
}

declare module '../../server/events' {
  interface ServerEvents {
    'fundraiser.gift': FundraiserGiftEvent;
    'fundraiser.changed': FundraiserChangedEvent;
  }
}
