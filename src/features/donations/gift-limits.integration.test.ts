// Issue 23: a RM10,000,000,000 gift went all the way to the gateway. Every way in — the form, the
// cart's checkout, the manage page's "change amount" — now stops at the tenant's largest gift (its
// setting, else its currency's default), and says which amount that is.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { donations, tenantSettings } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import type { Locale } from '#i18n/locales.ts';
import { translator } from '#i18n/t.ts';
import { startDonationCheckout } from './checkout.server';
import { submitDonationCart, submitDonationForm } from './donation-form.server';
import { changePlanAmount } from './plans.server';
import { insertTestCampaign, testDonor } from './test-support';
import { aFoundation } from './test-support.ts';

composeApp();

describe.each(testDatabaseKinds)('the largest gift on %s', (kind) => {
  let database: TestDatabase;
  let yayasan: Tenant;
  let peduli: Tenant;
  let campaignId: string;
  let peduliCampaignId: string;
  let ip = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    yayasan = await aFoundation(database.db, 'yayasan');
    peduli = await aFoundation(database.db, 'peduli');
    // Campaigns without a maximum of their own: only the tenant's applies.
    campaignId = (await insertTestCampaign(database.db, yayasan.id, { maxAmountMinor: null, monthlyCounts: [6] })).id;
    peduliCampaignId = (
      await insertTestCampaign(database.db, peduli.id, { maxAmountMinor: null, minAmountMinor: 10_000 })
    ).id;
  }, 180_000);
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const gifts = async () => (await database.db.select({ n: count() }).from(donations))[0]?.n ?? 0;
  const context = (tenant: Tenant, locale: Locale) => ({
    tenant,
    locale,
    t: translator(locale),
    customerId: null,
    clientIp: `192.0.2.${++ip}`,
  });
  const form = (campaign: string, customAmount: string) => ({
    campaignId: campaign,
    customAmount,
    type: 'one-time',
    name: 'Siti',
    phone: `012-555 ${String(1000 + ip).slice(-4)}`,
    idempotencyKey: `gift-limit-key-${ip}-${Math.random().toString(36).slice(2, 10)}`,
  });

  it('refuses RM10,000,000,000 on the form, naming RM1,000,000.00, and writes nothing', async () => {
    const before = await gifts();
    const answer = await submitDonationForm(database.db, context(yayasan, 'en'), form(campaignId, '10000000000'));
    expect(answer).toMatchObject({
      ok: false,
      status: 422,
      error: 'The most you can give in one gift here is RM1,000,000.00.',
    });
    expect(await gifts()).toBe(before);
    const ms = await submitDonationForm(database.db, context(yayasan, 'ms'), form(campaignId, '1000000.01'));
    expect(ms.ok ? '' : ms.error).toBe('Jumlah maksimum bagi satu sumbangan di sini ialah RM1,000,000.00.');
    // The largest gift itself is taken.
    expect((await submitDonationForm(database.db, context(yayasan, 'en'), form(campaignId, '1000000'))).ok).toBe(true);
  });

  it('refuses it in the cart’s checkout too', async () => {
    const before = await gifts();
    const answer = await submitDonationCart(database.db, context(yayasan, 'en'), {
      'line.0.campaignId': campaignId,
      'line.0.amountMinor': '1000000000000',
      'line.0.type': 'one-time',
      name: 'Siti',
      phone: '012-555 2000',
      idempotencyKey: 'gift-limit-cart-key-0001',
    });
    expect(answer).toMatchObject({
      ok: false,
      status: 422,
      fields: { 'line.0': expect.stringContaining('RM1,000,000.00') },
    });
    expect(await gifts()).toBe(before);
  });

  it('takes the tenant’s own maximum when it sets one, and the rupiah default for a rupiah tenant', async () => {
    await database.db
      .update(tenantSettings)
      .set({ donationMaxMinor: 500_000 })
      .where(eq(tenantSettings.tenantId, yayasan.id));
    try {
      const answer = await submitDonationForm(database.db, context(yayasan, 'en'), form(campaignId, '5000.01'));
      expect(answer.ok ? '' : answer.error).toBe('The most you can give in one gift here is RM5,000.00.');
    } finally {
      await database.db
        .update(tenantSettings)
        .set({ donationMaxMinor: null })
        .where(eq(tenantSettings.tenantId, yayasan.id));
    }
    const rupiah = await submitDonationForm(database.db, context(peduli, 'id'), form(peduliCampaignId, '10000000001'));
    expect(rupiah.ok ? '' : rupiah.error).toBe('Jumlah terbesar untuk satu donasi di sini adalah Rp10.000.000.000.');
  });

  it('refuses a larger amount on the manage page’s "change amount"', async () => {
    const started = await startDonationCheckout(database.db, {
      tenant: yayasan,
      lines: [{ campaignId, amountMinor: 5000, type: 'monthly', count: 6, coverFees: false }],
      donor: testDonor(),
      customerId: null,
      locale: 'en',
      clientIp: '192.0.2.200',
    });
    if (!started.ok) throw new Error(started.reason);
    const [row] = await database.db
      .select({ planId: donations.planId })
      .from(donations)
      .where(and(eq(donations.campaignId, campaignId), eq(donations.amountMinor, 5000)));
    const planId = row?.planId ?? '';
    const refused = await changePlanAmount(database.db, {
      tenantId: yayasan.id,
      planId,
      amountMinor: 1_000_000_000_000,
    });
    expect(refused).toMatchObject({ ok: false, reason: 'amount', limits: { max: 100_000_000 } });
    expect((await changePlanAmount(database.db, { tenantId: yayasan.id, planId, amountMinor: 100_000_000 })).ok).toBe(
      true,
    );
  });
});
