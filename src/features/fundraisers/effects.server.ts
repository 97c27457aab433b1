import type { EventBus } from '#server/events/index.ts';
import type { TemplateRegistry } from '#server/outbox/index.ts';
import { tellOfApproval, tellOfGift, tellStaffOfReportedPage } from './fundraiser-messages.server';
import { addOnPaid, takeOutOnRefund } from './fundraiser-totals.server';
import { registerFundraiserTemplates as registerTemplates } from './messages';

/** Fundraisers' effects on the app's bus, registered by the composition root (src/app.server.ts). */
export function registerFundraiserEffects(bus: EventBus): void {
  bus.on('donation.paid', 'fundraisers.add-gift', addOnPaid);
  bus.on('donation.refunded', 'fundraisers.take-out', takeOutOnRefund);
  bus.on('fundraiser.gift', 'fundraisers.tell-of-gift', tellOfGift);
  bus.on('fundraiser.changed', 'fundraisers.tell-of-approval', tellOfApproval);
  bus.on('fundraiser.changed', 'fundraisers.tell-staff-of-reports', tellStaffOfReportedPage);
}

/** Fundraisers' outbox templates, registered by the composition root. */
export function registerFundraiserTemplates(registry: TemplateRegistry): void {
  registerTemplates(registry);
}
