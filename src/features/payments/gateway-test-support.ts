// The setup the invoice-and-payment suites share: a fresh database with klinik and peduli, a
// gateway stand-in behind the provider port, and the payer's and the gateway's moves against it.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '#db/client.server.ts';
import { createTestDatabase, type TestDatabase } from '#db/test-databases.ts';
import { type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { events } from '#server/events/index.ts';
import { createPayment, handleWebhook, type PaymentProvider, WebhookVerificationError } from './index.server.ts';
import { aConsultationInvoice, type PayerChoice, payerChoice } from './test-support.ts';

type Outcome = 'pending' | 'declined' | 'paid' | 'failed';

/** A gateway stand-in for the port: HMAC-signed JSON webhooks, a status table it controls. */
function fakeGateway(): PaymentProvider & {
  outcomes: Map<string, Outcome>;
  sign(body: string): string;
} {
  const secret = 'test-secret';
  const outcomes = new Map<string, Outcome>();
  const sign = (body: string) => createHmac('sha256', secret).update(body).digest('hex');
  return {
    name: 'sandbox',
    outcomes,
    sign,
    async createPayment(request) {
      outcomes.set(request.paymentId, 'pending');
      return { kind: 'redirect', url: `https://gateway.example/${request.paymentId}`, providerRef: request.paymentId };
    },
    async fetchStatus(payment) {
      return { status: outcomes.get(payment.id) ?? 'pending' };
    },
    async refund() {
      throw new Error('not used');
    },
    async parseWebhook({ headers, rawBody }) {
      if (headers.get('x-signature') !== sign(rawBody)) throw new WebhookVerificationError('bad signature');
      const body = JSON.parse(rawBody) as { id: string; paymentId: string; outcome: 'paid' | 'failed' | 'declined' };
      return {
        provider: 'sandbox',
        eventId: body.id,
        type: `charge.${body.outcome}`,
        paymentId: body.paymentId,
        providerRef: body.paymentId,
        outcome: body.outcome,
        payload: body,
      };
    },
  };
}

/**
 * Registers the suite's hooks (call it inside `describe.each(testDatabaseKinds)`) and answers its
 * world: the database and tenants once `beforeAll` has run, the gateway, the invoices paid
 * (`invoice.paid` events, by public id) and the moves of payer and gateway.
 */
export function gatewaySuite(kind: 'pglite' | 'postgres') {
  let database: TestDatabase;
  let klinik: Tenant;
  let peduli: Tenant;
  let ip = 0;
  const gateway = fakeGateway();
  const providers = { forMethod: () => gateway, byName: () => gateway };
  const paidEvents: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aTenant(database.db, 'klinik');
    peduli = await aTenant(database.db, 'peduli');
    events.on('invoice.paid', 'test-recorder', async (_tx, event) => {
      paidEvents.push(event.invoice.publicId);
    });
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const suite = {
    get db(): Db {
      return database.db;
    },
    get klinik() {
      return klinik;
    },
    get peduli() {
      return peduli;
    },
    gateway,
    providers,
    paidEvents,
    newInvoice: (tenant: Tenant = klinik, amount = 10_000, dueAt: Date | null = null) =>
      aConsultationInvoice(database.db, tenant, { amount, dueAt }),
    /** The invoice's status as klinik's pages read it now. */
    statusOf: async (invoice: InvoiceView) => (await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status,
    /** A payer at klinik, at `address`, asks to pay by card (the payment panel's post). */
    pay: (invoice: InvoiceView, address: string, patch: Partial<PayerChoice> = {}) =>
      createPayment(database.db, providers, payerChoice(klinik, invoice, address, patch)),
    /** A payer at klinik starts paying by card (each from an address of their own); answers the payment's id. */
    async startPayment(invoice: InvoiceView, coverFees = false) {
      const result = await suite.pay(invoice, `10.9.0.${++ip}`, { coverFees });
      if (!result.ok) throw new Error(result.reason);
      return result.paymentId;
    },
    /** The gateway's signed webhook about the payment (`signature` forges one). */
    webhook(eventId: string, paymentId: string, outcome: 'paid' | 'failed' | 'declined' = 'paid', signature?: string) {
      const rawBody = JSON.stringify({ id: eventId, paymentId, outcome });
      return handleWebhook(database.db, gateway, {
        headers: new Headers({ 'x-signature': signature ?? gateway.sign(rawBody) }),
        rawBody,
      });
    },
  };
  return suite;
}
