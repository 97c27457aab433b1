import type { EventBus } from '../../server/events';
import { addOnPaid, takeOutOnRefund } from './fundraiser-totals.server';

/** Fundraisers' effects on the app's bus, registered by the composition root (src/app.server.ts). */
export function registerFundraiserEffects(bus: EventBus): void {
  bus.on('donation.paid', 'fundraisers.add-gift', addOnPaid);
  bus.on('donation.refunded', 'fundraisers.take-out', takeOutOnRefund);
}
