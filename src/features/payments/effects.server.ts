import type { EventBus } from '#server/events/index.ts';
import { sendReceipt } from './receipt.server';

/** Payments' own effects, registered by the composition root (src/app.server.ts). */
export function registerPaymentEffects(bus: EventBus): void {
  bus.on('invoice.paid', 'payments.receipt', sendReceipt);
}
