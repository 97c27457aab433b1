import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { findOrCreateCustomer } from '#features/auth/auth-repo.server.ts';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import { createPayment, paymentProviders, settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import { accountSections } from '#server/account-sections.ts';
import { startDonationCheckout } from './checkout.server';
import { linkToken } from './manage-link.server';
import { insertTestCampaign, testDonor } from './test-support';
import { aFoundation } from './test-support.ts';

composeApp();

describe.each(testDatabaseKinds)('the donations section of /account on %s', (kind) => {
  let database: TestDatabase;
  let yayasan: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    yayasan = await aFoundation(database.db, 'yayasan');
  }, 180_000);
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  it("lists the donor's plans (to their manage page) and paid gifts (to their receipt)", async () => {
    const customer = await findOrCreateCustomer(database.db, yayasan.id, { phone: '60175550009' }, 'ms');
    const campaign = await insertTestCampaign(database.db, yayasan.id);
    const result = await startDonationCheckout(database.db, {
      tenant: yayasan,
      lines: [{ campaignId: campaign.id, amountMinor: 2500, type: 'monthly', count: 6, coverFees: false }],
      donor: testDonor({ phone: '60175550009' }),
      customerId: customer.id,
      locale: 'ms',
      clientIp: '192.0.2.77',
    });
    if (!result.ok) throw new Error(result.reason);
    const invoice = await invoiceByPublicId(database.db, yayasan, result.invoicePublicId);
    if (!invoice) throw new Error('no invoice');
    const payment = await createPayment(database.db, paymentProviders({ db: database.db }), {
      tenant: yayasan,
      invoice,
      method: 'card',
      coverFees: false,
      locale: 'ms',
      ip: '192.0.2.78',
      siteOrigin: 'http://yayasan.localhost:4321',
      returnPath: `/invoices/${invoice.publicId}/donation/verify`,
    });
    if (!payment.ok) throw new Error(payment.reason);
    await settlePayment(database.db, {
      tenantId: yayasan.id,
      paymentId: payment.paymentId,
      status: 'paid',
      via: 'staff',
    });

    const sections = await accountSections.load({
      db: database.db,
      tenant: yayasan,
      customerId: customer.id,
      locale: 'ms',
      t: translator('ms'),
    });
    const donations = sections.find((s) => s.key === 'donations');
    expect(donations?.title).toBe('Sumbangan anda');
    expect(donations?.items).toHaveLength(2);
    const [plan, gift] = donations?.items ?? [];
    expect(plan?.status).toBe('Aktif');
    expect(plan?.detail).toContain('RM25.00 setiap bulan');
    expect(plan?.href).toMatch(/^\/ms\/donation\/plans\/p\./);
    expect(gift?.href).toMatch(/^\/ms\/donation\/receipts\/r\..+\.pdf$/);
    expect(plan?.href.endsWith(linkToken('plan', yayasan.id, plan?.href.split('/').pop()?.split('.')[1] ?? ''))).toBe(
      true,
    );
  });
});
