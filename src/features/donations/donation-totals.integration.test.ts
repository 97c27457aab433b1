import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { type Db, openDatabase } from '#db/client.server.ts';
import { campaigns, donations, payments, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { newPublicId, startCheckout } from '#features/invoices/index.server.ts';
import { refundPayment, settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { events } from '#server/events/index.ts';
import { campaignForm, recordOfflineDonation, refundDonation, saveCampaign } from './index.server.ts';
import { aFoundation } from './test-support.ts';

// Effects of payment as the running app registers them.
composeApp();

const GIFTS = 50;

// 50 donation invoices paid at once (webhooks and the return page racing, on two app instances
// on PostgreSQL): the campaign's totals are exactly the sum of the gifts, counted once each.
describe.each(testDatabaseKinds)('donation totals on %s', (kind) => {
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let instances: Db[] = [];
  let yayasan: Tenant;
  let staffId = '';
  let campaignId = '';
  const paidEvents: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    yayasan = await aFoundation(database.db, 'yayasan');
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, yayasan.id));
    staffId = member?.id ?? '';
    if (database.url) second = await openDatabase({ url: database.url });
    instances = second ? [database.db, second.db] : [database.db];
    events.on('donation.paid', 'totals-test-recorder', async (_tx, event) => {
      paidEvents.push(event.donationId);
    });
    const values = campaignForm(yayasan.currency).parse({
      title_en: 'Totals test',
      category: 'general',
      starts_on: '2026-01-01',
      min_amount: '1',
      one_time: 'on',
      status: 'live',
    });
    const saved = await saveCampaign(database.db, yayasan, { id: null, values, image: null, staffId });
    if (!saved.ok) throw new Error('campaign not saved');
    campaignId = saved.campaign.id;
  });
  afterAll(async () => {
    forgetCachedTenants();
    await second?.close();
    await database?.close();
  });

  const via = (i: number) => instances[i % instances.length] as Db;
  const totals = async () => {
    const [row] = await database.db
      .select({ raised: campaigns.raisedMinor, donors: campaigns.donorCount })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId));
    return row;
  };

  /** A pending gift with its invoice (one donation line) and a pending payment of the invoice's total. */
  async function pendingGift(amountMinor: number) {
    const donationId = crypto.randomUUID();
    const invoice = await startCheckout(database.db, {
      tenantId: yayasan.id,
      currency: yayasan.currency,
      kind: 'donation',
      lines: [
        {
          description: { en: 'Gift' },
          quantity: 1,
          unitAmount: amountMinor,
          source: { kind: 'donation', id: donationId },
        },
      ],
      contact: { name: 'Donor' },
      locale: 'en',
    });
    await database.db.insert(donations).values({
      id: donationId,
      tenantId: yayasan.id,
      publicId: newPublicId(),
      campaignId,
      invoiceId: invoice.id,
      amountMinor,
      donorName: `Donor ${amountMinor}`,
      locale: 'en',
    });
    const [payment] = await database.db
      .insert(payments)
      .values({
        tenantId: yayasan.id,
        invoiceId: invoice.id,
        provider: 'sandbox',
        method: 'card',
        amount: amountMinor,
      })
      .returning();
    return { donationId, invoiceId: invoice.id, paymentId: payment?.id ?? '' };
  }

  it(`counts ${GIFTS} gifts settled at once exactly once each, replays adding nothing`, async () => {
    const gifts = await Promise.all(Array.from({ length: GIFTS }, (_, i) => pendingGift(1000 + i * 7)));
    const expected = gifts.reduce((sum, _g, i) => sum + 1000 + i * 7, 0);
    // Every gift settled twice at once (the webhook and the return page's verify), half on each instance.
    const results = await Promise.all(
      gifts.flatMap((gift, i) => [
        settlePayment(via(i), { tenantId: yayasan.id, paymentId: gift.paymentId, status: 'paid', via: 'webhook' }),
        settlePayment(via(i + 1), { tenantId: yayasan.id, paymentId: gift.paymentId, status: 'paid', via: 'verify' }),
      ]),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(GIFTS);
    expect(await totals()).toEqual({ raised: expected, donors: GIFTS });
    const rows = await database.db
      .select({ status: donations.status, paidAt: donations.paidAt })
      .from(donations)
      .where(and(eq(donations.tenantId, yayasan.id), eq(donations.campaignId, campaignId)));
    expect(rows.every((r) => r.status === 'paid' && r.paidAt !== null)).toBe(true);
    expect(new Set(paidEvents).size).toBe(GIFTS);
    expect(paidEvents).toHaveLength(GIFTS);

    // A refund in full takes the gift back out, once, however often it is reported.
    const first = gifts[0];
    if (!first) throw new Error('no gift');
    const providers = {
      byName: () => ({ refund: async () => ({ status: 'succeeded' as const, providerRef: 're_test' }) }),
    };
    const refunds = await Promise.all(
      [0, 1, 2].map((i) =>
        refundPayment(via(i), providers, {
          tenantId: yayasan.id,
          paymentId: first.paymentId,
          reason: 'staff',
          staffId,
        }),
      ),
    );
    expect(refunds.filter((r) => r.ok && r.changed)).toHaveLength(1);
    expect(await totals()).toEqual({ raised: expected - 1000, donors: GIFTS - 1 });
    const [refunded] = await database.db.select().from(donations).where(eq(donations.id, first.donationId));
    expect(refunded?.status).toBe('refunded');
  });

  it('adds an offline gift to the totals and takes it out when staff refund it', async () => {
    const before = await totals();
    const gift = await recordOfflineDonation(database.db, yayasan, {
      campaignId,
      amountMinor: 5000,
      donorName: 'Pak Ali',
      anonymous: true,
      phone: null,
      email: null,
      message: null,
      taxReceipt: false,
      taxId: null,
      locale: 'ms',
      staffId,
      receivedAt: new Date(),
    });
    expect(gift?.offline).toBe(true);
    expect(await totals()).toEqual({ raised: (before?.raised ?? 0) + 5000, donors: (before?.donors ?? 0) + 1 });
    const [paid] = await database.db
      .select()
      .from(donations)
      .where(eq(donations.id, gift?.id ?? ''));
    expect(paid?.status).toBe('paid');
    expect(paid?.recordedBy).toBe(staffId);
    const refund = await refundDonation(database.db, yayasan.id, paid?.publicId ?? '', staffId);
    expect(refund.ok).toBe(true);
    expect(await totals()).toEqual(before);
    expect((await refundDonation(database.db, yayasan.id, paid?.publicId ?? '', staffId)).ok).toBe(false);
  });

  it('leaves a campaign alone when the refunded payment was the second one of an invoice paid twice', async () => {
    const gift = await pendingGift(777);
    await settlePayment(database.db, {
      tenantId: yayasan.id,
      paymentId: gift.paymentId,
      status: 'paid',
      via: 'webhook',
    });
    const after = await totals();
    const [twice] = await database.db
      .insert(payments)
      .values({ tenantId: yayasan.id, invoiceId: gift.invoiceId, provider: 'sandbox', method: 'fpx', amount: 777 })
      .returning();
    await settlePayment(database.db, {
      tenantId: yayasan.id,
      paymentId: twice?.id ?? '',
      status: 'paid',
      via: 'webhook',
    });
    const providers = {
      byName: () => ({ refund: async () => ({ status: 'succeeded' as const, providerRef: 're_2' }) }),
    };
    const refund = await refundPayment(database.db, providers, {
      tenantId: yayasan.id,
      paymentId: twice?.id ?? '',
      reason: 'paid_twice',
    });
    expect(refund.ok).toBe(true);
    expect(await totals()).toEqual(after);
  });
});
