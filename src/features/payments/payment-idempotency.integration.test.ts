import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { payments, sandboxCharges } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import type { InvoiceView } from '#features/invoices/index.ts';
import { createPayment } from './index.server.ts';
import { klinikOnTwoInstances } from './instances-test-support.ts';
import { createSandboxProvider } from './providers/sandbox.server';
import { aConsultationInvoice, type PayerChoice, payerChoice } from './test-support.ts';

composeApp();

// The payment panel's island sends one idempotency key per click of Pay and sends it again when
// the answer was lost (a connection reset in a rush): the same key is one payment and one charge
// at the gateway, however often and however close together it comes.
describe.each(testDatabaseKinds)('starting a payment with an idempotency key on %s', (kind) => {
  const t = klinikOnTwoInstances(kind, { others: ['yayasan'] });
  // The real sandbox gateway: its own table says how many charges it was asked to make.
  const providersOf = (db: typeof t.db) => {
    const sandbox = createSandboxProvider({ db, secret: 'idempotency-test-secret', webhookUrl: 'http://127.0.0.1:9/' });
    return { forMethod: () => sandbox };
  };
  const pay = (invoice: InvoiceView, i: number, patch: Partial<PayerChoice>) =>
    createPayment(t.via(i), providersOf(t.via(i)), payerChoice(t.klinik, invoice, `10.7.0.${i + 1}`, patch));
  const paymentsOf = (invoice: InvoiceView) => t.db.select().from(payments).where(eq(payments.invoiceId, invoice.id));
  const chargesOf = async (invoice: InvoiceView) => {
    const ids = (await paymentsOf(invoice)).map((p) => p.id);
    const charges = await t.db.select().from(sandboxCharges);
    return charges.filter((c) => ids.includes(c.id));
  };

  it('answers the same key twice with the same payment, made and charged once', async () => {
    const invoice = await t.newInvoice();
    const idempotencyKey = randomUUID();
    const first = await pay(invoice, 0, { idempotencyKey });
    const again = await pay(invoice, 1, { idempotencyKey });
    expect(first.ok && again.ok).toBe(true);
    expect(again).toEqual(first);
    expect(await paymentsOf(invoice)).toHaveLength(1);
    expect(await chargesOf(invoice)).toHaveLength(1);
  });

  it('makes one payment when the same key arrives several times at once (the retry overtakes the first)', async () => {
    const invoice = await t.newInvoice();
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => pay(invoice, i, { idempotencyKey })));
    const ids = new Set(answers.map((answer) => (answer.ok ? answer.paymentId : answer.reason)));
    expect(ids.size).toBe(1);
    const made = await paymentsOf(invoice);
    expect(made).toHaveLength(1);
    expect(ids.has(made[0]?.id ?? '')).toBe(true);
    expect(await chargesOf(invoice)).toHaveLength(1);
  });

  it('a repeat is no new attempt: it never uses up the invoice’s attempts', async () => {
    const invoice = await t.newInvoice();
    const idempotencyKey = randomUUID();
    // Ten repeats of one key, then a new click (a new key) still starts a payment.
    for (let i = 0; i < 12; i += 1) expect((await pay(invoice, i, { idempotencyKey })).ok).toBe(true);
    expect((await pay(invoice, 0, { idempotencyKey: randomUUID() })).ok).toBe(true);
    expect(await paymentsOf(invoice)).toHaveLength(2);
  });

  it('another key is another attempt: a new payment', async () => {
    const invoice = await t.newInvoice();
    await pay(invoice, 0, { idempotencyKey: randomUUID() });
    await pay(invoice, 0, { idempotencyKey: randomUUID() });
    expect(await paymentsOf(invoice)).toHaveLength(2);
  });

  it('refuses a key sent again with another invoice, and never answers its payment', async () => {
    const invoice = await t.newInvoice();
    const other = await t.newInvoice();
    const idempotencyKey = randomUUID();
    const first = await pay(invoice, 0, { idempotencyKey });
    expect(first.ok).toBe(true);
    expect(await pay(other, 0, { idempotencyKey })).toEqual({ ok: false, reason: 'key_reused' });
    expect(await paymentsOf(other)).toHaveLength(0);
  });

  it('keeps keys per organisation: the same key at another one is its own payment', async () => {
    const yayasan = t.tenant('yayasan');
    const invoice = await t.newInvoice();
    const theirs = await aConsultationInvoice(t.db, yayasan);
    const idempotencyKey = randomUUID();
    const ours = await pay(invoice, 0, { idempotencyKey });
    const elsewhere = await createPayment(
      t.db,
      providersOf(t.db),
      payerChoice(yayasan, theirs, '10.7.1.1', { idempotencyKey }),
    );
    expect(ours.ok && elsewhere.ok).toBe(true);
    expect(ours.ok && elsewhere.ok && ours.paymentId !== elsewhere.paymentId).toBe(true);
    expect(await paymentsOf(theirs)).toHaveLength(1);
  });
});
