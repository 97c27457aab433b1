import { type PaymentProvider, WebhookVerificationError } from '../provider';

/** Pay at the counter: nothing online; the invoice stays open until staff settle it (DESIGN.md §5). */
export function createCounterProvider(): PaymentProvider {
  return {
    name: 'counter',
    async createPayment() {
      return { kind: 'offline' };
    },
    async fetchStatus() {
      // Only staff know whether the payer came to the counter.
      return { status: 'pending' };
    },
    async parseWebhook() {
      throw new WebhookVerificationError('counter payments have no webhooks');
    },
    async refund() {
      // Cash goes back by hand: the refund stays due until staff record that they gave it.
      return { status: 'due', providerRef: null };
    },
  };
}
