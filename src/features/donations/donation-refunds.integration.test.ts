import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { campaigns, donations, refunds, staff } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { paymentProviders, refundPayment } from '#features/payments/index.server.ts';
import { refundDonation } from './campaigns.server';
import { checkoutToInvoice, insertTestCampaign, payInSandbox } from './test-support';
import { aFoundationSuite } from './test-support.ts';

composeApp();

const NOW = new Date('2026-11-23T02:00:00Z');

// One payment paid a cart of three gifts to three campaigns: giving back one gift (staff) or
// part of the payment takes exactly the gifts given back out of the totals, never the others.
describe.each(testDatabaseKinds)('refunds of a cart payment on %s', (kind) => {
  const suite = aFoundationSuite(kind);
  let staffId = '';
  const campaignIds: string[] = [];

  beforeAll(async () => {
    const [member] = await suite.db.select().from(staff).where(eq(staff.tenantId, suite.yayasan.id));
    staffId = member?.id ?? '';
    for (let i = 0; i < 3; i += 1) campaignIds.push((await insertTestCampaign(suite.db, suite.yayasan.id)).id);
  });

  /** A cart of 2000, 3000 and 5000 to the three campaigns, paid by card in one sandbox payment. */
  async function paidCart() {
    const db = suite.db;
    const invoice = await checkoutToInvoice(db, {
      tenant: suite.yayasan,
      lines: [2000, 3000, 5000].map((amountMinor, i) => ({
        campaignId: campaignIds[i] as string,
        amountMinor,
        type: 'one-time' as const,
        coverFees: false,
      })),
      locale: 'en',
      clientIp: suite.nextIp(),
      now: NOW,
    });
    const paymentId = await payInSandbox(db, {
      tenant: suite.yayasan,
      invoice,
      locale: 'en',
      ip: suite.nextIp(),
      now: NOW,
    });
    const gifts = await db.select().from(donations).where(eq(donations.invoiceId, invoice.id));
    return { paymentId: paymentId, gifts: campaignIds.map((c) => gifts.find((g) => g.campaignId === c)) };
  }

  const raised = async () =>
    Promise.all(
      campaignIds.map(async (id) => {
        const [row] = await suite.db
          .select({ raised: campaigns.raisedMinor, donors: campaigns.donorCount })
          .from(campaigns)
          .where(eq(campaigns.id, id));
        return [row?.raised, row?.donors];
      }),
    );
  const statuses = async (ids: (string | undefined)[]) =>
    Promise.all(
      ids.map(
        async (id) =>
          (
            await suite.db
              .select()
              .from(donations)
              .where(eq(donations.id, id ?? ''))
          )[0]?.status ?? 'missing',
      ),
    );

  it("staff refunding one gift give back that gift's line only, once however often clicked", async () => {
    const { paymentId, gifts } = await paidCart();
    expect(await raised()).toEqual([
      [2000, 1],
      [3000, 1],
      [5000, 1],
    ]);
    const middle = gifts[1]?.publicId ?? '';
    const clicks = await Promise.all([
      refundDonation(suite.db, suite.yayasan.id, middle, staffId),
      refundDonation(suite.db, suite.yayasan.id, middle, staffId),
    ]);
    expect(clicks.some((r) => r.ok)).toBe(true);
    const given = await suite.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(given.map((r) => [r.amount, r.status, r.sourceKind, r.sourceId])).toEqual([
      [3000, 'succeeded', 'donation', gifts[1]?.id],
    ]);
    expect(await statuses(gifts.map((g) => g?.id))).toEqual(['paid', 'refunded', 'paid']);
    expect(await raised()).toEqual([
      [2000, 1],
      [0, 0],
      [5000, 1],
    ]);
  }, 60_000);

  it('a partial refund of the payment takes out the gifts its money covers, and no gift for less', async () => {
    const before = await raised();
    const { paymentId, gifts } = await paidCart();
    const providers = paymentProviders({ db: suite.db });
    const give = (amount: number) =>
      refundPayment(suite.db, providers, { tenantId: suite.yayasan.id, paymentId, reason: 'staff', amount, staffId });
    // 5000 back: the gift of exactly 5000.
    expect((await give(5000)).ok).toBe(true);
    expect(await statuses(gifts.map((g) => g?.id))).toEqual(['paid', 'paid', 'refunded']);
    // 1000 back covers no whole gift: all stay counted.
    expect((await give(1000)).ok).toBe(true);
    expect(await statuses(gifts.map((g) => g?.id))).toEqual(['paid', 'paid', 'refunded']);
    // 1000 more: 2000 given back beyond the 5000 gift, exactly the first gift.
    expect((await give(1000)).ok).toBe(true);
    expect(await statuses(gifts.map((g) => g?.id))).toEqual(['refunded', 'paid', 'refunded']);
    // The rest of the payment: the last gift.
    expect((await give(3000)).ok).toBe(true);
    expect(await statuses(gifts.map((g) => g?.id))).toEqual(['refunded', 'refunded', 'refunded']);
    expect(await raised()).toEqual(before);
  }, 60_000);
});
