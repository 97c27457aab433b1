// Issue 23 (5): a donor who gives only a phone gets every receipt — and, for a plan, the manage
// link — by SMS, once per paid gift; the plan's later messages (pay-link) reach the phone too.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { donationReceipts, donations, outbox } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { runDueInstalments } from './instalments.server';
import { linkToken } from './manage-link.server';
import { checkoutToInvoice, payInSandbox, testDonor } from './test-support';
import { aFoundationSuite } from './test-support.ts';

composeApp();

const NOW = new Date('2026-11-23T02:00:00Z');

describe.each(testDatabaseKinds)('receipts of a phone-only donor on %s', (kind) => {
  const suite = aFoundationSuite(kind, { monthlyCounts: [3] });

  /** A gift from a donor with a phone and no e-mail, paid through the sandbox; settled twice (return page and webhook). */
  async function paidGift(
    phone: string,
    line: { type: 'one-time' | 'monthly'; count?: number },
    method = 'card',
    email: string | null = null,
  ) {
    const db = suite.db;
    const invoice = await checkoutToInvoice(db, {
      tenant: suite.yayasan,
      lines: [{ campaignId: suite.campaignId, amountMinor: 2500, coverFees: false, ...line }],
      donor: testDonor({ phone, email }),
      locale: 'ms',
      clientIp: suite.nextIp(),
      now: NOW,
    });
    await payInSandbox(db, {
      tenant: suite.yayasan,
      invoice,
      method: method as 'card',
      ip: suite.nextIp(),
      now: NOW,
      reportedBy: ['verify', 'webhook'],
    });
    const [gift] = await db.select().from(donations).where(eq(donations.invoiceId, invoice.id));
    if (!gift) throw new Error('no gift');
    return gift;
  }

  const messagesFor = (destination: string) =>
    suite.db.select().from(outbox).where(eq(outbox.destination, destination));
  const receiptOf = async (donationId: string) =>
    (await suite.db.select().from(donationReceipts).where(eq(donationReceipts.donationId, donationId)))[0];

  it('texts a one-time gift’s receipt with its signed link, exactly once', async () => {
    const phone = '60129990001';
    const gift = await paidGift(phone, { type: 'one-time' });
    const receipt = await receiptOf(gift.id);
    expect(receipt).toBeDefined();
    const sent = await messagesFor(phone);
    expect(sent.map((m) => [m.channel, m.template])).toEqual([['sms', 'donation-receipt-sms']]);
    const payload = sent[0]?.payload as { pdfLink: string; manageLink?: string };
    expect(payload.pdfLink).toContain(
      `/ms/donation/receipts/${linkToken('receipt', suite.yayasan.id, receipt?.id ?? '')}.pdf`,
    );
    expect(payload.manageLink).toBeUndefined();
  });

  it('texts a monthly gift’s receipt with the receipt and manage links, exactly once', async () => {
    const phone = '60129990002';
    const gift = await paidGift(phone, { type: 'monthly', count: 3 });
    const receipt = await receiptOf(gift.id);
    const sent = await messagesFor(phone);
    expect(sent.map((m) => [m.channel, m.template])).toEqual([['sms', 'donation-receipt-sms']]);
    const payload = sent[0]?.payload as { pdfLink: string; manageLink?: string };
    expect(payload.pdfLink).toContain(linkToken('receipt', suite.yayasan.id, receipt?.id ?? ''));
    expect(payload.manageLink).toContain(
      `/ms/donation/plans/${linkToken('plan', suite.yayasan.id, gift.planId ?? '')}`,
    );
  });

  it('sends a donor who gave an e-mail address too one receipt, by e-mail', async () => {
    const phone = '60129990003';
    await paidGift(phone, { type: 'one-time' }, 'card', 'both@example.com');
    expect((await messagesFor('both@example.com')).map((m) => m.template)).toEqual(['donation-receipt']);
    expect(await messagesFor(phone)).toEqual([]);
  });

  it('texts the pay-link of a later online-banking instalment to a phone-only donor', async () => {
    const phone = '60129990004';
    const gift = await paidGift(phone, { type: 'monthly', count: 3 }, 'fpx');
    await runDueInstalments(suite.db, new Date('2026-12-23T02:00:00Z'));
    const payLinks = await suite.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.destination, phone), eq(outbox.template, 'donation-pay-link')));
    expect(payLinks.map((m) => m.channel)).toEqual(['sms']);
    expect(gift.planId).not.toBeNull();
  });
});
