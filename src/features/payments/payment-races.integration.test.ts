import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../db/client.server';
import { payments, staff } from '../../db/schema';
import { seedDemo } from '../../db/seed/demo.server';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../db/test-databases';
import { createInvoice, invoiceByPublicId } from '../invoices';
import { forgetCachedTenants, resolveTenant, type Tenant } from '../tenants';
import { appProviders, createPayment, markPaidAtCounter } from '.';

// Staff clicks and payer choices at once, as two app instances sharing one database see them: on
// PostgreSQL every call runs on its own pooled connection, half through a second pool.
describe.each(testDatabaseKinds)('payment races on %s', (kind) => {
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let instances: Db[] = [];
  let klinik: Tenant;
  let staffId = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    klinik = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
    const [member] = await database.db.select().from(staff).where(eq(staff.email, 'staff@kliniksihat.my'));
    staffId = member?.id ?? '';
    if (database.url) second = await openDatabase({ url: database.url });
    instances = second ? [database.db, second.db] : [database.db];
  });
  afterAll(async () => {
    forgetCachedTenants();
    await second?.close();
    await database?.close();
  });

  const via = (i: number) => instances[i % instances.length] as Db;
  const newInvoice = () =>
    createInvoice(database.db, {
      tenantId: klinik.id,
      currency: klinik.currency,
      kind: 'appointment',
      locale: 'en',
      lines: [{ description: { en: 'Consultation' }, quantity: 1, unitAmount: 8_500 }],
      contact: { name: 'Test', email: 'test@example.my' },
    });
  const paymentsOf = (invoiceId: string) =>
    database.db
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, klinik.id), eq(payments.invoiceId, invoiceId)));

  it('records one paid counter payment for 20 "Mark paid" clicks at once; the others hear it was already paid', async () => {
    const invoice = await newInvoice();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => markPaidAtCounter(via(i), { tenantId: klinik.id, invoice, staffId })),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.filter((r) => !r.changed).map((r) => !r.changed && r.reason)).toEqual(
      Array.from({ length: 19 }, () => 'already_paid'),
    );
    const recorded = await paymentsOf(invoice.id);
    expect(recorded.filter((p) => p.status === 'paid')).toHaveLength(1);
    expect(recorded.filter((p) => p.failureReason === 'refund_due_invoice_already_paid')).toEqual([]);
    expect(recorded).toHaveLength(1); // no stray pending counter payments either
    expect((await invoiceByPublicId(database.db, klinik, invoice.publicId))?.status).toBe('paid');
  });

  it('settles the payer’s own counter choice once when staff click several times', async () => {
    const invoice = await newInvoice();
    // The payer chose the counter, several times at once: one pending counter payment.
    const chosen = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createPayment(via(i), appProviders(via(i)), {
          tenant: klinik,
          invoice,
          method: 'counter',
          coverFees: false,
          locale: 'en',
          ip: `10.77.0.${i}`,
          siteOrigin: 'http://klinik.localhost',
          returnPath: `/invoices/${invoice.publicId}/verify`,
        }),
      ),
    );
    expect(chosen.every((c) => c.ok)).toBe(true);
    expect(new Set(chosen.map((c) => (c.ok ? c.paymentId : null))).size).toBe(1);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => markPaidAtCounter(via(i), { tenantId: klinik.id, invoice, staffId })),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(results.filter((r) => !r.changed).every((r) => !r.changed && r.reason === 'already_paid')).toBe(true);
    const recorded = await paymentsOf(invoice.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'paid', method: 'counter', settledByStaffId: staffId });
  });
});
