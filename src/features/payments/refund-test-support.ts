// The setup the refund suites share: klinik on two app instances, the sandbox gateway and the
// counter behind the provider port, the refunds announced, and payments to refund.
import { beforeAll, expect } from 'vitest';
import type { InvoiceView } from '#features/invoices/index.server.ts';
import { events } from '#server/events/index.ts';
import { klinikOnTwoInstances } from './instances-test-support.ts';
import { insertPayment } from './payment-repo.server';
import type { PaymentProvider, ProviderName, VerifiedEvent } from './provider';
import { createCounterProvider } from './providers/counter.server';
import { createSandboxProvider } from './providers/sandbox.server';
import { finishSandboxCharge, insertSandboxCharge } from './providers/sandbox-repo.server';
import { refundsOfPayment } from './refund-repo.server';
import { refundPayment } from './refunds.server';
import { settlePayment } from './settle-payment.server';

/** A gateway whose only webhook is one event about a refund of `paymentId` (its signature is not checked). */
export function refundWebhookFrom(paymentId: string, eventId: string, type: string, refund: VerifiedEvent['refund']) {
  return {
    name: 'sandbox',
    parseWebhook: async () => ({
      provider: 'sandbox',
      eventId,
      type,
      paymentId,
      providerRef: null,
      outcome: 'ignored',
      refund,
      payload: {},
    }),
  } as unknown as PaymentProvider;
}

/** A gateway that takes every refund but confirms it later, under `providerRef`. */
export const refundsConfirmedLater = (providerRef: string) => ({
  byName: () => ({ refund: async () => ({ status: 'pending' as const, providerRef }) }),
});

type RefundInput = Parameters<typeof refundPayment>[2];

/** Registers the suite's hooks (inside `describe.each(testDatabaseKinds)`) and answers its world. */
export function refundSuite(kind: 'pglite' | 'postgres') {
  const suite = klinikOnTwoInstances(kind);
  const refunded: string[] = [];
  let sandbox: ReturnType<typeof createSandboxProvider>;
  const counter = createCounterProvider();
  const providers = {
    byName: (name: ProviderName) => (name === 'counter' ? counter : sandbox),
  };

  beforeAll(() => {
    sandbox = createSandboxProvider({ db: suite.db, secret: 'refund-test-secret', webhookUrl: 'http://127.0.0.1:9/' });
    events.on('payment.refunded', 'refunds-test-recorder', async (_tx, event) => {
      refunded.push(event.refund.id);
    });
  });

  /** A pending payment of the invoice's total (sandbox by card unless told), settled by no one yet. */
  const pendingPayment = (
    invoice: InvoiceView,
    options: { provider?: 'sandbox' | 'counter'; method?: 'card' | 'fpx' | 'counter'; amount?: number } = {},
  ) =>
    insertPayment(suite.db, {
      tenantId: suite.klinik.id,
      invoiceId: invoice.id,
      provider: options.provider ?? 'sandbox',
      method: options.method ?? 'card',
      amount: options.amount ?? invoice.total,
      fee: 0,
    });

  /** A payment the sandbox gateway charged and we settled as paid. */
  async function paidSandboxPayment(invoice: InvoiceView, amount = invoice.total) {
    const { db, klinik } = suite;
    const payment = await pendingPayment(invoice, { amount });
    await insertSandboxCharge(db, {
      id: payment.id,
      tenantId: klinik.id,
      amount,
      currency: invoice.currency.code,
      method: 'card',
      description: 'Consultation',
      returnUrl: 'http://klinik.localhost/verify',
    });
    await finishSandboxCharge(db, { tenantId: klinik.id, id: payment.id, status: 'succeeded', now: new Date() });
    const settled = await settlePayment(db, {
      tenantId: klinik.id,
      paymentId: payment.id,
      status: 'paid',
      via: 'verify',
    });
    expect(settled.payment?.status).toBe('paid');
    return payment;
  }

  return Object.assign(suite, {
    /** The ids of the refunds `payment.refunded` announced, in order. */
    refunded,
    providers,
    pendingPayment,
    paidSandboxPayment,
    /** Staff (or a use case) ask klinik's refund of a payment, through the suite's providers. */
    refund: (input: Omit<RefundInput, 'tenantId'>) =>
      refundPayment(suite.db, providers, { tenantId: suite.klinik.id, ...input }),
    /** `count` refunds asked by klinik's staff member at once, across the instances. */
    refundRace: (count: number, input: Omit<RefundInput, 'tenantId' | 'staffId'>) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          refundPayment(suite.via(i), providers, { tenantId: suite.klinik.id, staffId: suite.staffId, ...input }),
        ),
      ),
    refundRows: (paymentId: string) => refundsOfPayment(suite.db, suite.klinik.id, paymentId),
  });
}
