import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { campaigns, donationPlans, donations, invoices, payments, planInstalments } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { expireInvoices, settlePayment } from '#features/payments/index.server.ts';
import { startDonationCheckout } from './checkout.server';
import { runDueInstalments } from './instalments.server';
import { DAY_MS } from './plan-rules';
import { testDonor } from './test-support';
import { aFoundationSuite } from './test-support.ts';

composeApp();

// 10:00 in Kuala Lumpur on Monday 23 Nov 2026.
const NOW = new Date('2026-11-23T02:00:00Z');
const later = (days: number) => new Date(NOW.getTime() + days * DAY_MS);

// Gifts whose invoice is never paid end with it: failed when its payment fails, void when it
// expires (with the plan that waited on its first payment, or the instalment whose pay-link it was).
describe.each(testDatabaseKinds)('unpaid donation invoices on %s', (kind) => {
  const suite = aFoundationSuite(kind, { monthlyCounts: [3] });

  async function checkout(lines: Parameters<typeof startDonationCheckout>[1]['lines']) {
    const result = await startDonationCheckout(suite.db, {
      tenant: suite.yayasan,
      lines,
      donor: testDonor(),
      customerId: null,
      locale: 'en',
      clientIp: suite.nextIp(),
      now: NOW,
    });
    if (!result.ok) throw new Error(result.reason);
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.publicId, result.invoicePublicId));
    if (!invoice) throw new Error('no invoice');
    return invoice;
  }

  /** A payment of the whole invoice by online banking, settled as the gateway says. */
  async function pay(invoiceId: string, status: 'paid' | 'failed', now: Date) {
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    const [payment] = await suite.db
      .insert(payments)
      .values({
        tenantId: suite.yayasan.id,
        invoiceId,
        provider: 'sandbox',
        method: 'fpx',
        amount: Number(invoice?.total),
        createdAt: now,
      })
      .returning();
    await settlePayment(suite.db, {
      tenantId: suite.yayasan.id,
      paymentId: payment?.id ?? '',
      status,
      via: 'verify',
      now,
    });
  }

  const gifts = (invoiceId: string) =>
    suite.db
      .select({ status: donations.status, planId: donations.planId, amount: donations.amountMinor })
      .from(donations)
      .where(eq(donations.invoiceId, invoiceId))
      .orderBy(asc(donations.idempotencyKey));
  const invoiceStatus = async (id: string) =>
    (await suite.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]?.status;
  const plan = async (id: string) => (await suite.db.select().from(donationPlans).where(eq(donationPlans.id, id)))[0];
  const instalmentStatuses = async (planId: string) =>
    (
      await suite.db
        .select({ status: planInstalments.status })
        .from(planInstalments)
        .where(eq(planInstalments.planId, planId))
        .orderBy(asc(planInstalments.seq))
    ).map((i) => i.status);
  const raised = async () =>
    (
      await suite.db.select({ raised: campaigns.raisedMinor }).from(campaigns).where(eq(campaigns.id, suite.campaignId))
    )[0]?.raised;

  it('a failed payment marks the gifts failed; a week unpaid voids them and cancels the plan; late money still counts', async () => {
    const before = await raised();
    const invoice = await checkout([
      { campaignId: suite.campaignId, amountMinor: 5000, type: 'one-time', coverFees: false },
      { campaignId: suite.campaignId, amountMinor: 2000, type: 'monthly', count: 3, coverFees: false },
    ]);
    expect(invoice.dueAt?.getTime()).toBe(later(7).getTime());

    await pay(invoice.id, 'failed', later(0.01));
    expect(await invoiceStatus(invoice.id)).toBe('failed');
    expect((await gifts(invoice.id)).map((g) => g.status)).toEqual(['failed', 'failed']);
    const planId = (await gifts(invoice.id))[1]?.planId ?? '';
    expect((await plan(planId))?.status).toBe('pending');

    // Still payable within the week: the sweep leaves it.
    await expireInvoices(suite.db, later(6));
    expect(await invoiceStatus(invoice.id)).toBe('failed');

    await expireInvoices(suite.db, later(8));
    expect(await invoiceStatus(invoice.id)).toBe('expired');
    expect((await gifts(invoice.id)).map((g) => g.status)).toEqual(['void', 'void']);
    expect(await plan(planId)).toMatchObject({ status: 'cancelled', cancelReason: 'unpaid', nextChargeOn: null });
    expect(await instalmentStatuses(planId)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(await raised()).toBe(before);
    // A second sweep finds nothing more to do.
    expect(await expireInvoices(suite.db, later(9))).toBe(0);

    // Money that arrives after all is never lost: the gifts count, the cancelled plan charges nothing more.
    await pay(invoice.id, 'paid', later(9));
    expect((await gifts(invoice.id)).map((g) => g.status)).toEqual(['paid', 'paid']);
    expect(await raised()).toBe(Number(before) + 7000);
    expect((await plan(planId))?.status).toBe('cancelled');
  }, 60_000);

  it("an online-banking instalment's pay-link unpaid for a week is skipped and the plan moves on", async () => {
    const invoice = await checkout([
      { campaignId: suite.campaignId, amountMinor: 3000, type: 'monthly', count: 3, coverFees: false },
    ]);
    await pay(invoice.id, 'paid', later(0.01));
    const planId = (await gifts(invoice.id))[0]?.planId ?? '';
    expect(await plan(planId)).toMatchObject({ status: 'active', method: 'fpx', nextChargeOn: '2026-12-23' });

    const due = new Date('2026-12-23T02:00:00Z');
    await runDueInstalments(suite.db, due);
    const [second] = await suite.db
      .select()
      .from(planInstalments)
      .where(and(eq(planInstalments.planId, planId), eq(planInstalments.seq, 2)));
    expect(second?.status).toBe('invoiced');
    const payLink = second?.invoiceId ?? '';

    await expireInvoices(suite.db, new Date(due.getTime() + 8 * DAY_MS));
    expect(await invoiceStatus(payLink)).toBe('expired');
    expect((await gifts(payLink)).map((g) => g.status)).toEqual(['void']);
    expect(await instalmentStatuses(planId)).toEqual(['paid', 'skipped', 'scheduled']);
    expect(await plan(planId)).toMatchObject({ status: 'active', chargesMade: 1, nextChargeOn: '2027-01-23' });
  }, 60_000);
});
