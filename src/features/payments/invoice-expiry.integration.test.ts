import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import { gatewaySuite } from './gateway-test-support.ts';
import { expireInvoices } from './index.server.ts';
import { receiptsOf } from './test-support.ts';

composeApp();

// Invoices past their due time: expired by the sweep, unless a payment is still in flight or paid.
describe.each(testDatabaseKinds)('invoice expiry on %s', (kind) => {
  const t = gatewaySuite(kind);

  it('expires an open invoice past its due time, and no one can start paying it', async () => {
    const due = new Date(Date.now() - 60_000);
    const overdue = await t.newInvoice(t.klinik, 10_000, due);
    const later = await t.newInvoice(t.klinik, 10_000, new Date(Date.now() + 3_600_000));
    const undated = await t.newInvoice(t.klinik, 10_000, null);
    // Even before the sweep, the due time has passed: paying is refused.
    await expect(t.startPayment(overdue)).rejects.toThrow('not_payable');
    expect(await expireInvoices(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.statusOf(overdue)).toBe('expired');
    expect(await t.statusOf(later)).toBe('open');
    expect(await t.statusOf(undated)).toBe('open');
    await expect(
      t.startPayment((await invoiceByPublicId(t.db, t.klinik, overdue.publicId)) as InvoiceView),
    ).rejects.toThrow('not_payable');
    // A second sweep changes nothing.
    const again = await expireInvoices(t.db);
    expect(await t.statusOf(overdue)).toBe('expired');
    expect(again).toBe(0);
  });

  it('waits for a payment in flight, then settles a late payment paid (money is never lost)', async () => {
    const invoice = await t.newInvoice(t.klinik, 10_000, new Date(Date.now() + 60_000));
    const paymentId = await t.startPayment(invoice);
    const afterDue = new Date(Date.now() + 5 * 60_000);
    await expireInvoices(t.db, afterDue);
    expect(await t.statusOf(invoice)).toBe('open'); // the payer is still at the gateway
    // An hour later the pending payment counts as abandoned: the invoice expires.
    await expireInvoices(t.db, new Date(Date.now() + 2 * 3_600_000));
    expect(await t.statusOf(invoice)).toBe('expired');
    // …and then the gateway's success arrives after all.
    expect(await t.webhook(`evt-late-pay-${paymentId}`, paymentId)).toEqual({ status: 200, outcome: 'settled' });
    expect(await t.statusOf(invoice)).toBe('paid');
    expect(t.paidEvents.filter((p) => p === invoice.publicId)).toHaveLength(1);
    expect(await receiptsOf(t.db, invoice)).toBe(1);
    await expireInvoices(t.db, new Date(Date.now() + 3 * 3_600_000));
    expect(await t.statusOf(invoice)).toBe('paid');
  });

  it('expires an invoice whose last attempt failed, and never a paid one', async () => {
    const failed = await t.newInvoice(t.klinik, 10_000, new Date(Date.now() + 60_000));
    const first = await t.startPayment(failed);
    await t.webhook(`evt-exp-fail-${first}`, first, 'failed');
    const paid = await t.newInvoice(t.klinik, 10_000, new Date(Date.now() + 60_000));
    const second = await t.startPayment(paid);
    await t.webhook(`evt-exp-paid-${second}`, second, 'paid');
    await expireInvoices(t.db, new Date(Date.now() + 10 * 60_000));
    expect(await t.statusOf(failed)).toBe('expired');
    expect(await t.statusOf(paid)).toBe('paid');
  });
});
