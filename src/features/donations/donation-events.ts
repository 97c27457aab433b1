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
  /** Issue 13: what fundraisers count (set by markDonationsPaid). */
  campaignId?: string;
  amountMinor?: number;
  /** 1 for a new donor, 0 for a plan's later instalment. */
  donors?: number;
  fundraiserId?: string | null;
  fundraiserTeamId?: string | null;
}

/** Issue 13: a paid gift went back (refunded) inside the transaction that took it out. */
export interface DonationRefundedEvent {
  tenantId: string;
  donationId: string;
  campaignId: string;
  amountMinor: number;
  donors: number;
  fundraiserId: string | null;
  fundraiserTeamId: string | null;
}

declare module '../../server/events' {
  interface ServerEvents {
    'campaign.changed': CampaignChangedEvent;
    'donation.paid': DonationPaidEvent;
    'donation.refunded': DonationRefundedEvent;
  }
}
