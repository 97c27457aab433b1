import { and, asc, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { type Database, openDatabase } from '#db/client.server.ts';
import {
  donationPlans,
  donationReceipts,
  donations,
  invoices,
  jobRuns,
  outbox,
  planInstalments,
  rateLimits,
  sandboxCharges,
} from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { transaction } from '#db/transaction.server.ts';
import { invoiceByPublicId } from '#features/invoices/index.server.ts';
import {
  paymentProviders,
  SANDBOX_DECLINING_CARD,
  SANDBOX_SAVED_CARD,
  type SavedProviders,
} from '#features/payments/index.server.ts';
import { runDueInstalments, startCardUpdate } from './instalments.server';
import { linkToken, openLink } from './manage-link.server';
import { DAY_MS } from './plan-rules';
import { cancelPlan, changePlanAmount } from './plans.server';
import { nextReceiptNumber } from './receipt-repo.server';
import { checkoutToInvoice, payInSandbox } from './test-support';
import { aFoundationSuite } from './test-support.ts';

composeApp();

// 10:00 in Kuala Lumpur on Monday 23 Nov 2026: the checkout's day, the first gift's.
const NOW = new Date('2026-11-23T02:00:00Z');
const at = (day: string) => new Date(`${day}T02:00:00Z`); // 10:00 in Kuala Lumpur that day

describe.each(testDatabaseKinds)('recurring plans and receipts on %s', (kind) => {
  const suite = aFoundationSuite(kind, { monthlyCounts: [2, 3, 6], weeklyCounts: [4] });
  beforeEach(async () => {
    await suite.db.delete(rateLimits);
  });

  /** A monthly (or weekly) plan through the real checkout, its first gift paid through the sandbox. */
  async function paidPlan(input: { method: 'card' | 'fpx'; count: number; type?: 'weekly' | 'monthly' }) {
    const db = suite.db;
    const invoice = await checkoutToInvoice(db, {
      tenant: suite.yayasan,
      lines: [
        {
          campaignId: suite.campaignId,
          amountMinor: 3000,
          type: input.type ?? 'monthly',
          count: input.count,
          coverFees: false,
        },
      ],
      locale: 'ms',
      clientIp: suite.nextIp(),
      now: NOW,
    });
    await payInSandbox(db, {
      tenant: suite.yayasan,
      invoice,
      method: input.method,
      ip: suite.nextIp(),
      now: NOW,
    });
    const [plan] = await db
      .select()
      .from(donationPlans)
      .where(eq(donationPlans.id, await planOf(invoice.id)));
    if (!plan) throw new Error('no plan');
    return plan;
  }

  async function planOf(invoiceId: string): Promise<string> {
    const [gift] = await suite.db.select().from(donations).where(eq(donations.invoiceId, invoiceId));
    if (!gift?.planId) throw new Error('no plan gift');
    return gift.planId;
  }

  const planRow = async (id: string) =>
    (await suite.db.select().from(donationPlans).where(eq(donationPlans.id, id)))[0];
  const instalments = (planId: string) =>
    suite.db.select().from(planInstalments).where(eq(planInstalments.planId, planId)).orderBy(asc(planInstalments.seq));
  const paidGifts = (planId: string) =>
    suite.db
      .select()
      .from(donations)
      .where(and(eq(donations.planId, planId), eq(donations.status, 'paid')))
      .orderBy(asc(donations.instalmentSeq));
  const messagesTo = (template: string) => suite.db.select().from(outbox).where(eq(outbox.template, template));

  it('activates a card plan on its first gift: instalment 1 paid, the card saved, a numbered receipt e-mailed', async () => {
    const plan = await paidPlan({ method: 'card', count: 3 });
    expect(plan.status).toBe('active');
    expect(plan.method).toBe('card');
    expect(plan.provider).toBe('sandbox');
    expect(plan.providerMethodRef).toBe(SANDBOX_SAVED_CARD);
    expect(plan.chargesMade).toBe(1);
    expect(plan.nextChargeOn).toBe('2026-12-23');
    expect((await instalments(plan.id)).map((i) => i.status)).toEqual(['paid', 'scheduled', 'scheduled']);
    const [gift] = await paidGifts(plan.id);
    const [receipt] = await suite.db
      .select()
      .from(donationReceipts)
      .where(eq(donationReceipts.donationId, gift?.id ?? ''));
    expect(receipt).toMatchObject({ year: 2026, issuedOn: '2026-11-23', amountMinor: 3000, donorName: 'Siti Aminah' });
    const sent = (await messagesTo('donation-receipt')).filter((m) => m.destination === gift?.email);
    const mine = sent.find((m) =>
      (m.payload as { manageLink?: string }).manageLink?.includes(linkToken('plan', suite.yayasan.id, plan.id)),
    );
    expect(mine?.locale).toBe('ms');
    // The donation receipt is the only one: no invoice receipt for a donation invoice as well.
    expect((await messagesTo('receipt')).filter((m) => m.destination === gift?.email)).toEqual([]);
  });

  it('charges each due instalment exactly once under two workers, after a crash and a restart, then completes', async () => {
    const plan = await paidPlan({ method: 'card', count: 3 });
    const second: Database =
      kind === 'postgres' && suite.database.url ? await openDatabase({ url: suite.database.url }) : suite.database;
    try {
      // Two instances run the job at the same moment, on the second instalment's day.
      const due2 = at('2026-12-23');
      await Promise.all([runDueInstalments(suite.db, due2), runDueInstalments(second.db, due2)]);
      expect((await paidGifts(plan.id)).map((g) => g.instalmentSeq)).toEqual([1, 2]);

      // The third: the first run crashes after the provider charged (its transaction rolls back) …
      const due3 = at('2027-01-23');
      let crash = true;
      const crashing = (db: Parameters<typeof paymentProviders>[0]['db']): SavedProviders => {
        const real = paymentProviders({ db });
        return {
          byName: (name) => {
            const provider = real.byName(name);
            if (!provider?.chargeSaved) return provider;
            return {
              ...provider,
              chargeSaved: async (request) => {
                const outcome = await provider.chargeSaved?.(request);
                if (crash && request.idempotencyKey.includes(plan.id)) {
                  crash = false;
                  throw new Error('instance died');
                }
                if (!outcome) throw new Error('no outcome');
                return outcome;
              },
            };
          },
        };
      };
      await runDueInstalments(suite.db, due3, { providersFor: crashing });
      expect((await paidGifts(plan.id)).map((g) => g.instalmentSeq)).toEqual([1, 2]);
      // … the restarted instance and another one catch it up, once.
      await Promise.all([
        runDueInstalments(suite.db, new Date(due3.getTime() + 60_000)),
        runDueInstalments(second.db, new Date(due3.getTime() + 60_000)),
      ]);
      // Later runs find nothing left to do.
      await runDueInstalments(suite.db, at('2027-03-01'));
      expect((await paidGifts(plan.id)).map((g) => g.instalmentSeq)).toEqual([1, 2, 3]);
      const charges = await suite.db
        .select()
        .from(sandboxCharges)
        .where(like(sandboxCharges.id, `saved_instalment-${plan.id}:%`));
      expect(charges.filter((c) => c.status === 'succeeded').map((c) => c.id.split(':')[1])).toEqual(['2', '3']);
      const runs = await suite.db
        .select()
        .from(jobRuns)
        .where(like(jobRuns.key, `${plan.id}:%`));
      expect(runs.map((r) => r.key).sort()).toEqual([`${plan.id}:2:1`, `${plan.id}:3:1`]);
      const after = await planRow(plan.id);
      expect(after).toMatchObject({ status: 'completed', chargesMade: 3, nextChargeOn: null });
      // One receipt per charge, numbered in the tenant's sequence.
      const receipts = await suite.db
        .select()
        .from(donationReceipts)
        .where(eq(donationReceipts.tenantId, suite.yayasan.id));
      expect(new Set(receipts.map((r) => `${r.year}-${r.number}`)).size).toBe(receipts.length);
    } finally {
      if (second !== suite.database) await second.close();
    }
  }, 60_000);

  it('retries a declining saved card after 2 and 5 days, then fails the plan and sends the update-card link', async () => {
    const plan = await paidPlan({ method: 'card', count: 4, type: 'weekly' });
    await suite.db
      .update(donationPlans)
      .set({ providerMethodRef: SANDBOX_DECLINING_CARD })
      .where(eq(donationPlans.id, plan.id));
    const due = at('2026-11-30');
    expect(await runDueInstalments(suite.db, due)).toMatchObject({ declined: 1 });
    let [, second] = await instalments(plan.id);
    expect(second).toMatchObject({ status: 'scheduled', attempts: 1 });
    expect(second?.nextAttemptAt).toEqual(new Date(due.getTime() + 2 * DAY_MS));
    // A day later: nothing (not yet); the third week's instalment waits behind the retrying one.
    await runDueInstalments(suite.db, new Date(due.getTime() + DAY_MS));
    expect((await instalments(plan.id))[1]?.attempts).toBe(1);
    expect(await runDueInstalments(suite.db, new Date(due.getTime() + 2 * DAY_MS))).toMatchObject({ declined: 1 });
    [, second] = await instalments(plan.id);
    expect(second?.nextAttemptAt).toEqual(new Date(due.getTime() + 5 * DAY_MS));
    expect(await runDueInstalments(suite.db, new Date(due.getTime() + 5 * DAY_MS))).toMatchObject({ failed: 1 });
    const rows = await instalments(plan.id);
    expect(rows.map((i) => [i.status, i.attempts])).toEqual([
      ['paid', 0],
      ['failed', 3],
      ['scheduled', 0],
      ['scheduled', 0],
    ]);
    expect(await planRow(plan.id)).toMatchObject({ status: 'failing', failures: 1, chargesMade: 1 });
    const notices = (await messagesTo('donation-card-failed')).filter((m) =>
      (m.payload as { link: string }).link.includes(linkToken('plan', suite.yayasan.id, plan.id)),
    );
    expect(notices.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    // A failing plan charges nothing more until the donor gives another card.
    expect(await runDueInstalments(suite.db, at('2026-12-31'))).toMatchObject({ charged: 0, declined: 0 });

    // The donor pays the missed gift with another card: the plan is active again with it.
    const update = await startCardUpdate(suite.db, { tenantId: suite.yayasan.id, planId: plan.id });
    if (!update.ok) throw new Error(update.reason);
    const invoice = await invoiceByPublicId(suite.db, suite.yayasan, update.invoicePublicId);
    expect(invoice?.savesPaymentMethod).toBe(true);
  }, 60_000);

  it("invoices an online-banking plan's instalments once each and sends the pay-link", async () => {
    const plan = await paidPlan({ method: 'fpx', count: 2 });
    expect(plan).toMatchObject({ status: 'active', method: 'fpx', providerMethodRef: null });
    const due = at('2026-12-23');
    await Promise.all([runDueInstalments(suite.db, due), runDueInstalments(suite.db, due)]);
    await runDueInstalments(suite.db, new Date(due.getTime() + DAY_MS));
    const [, second] = await instalments(plan.id);
    expect(second).toMatchObject({ status: 'invoiced', attempts: 1 });
    const bills = await suite.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, second?.invoiceId ?? ''));
    expect(bills.map((b) => [b.status, Number(b.total)])).toEqual([['open', 3000]]);
    const links = (await messagesTo('donation-pay-link')).filter((m) =>
      (m.payload as { link: string }).link.includes(bills[0]?.publicId ?? '?'),
    );
    expect(links.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    expect(links.every((m) => m.locale === 'ms')).toBe(true);
  }, 60_000);

  it('cancelling stops every later charge; the amount can change within the campaign limits', async () => {
    const plan = await paidPlan({ method: 'card', count: 6 });
    expect(
      await changePlanAmount(suite.db, { tenantId: suite.yayasan.id, planId: plan.id, amountMinor: 10 }),
    ).toMatchObject({ ok: false, reason: 'amount' });
    expect(
      await changePlanAmount(suite.db, { tenantId: suite.yayasan.id, planId: plan.id, amountMinor: 4500 }),
    ).toMatchObject({ ok: true });
    expect(await cancelPlan(suite.db, { tenantId: suite.yayasan.id, planId: plan.id, reason: 'afford' })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(await cancelPlan(suite.db, { tenantId: suite.yayasan.id, planId: plan.id, reason: null })).toMatchObject({
      ok: false,
      reason: 'not_changeable',
    });
    await runDueInstalments(suite.db, at('2027-12-31'));
    expect((await paidGifts(plan.id)).map((g) => g.instalmentSeq)).toEqual([1]);
    expect((await instalments(plan.id)).map((i) => i.status)).toEqual(['paid', ...Array(5).fill('skipped')]);
    expect(await planRow(plan.id)).toMatchObject({ status: 'cancelled', cancelReason: 'afford', amountMinor: 4500 });
  }, 60_000);

  it('numbers receipts per tenant and year without gaps or repeats under concurrency', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 20 }, () => transaction(suite.db, (tx) => nextReceiptNumber(tx, suite.yayasan.id, 2031))),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await transaction(suite.db, (tx) => nextReceiptNumber(tx, suite.yayasan.id, 2032))).toBe(1);
  });

  it('opens a manage link only untampered, for its own tenant', async () => {
    const plan = await paidPlan({ method: 'card', count: 2 });
    const token = linkToken('plan', suite.yayasan.id, plan.id);
    expect(openLink('plan', suite.yayasan.id, token)).toBe(plan.id);
    expect(openLink('plan', suite.yayasan.id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(openLink('receipt', suite.yayasan.id, token)).toBeNull();
  });
});
