// The events donations emit on the app's bus (src/server/events).

/** Staff created or changed a campaign (text, images, status): caches and open pages may refresh. */
export interface CampaignChangedEvent {
  tenantId: string;
  campaignId: string;
  publicId: string;
  change: 'created' | 'updated' | 'ended' | 'images';
  staffId: string | null;
}

/**
 * A donation became paid, once, inside the transaction that marked it (a settled invoice line or
 * an offline gift staff recorded): receipts and plan activation hang off it. `paymentId` is null
 * for an offline gift.
 */
export interface DonationPaidEvent {
  tenantId: string;
  donationId: string;
  planId?: string | null;
  paymentId: string | null;
}

declare module '../../server/events' {
  interface ServerEvents {
    'campaign.changed': CampaignChangedEvent;
    'donation.paid': DonationPaidEvent;
  }
}
