import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import {
  donationPlans,
  donations,
  invoiceLines,
  invoices,
  planInstalments,
  rateLimits,
  tenantSettings,
} from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { invoiceByPublicId as invoiceView } from '#features/invoices/index.server.ts';
import { createPayment, type PaymentProvider, settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { startDonationCheckout } from './checkout.server';
import { checkoutLinesSchema, donorSchema } from './donation-form.schema';
import { grossUp } from './fees';
import { insertTestCampaign, testDonor } from './test-support';

composeApp();

// 10:00 in Kuala Lumpur on Monday 23 Nov 2026.
const NOW = new Date('2026-11-23T02:00:00Z');

describe.each(testDatabaseKinds)('donation checkout on %s', (kind) => {
  let database: TestDatabase;
  let yayasan: Tenant;
  let a: string;
  let b: string;
  let c: string;
  let ip = 0;
  const nextIp = () => `203.0.113.${++ip}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    const seeded = (await resolveTenant(database.db, 'yayasan.localhost')) as Tenant;
    // The rates "cover the fees" grosses up with, whatever the demo seed says (read with the tenant: resolve it again).
    await database.db
      .update(tenantSettings)
      .set({ donationFeeRates: { card: { rateBps: 180, fixedMinor: 50 }, fpx: { rateBps: 0, fixedMinor: 100 } } })
      .where(eq(tenantSettings.tenantId, seeded.id));
    forgetCachedTenants();
    yayasan = (await resolveTenant(database.db, 'yayasan.localhost')) as Tenant;
    a = (await insertTestCampaign(database.db, yayasan.id)).id;
    b = (await insertTestCampaign(database.db, yayasan.id)).id;
    c = (await insertTestCampaign(database.db, yayasan.id)).id;
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(rateLimits);
  });

  const checkout = (
    lines: Parameters<typeof startDonationCheckout>[1]['lines'],
    donor = testDonor(),
    clientIp = nextIp(),
  ) =>
    startDonationCheckout(database.db, {
      tenant: yayasan,
      lines,
      donor,
      customerId: null,
      locale: 'en',
      clientIp,
      now: NOW,
    });

  const donationsOf = (invoiceId: string) =>
    database.db.select().from(donations).where(eq(donations.invoiceId, invoiceId)).orderBy(donations.idempotencyKey);

  async function invoiceByPublicId(publicId: string) {
    const [invoice] = await database.db.select().from(invoices).where(eq(invoices.publicId, publicId));
    if (!invoice) throw new Error('no invoice');
    return invoice;
  }

  it('a cart of three campaigns (one-time, weekly×4, monthly×6) makes three donations, two plans and one invoice of three lines', async () => {
    const result = await checkout(
      [
        { campaignId: a, amountMinor: 5000, type: 'one-time', coverFees: false },
        { campaignId: b, amountMinor: 2000, type: 'weekly', count: 4, coverFees: false },
        { campaignId: c, amountMinor: 3000, type: 'monthly', count: 6, coverFees: true },
      ],
      testDonor({ phone: '60123456789' }),
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.replayed).toBe(false);

    const invoice = await invoiceByPublicId(result.invoicePublicId);
    expect(invoice.kind).toBe('donation');
    expect(invoice.tenantId).toBe(yayasan.id);
    // Covering the fee of the dearest enabled method (card: 1.8 % + RM0.50): ceil(3050 / 0.982) = 3106.
    const fee = grossUp(3000, { rateBps: 180, fixedMinor: 50 }) - 3000;
    expect(fee).toBe(106);
    expect(Number(invoice.total)).toBe(5000 + 2000 + 3000 + fee);

    const lines = await database.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(invoiceLines.position);
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => line.sourceKind)).toEqual(['donation', 'donation', 'donation']);
    expect(lines.map((line) => Number(line.amount))).toEqual([5000, 2000, 3000 + fee]);

    const gifts = await donationsOf(invoice.id);
    expect(gifts).toHaveLength(3);
    expect(gifts.map((gift) => gift.id).sort()).toEqual(lines.map((line) => line.sourceId).sort());
    expect(gifts.map((g) => [g.campaignId, g.amountMinor, g.feeMinor, g.status, g.instalmentSeq])).toEqual([
      [a, 5000, 0, 'pending', null],
      [b, 2000, 0, 'pending', 1],
      [c, 3000, fee, 'pending', 1],
    ]);
    expect(gifts.every((gift) => gift.phone === '60123456789' && gift.tenantId === yayasan.id)).toBe(true);

    const plans = await database.db
      .select()
      .from(donationPlans)
      .where(eq(donationPlans.tenantId, yayasan.id))
      .orderBy(donationPlans.frequency);
    const ofThisCart = plans.filter((plan) => gifts.some((gift) => gift.planId === plan.id));
    expect(
      ofThisCart.map((p) => [p.frequency, p.count, p.amountMinor, p.feeMinor, p.status, p.anchorDate, p.nextChargeOn]),
    ).toEqual([
      ['monthly', 6, 3000, fee, 'pending', '2026-11-23', '2026-12-23'],
      ['weekly', 4, 2000, 0, 'pending', '2026-11-23', '2026-11-30'],
    ]);

    const monthly = ofThisCart[0];
    const instalments = await database.db
      .select()
      .from(planInstalments)
      .where(eq(planInstalments.planId, monthly?.id ?? ''))
      .orderBy(planInstalments.seq);
    expect(instalments.map((i) => [i.seq, i.dueOn, i.status])).toEqual([
      [1, '2026-11-23', 'invoiced'],
      [2, '2026-12-23', 'scheduled'],
      [3, '2027-01-23', 'scheduled'],
      [4, '2027-02-23', 'scheduled'],
      [5, '2027-03-23', 'scheduled'],
      [6, '2027-04-23', 'scheduled'],
    ]);
    expect(instalments[0]?.invoiceId).toBe(invoice.id);
    expect(instalments[0]?.donationId).toBe(gifts[2]?.id);
    expect(instalments.slice(1).every((i) => i.invoiceId === null && i.donationId === null)).toBe(true);

    // Paid once: one payment for the whole invoice makes all three gifts paid.
    const view = await invoiceView(database.db, yayasan, result.invoicePublicId, 'donation');
    if (!view) throw new Error('invoice not readable');
    const gateway = {
      name: 'sandbox',
      createPayment: async (request: { paymentId: string }) => ({
        kind: 'redirect' as const,
        url: `https://gateway.example/${request.paymentId}`,
        providerRef: request.paymentId,
      }),
    } as unknown as PaymentProvider;
    const payment = await createPayment(
      database.db,
      { forMethod: () => gateway },
      {
        tenant: yayasan,
        invoice: view,
        method: 'card',
        coverFees: false,
        locale: 'en',
        ip: nextIp(),
        siteOrigin: 'http://yayasan.localhost',
        returnPath: `/invoices/${view.publicId}/donation/verify`,
      },
    );
    if (!payment.ok) throw new Error(payment.reason);
    await settlePayment(database.db, {
      tenantId: yayasan.id,
      paymentId: payment.paymentId,
      status: 'paid',
      via: 'webhook',
    });
    const paid = await donationsOf(invoice.id);
    expect(paid.map((gift) => gift.status)).toEqual(['paid', 'paid', 'paid']);
    expect((await invoiceByPublicId(result.invoicePublicId)).status).toBe('paid');
  });

  it('a double click or a replay makes one donation set (same idempotency key)', async () => {
    const donor = testDonor();
    const lines = [{ campaignId: a, amountMinor: 2500, type: 'one-time' as const, coverFees: false }];
    const [first, second] = await Promise.all([checkout(lines, donor), checkout(lines, donor)]);
    const third = await checkout(lines, donor);
    if (!first?.ok || !second?.ok || !third.ok) throw new Error('refused');
    expect(second.invoicePublicId).toBe(first.invoicePublicId);
    expect(third.invoicePublicId).toBe(first.invoicePublicId);
    expect(third.replayed).toBe(true);
    const invoice = await invoiceByPublicId(first.invoicePublicId);
    expect(await donationsOf(invoice.id)).toHaveLength(1);
    const keyed = await database.db
      .select()
      .from(donations)
      .where(and(eq(donations.tenantId, yayasan.id), eq(donations.idempotencyKey, `${donor.idempotencyKey}:0`)));
    expect(keyed).toHaveLength(1);
  });

  it('ignores amounts the browser made up: fees and totals come from the server, extra fields are dropped', async () => {
    // What a tampered checkout post looks like: a zero fee and a tiny total beside the line.
    const parsed = checkoutLinesSchema().parse({
      'line.0.campaignId': c,
      'line.0.amountMinor': '3000',
      'line.0.type': 'monthly',
      'line.0.count': '6',
      'line.0.coverFees': 'on',
      'line.0.feeMinor': '0',
      'line.0.chargeMinor': '1',
      total: '1',
    });
    expect(parsed).toEqual([{ campaignId: c, amountMinor: 3000, type: 'monthly', count: 6, coverFees: true }]);
    const result = await checkout(parsed);
    if (!result.ok) throw new Error(result.reason);
    const invoice = await invoiceByPublicId(result.invoicePublicId);
    expect(Number(invoice.total)).toBe(3106);
  });

  it('refuses lines the campaign does not take, writing nothing', async () => {
    const closed = (await insertTestCampaign(database.db, yayasan.id, { status: 'ended' })).id;
    const monthlyOnly = (await insertTestCampaign(database.db, yayasan.id, { oneTime: false, coverFeesAllowed: false }))
      .id;
    const before = (await database.db.select().from(donations)).length;
    const cases = [
      [{ campaignId: a, amountMinor: 999, type: 'one-time', coverFees: false }, 'donation.form.amountTooSmall'],
      [{ campaignId: a, amountMinor: 10_000_001, type: 'one-time', coverFees: false }, 'donation.form.amountTooLarge'],
      [
        { campaignId: a, amountMinor: 5000, type: 'weekly', count: 5, coverFees: false },
        'donation.form.countUnavailable',
      ],
      [{ campaignId: closed, amountMinor: 5000, type: 'one-time', coverFees: false }, 'donation.form.campaignClosed'],
      [
        { campaignId: monthlyOnly, amountMinor: 5000, type: 'one-time', coverFees: false },
        'donation.form.typeUnavailable',
      ],
      [
        { campaignId: monthlyOnly, amountMinor: 5000, type: 'monthly', count: 6, coverFees: true },
        'donation.form.coverFeesUnavailable',
      ],
      [
        { campaignId: '00000000-0000-4000-8000-000000000000', amountMinor: 5000, type: 'one-time', coverFees: false },
        'donation.form.campaignClosed',
      ],
    ] as const;
    for (const [line, problem] of cases) {
      const result = await checkout([{ campaignId: a, amountMinor: 5000, type: 'one-time', coverFees: false }, line]);
      // Too large names the largest gift taken (here the campaign's own, under the tenant's).
      const max = problem === 'donation.form.amountTooLarge' ? { maxAmountMinor: 10_000_000 } : {};
      expect(result).toEqual({ ok: false, reason: 'line_problem', index: 1, problem, ...max });
    }
    expect((await database.db.select().from(donations)).length).toBe(before);
  });

  it('a filled honeypot writes nothing', async () => {
    const before = (await database.db.select().from(donations)).length;
    const result = await checkout(
      [{ campaignId: a, amountMinor: 5000, type: 'one-time', coverFees: false }],
      testDonor({ website: 'http://spam.example' }),
    );
    expect(result).toEqual({ ok: false, reason: 'honeypot' });
    expect((await database.db.select().from(donations)).length).toBe(before);
  });

  it('reads the form: national numbers in the tenant country, anonymous gifts without a name, tax receipts need an id and address', () => {
    const schema = donorSchema('6');
    const base = { phone: '012-345 6789', idempotencyKey: 'abcdefghijklmnop', anonymous: 'on' };
    expect(schema.parse(base)).toMatchObject({ phone: '60123456789', name: null, anonymous: true, email: null });
    expect(schema.parse({ ...base, phone: '+62 812-3456-7890' }).phone).toBe('6281234567890');
    expect(schema.safeParse({ ...base, anonymous: undefined }).success).toBe(false);
    expect(schema.safeParse({ ...base, phone: '012' }).success).toBe(false);
    expect(schema.safeParse({ ...base, idempotencyKey: 'short' }).success).toBe(false);
    const tax = schema.safeParse({ ...base, name: 'Siti', taxReceipt: 'on', taxId: '900101-14-5678' });
    expect(tax.success).toBe(false);
    const withAddress = schema.parse({
      ...base,
      name: 'Siti',
      taxReceipt: 'on',
      taxId: '900101-14-5678',
      address_1: '1 Jalan Mawar',
      postcode: '50000',
      city: 'Kuala Lumpur',
      state: 'WP Kuala Lumpur',
      country: 'Malaysia',
    });
    expect(withAddress.address).toEqual({
      line1: '1 Jalan Mawar',
      postcode: '50000',
      city: 'Kuala Lumpur',
      state: 'WP Kuala Lumpur',
      country: 'Malaysia',
    });
    expect(withAddress.taxId).toBe('900101-14-5678');
  });
});
