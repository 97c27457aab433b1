import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { payments } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { type InvoiceView, invoiceByPublicId, MAX_MINOR_AMOUNT } from '#features/invoices/index.server.ts';
import { hitRateLimit } from '#server/rate-limit.server.ts';
import { gatewaySuite } from './gateway-test-support.ts';
import {
  ATTEMPTS_FREE_OF_TENANT_LIMIT,
  createPayment,
  findPayment,
  PAYMENT_LIMITS,
  verifyReturn,
} from './index.server.ts';
import { payerChoice } from './test-support.ts';

composeApp();

// Invoices and starting to pay them: numbering, tenants, amounts, ids, and who may start paying how often.
describe.each(testDatabaseKinds)('invoices and starting payments on %s', (kind) => {
  const t = gatewaySuite(kind);

  it('numbers invoices per tenant without gaps or duplicates under 50 concurrent creations', async () => {
    const created = await Promise.all(Array.from({ length: 50 }, () => t.newInvoice(t.peduli, 50_000)));
    const numbers = created.map((i) => i.number).sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
  });

  it("keeps another tenant's invoice out of reach", async () => {
    const invoice = await t.newInvoice(t.klinik);
    expect(await invoiceByPublicId(t.db, t.peduli, invoice.publicId)).toBeNull();
    expect((await invoiceByPublicId(t.db, t.klinik, invoice.publicId))?.total).toBe(10_000);
  });

  it('refuses to start paying a paid invoice', async () => {
    const invoice = await t.newInvoice();
    await t.startPayment(invoice).then((id) => t.webhook(`evt-p-${id}`, id));
    const paid = (await invoiceByPublicId(t.db, t.klinik, invoice.publicId)) as InvoiceView;
    const result = await t.pay(paid, '10.9.9.9');
    expect(result).toEqual({ ok: false, reason: 'not_payable' });
  });

  it('refuses a method the tenant does not offer', async () => {
    const invoice = await t.newInvoice(t.peduli, 100_000);
    const result = await createPayment(
      t.db,
      t.providers,
      payerChoice(t.peduli, invoice, '10.9.9.8', { method: 'fpx', locale: 'id' }),
    );
    expect(result).toEqual({ ok: false, reason: 'method_unavailable' });
  });

  it('rate-limits payment creation per invoice', async () => {
    const invoice = await t.newInvoice();
    const results = [];
    for (let i = 0; i < 11; i += 1) {
      results.push(await t.pay(invoice, `10.8.${i}.1`));
    }
    expect(results.slice(0, 10).every((r) => r.ok)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, reason: 'rate_limited' });
  });

  it('keeps a real payer paying while 15 addresses flood the tenant, at once', async () => {
    // A minute of its own, far from the other tests' clock.
    const now = new Date('2031-05-05T10:00:00Z');
    const attempt = (invoice: InvoiceView, address: string) => t.pay(invoice, address, { now });
    // 15 addresses, 20 attempts each (their own limit), over 30 invoices of theirs, all at once.
    const theirs = await Promise.all(Array.from({ length: 30 }, () => t.newInvoice()));
    const flood = await Promise.all(
      Array.from({ length: 300 }, (_, n) => attempt(theirs[n % 30] as InvoiceView, `10.77.0.${n % 15}`)),
    );
    // Never more than each limit allows, even at once: 10 per invoice.
    expect(flood.filter((r) => r.ok)).toHaveLength(300);
    const more = await Promise.all(Array.from({ length: 5 }, () => attempt(theirs[0] as InvoiceView, '10.77.1.1')));
    expect(more.every((r) => !r.ok && r.reason === 'rate_limited')).toBe(true);
    // A payer of their own invoice from their own address pays.
    expect((await attempt(await t.newInvoice(), '10.77.2.1')).ok).toBe(true);

    // The tenant's limit still stops retries once used up, but never an invoice's first tries.
    const later = new Date(now.getTime() + 5 * 60_000);
    const tenantKey = `pay:tenant:${t.klinik.id}`;
    for (let i = 0; i < PAYMENT_LIMITS.perTenant.limit; i += 1) {
      await hitRateLimit(t.db, tenantKey, PAYMENT_LIMITS.perTenant, later);
    }
    const retried = await t.newInvoice();
    const tries = [];
    for (let i = 0; i <= ATTEMPTS_FREE_OF_TENANT_LIMIT; i += 1) {
      tries.push(await t.pay(retried, `10.77.3.${i}`, { now: later }));
    }
    expect(tries.slice(0, ATTEMPTS_FREE_OF_TENANT_LIMIT).every((r) => r.ok)).toBe(true);
    expect(tries[ATTEMPTS_FREE_OF_TENANT_LIMIT]).toMatchObject({ ok: false, reason: 'rate_limited' });
  });

  it('limits each payer on their own', async () => {
    const now = new Date('2031-05-06T10:00:00Z');
    const invoices = await Promise.all(Array.from({ length: 3 }, () => t.newInvoice()));
    const attempt = (invoice: InvoiceView, address: string) => t.pay(invoice, address, { now });
    const one = await Promise.all(
      Array.from({ length: PAYMENT_LIMITS.perIp.limit + 5 }, (_, n) =>
        attempt(invoices[n % 3] as InvoiceView, '10.78.0.1'),
      ),
    );
    // Each invoice's first attempt is free of the address's limit; retries count.
    expect(one.filter((r) => r.ok)).toHaveLength(PAYMENT_LIMITS.perIp.limit + 3);
    expect((await attempt(await t.newInvoice(), '10.78.0.2')).ok).toBe(true);
  });

  it('never refuses payers who share one address, each paying their own invoice (issue 23)', async () => {
    const now = new Date('2031-05-07T10:00:00Z');
    const payers = PAYMENT_LIMITS.perIp.limit * 2;
    const invoices = await Promise.all(Array.from({ length: payers }, () => t.newInvoice()));
    const results = await Promise.all(invoices.map((invoice) => t.pay(invoice, '10.79.0.1', { now })));
    expect(results.filter((r) => r.ok)).toHaveLength(payers);
  });

  it('keeps amounts above 2^31 minor units exact (RM50 million), through payment and the covered fee', async () => {
    const big = 5_000_000_000;
    const invoice = await t.newInvoice(t.klinik, big);
    expect(invoice).toMatchObject({ subtotal: big, total: big });
    expect(invoice.lines[0]).toMatchObject({ unitAmount: big, amount: big });
    const paymentId = await t.startPayment(invoice, true);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(typeof payment?.amount).toBe('number');
    expect(payment?.amount).toBeGreaterThan(big);
    await t.webhook(`evt-big-${paymentId}`, paymentId);
    const paid = await invoiceByPublicId(t.db, t.klinik, invoice.publicId);
    expect(paid).toMatchObject({ status: 'paid', subtotal: big, total: payment?.amount });
    await expect(t.newInvoice(t.klinik, MAX_MINOR_AMOUNT + 1)).rejects.toThrow(RangeError);
  });

  it('treats a malformed payment id as not found, never as a query error', async () => {
    const invoice = await t.newInvoice();
    expect(await findPayment(t.db, t.klinik.id, 'notauuid')).toBeNull();
    expect(await findPayment(t.db, t.klinik.id, "1' OR '1'='1")).toBeNull();
    const ask = (payment: string | null) =>
      verifyReturn(t.db, t.providers, { tenantId: t.klinik.id, invoiceId: invoice.id, payment });
    expect(await ask('notauuid')).toBe('bad_link');
    expect(await ask('00000000-0000-4000-8000-000000000000')).toBe('not_found');
    expect(await ask(null)).toEqual({ verified: null });
    const paymentId = await t.startPayment(invoice);
    expect(await ask(paymentId)).toMatchObject({ verified: { status: 'pending', payment: { id: paymentId } } });
    // Another invoice's payment is not this invoice's.
    const other = await t.newInvoice();
    expect(
      await verifyReturn(t.db, t.providers, { tenantId: t.klinik.id, invoiceId: other.id, payment: paymentId }),
    ).toBe('not_found');
    // Another tenant cannot see it at all.
    expect(await findPayment(t.db, t.peduli.id, paymentId)).toBeNull();
  });
});
