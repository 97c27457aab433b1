import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { findOrCreateCustomer } from '#features/auth/auth-repo.server.ts';
import { createPayment, paymentProviders, settlePayment } from '#features/payments/index.server.ts';
import { translator } from '#i18n/t.ts';
import { accountSections } from '#server/account-sections.ts';
import { linkToken } from './manage-link.server';
import { checkoutToInvoice, insertTestCampaign, testDonor } from './test-support';
import { aFoundationSuite } from './test-support.ts';

composeApp();

describe.each(testDatabaseKinds)('the donations section of /account on %s', (kind) => {
  const suite = aFoundationSuite(kind);

  it("lists the donor's plans (to their manage page) and paid gifts (to their receipt)", async () => {
    const customer = await findOrCreateCustomer(suite.db, suite.yayasan.id, { phone: '60175550009' }, 'ms');
    const campaign = await insertTestCampaign(suite.db, suite.yayasan.id);
    const invoice = await checkoutToInvoice(suite.db, {
      tenant: suite.yayasan,
      lines: [{ campaignId: campaign.id, amountMinor: 2500, type: 'monthly', count: 6, coverFees: false }],
      donor: testDonor({ phone: '60175550009' }),
      customerId: customer.id,
      locale: 'ms',
      clientIp: '192.0.2.77',
    });
    const payment = await createPayment(suite.db, paymentProviders({ db: suite.db }), {
      tenant: suite.yayasan,
      invoice,
      method: 'card',
      coverFees: false,
      locale: 'ms',
      ip: '192.0.2.78',
      siteOrigin: 'http://yayasan.localhost:4321',
      returnPath: `/invoices/${invoice.publicId}/donation/verify`,
    });
    if (!payment.ok) throw new Error(payment.reason);
    await settlePayment(suite.db, {
      tenantId: suite.yayasan.id,
      paymentId: payment.paymentId,
      status: 'paid',
      via: 'staff',
    });

    const sections = await accountSections.load({
      db: suite.db,
      tenant: suite.yayasan,
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
    expect(
      plan?.href.endsWith(linkToken('plan', suite.yayasan.id, plan?.href.split('/').pop()?.split('.')[1] ?? '')),
    ).toBe(true);
  });
});
