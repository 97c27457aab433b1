import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { customers, invoices, loyaltyEntries, outbox } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { transaction } from '#db/transaction.server.ts';
import { startCheckout } from '#features/invoices/index.server.ts';
import { refundPayment, settlePayment } from '#features/payments/index.server.ts';
import { klinikOnTwoInstances } from '#features/payments/instances-test-support.ts';
import { aPaidPayment, aPendingPayment } from '#features/payments/test-support.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { translator } from '#i18n/t.ts';
import {
  applyRewardToInvoice,
  checkLedger,
  earnOnVisit,
  expirePoints,
  joinProgramme,
  loyaltySection,
  redeemForVoucher,
  releaseDueHolds,
  remindExpiring,
  takeVoucherAtCounter,
} from './index.server.ts';
import { memberById } from './loyalty-repo.server';
import { givePoints, insertTestMember, insertTestProgramme, insertTestReward, pointsOf } from './test-support';

composeApp();

const RACERS = 50;

/** A gateway that gives every refund back at once. */
const refundsSucceeding = {
  byName: () => ({ refund: async () => ({ status: 'succeeded' as const, providerRef: 're_test' }) }),
};

describe.each(testDatabaseKinds)('loyalty ledger on %s', (kind) => {
  const t = klinikOnTwoInstances(kind);
  const balance = (memberId: string, now = new Date()) => pointsOf(t.db, t.klinik.id, memberId, now);
  const give = (
    memberId: string,
    programme: { expiryMonths: number | null; notUsableSameDay: boolean },
    points: number,
    now = new Date(),
  ) => givePoints(t.db, { tenantId: t.klinik.id, memberId, programme, points, now });

  /** An open appointment invoice of the customer (one booking line) and a pending sandbox payment of it. */
  async function appointmentInvoice(customerId: string, amount: number, dueAt: Date | null = null) {
    const invoice = await startCheckout(t.db, {
      tenantId: t.klinik.id,
      currency: t.klinik.currency,
      kind: 'appointment',
      lines: [
        {
          description: { en: 'Visit' },
          quantity: 1,
          unitAmount: amount,
          source: { kind: 'booking', id: crypto.randomUUID() },
        },
      ],
      contact: { name: 'Aisyah' },
      customerId,
      locale: 'en',
      dueAt,
    });
    return invoice;
  }

  it(`lets exactly one of ${RACERS} concurrent redemptions of a balance that covers one succeed`, async () => {
    const programme = await insertTestProgramme(t.db, t.klinik.id);
    const reward = await insertTestReward(t.db, t.klinik.id, programme.id, { pointsCost: 100 });
    const { member, customer } = await insertTestMember(t.db, t.klinik.id, programme.id);
    await give(member.id, programme, 60);
    await give(member.id, programme, 40);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        redeemForVoucher(t.via(i), {
          tenantId: t.klinik.id,
          memberId: member.id,
          customerId: customer.id,
          rewardId: reward.id,
        }),
      ),
    );
    const ms = performance.now() - started;
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'not_enough')).toHaveLength(RACERS - 1);
    expect(await balance(member.id)).toBe(0);
    console.info(`loyalty race on ${kind}: ${RACERS} redemptions, 1 won, ${Math.round(ms)} ms`);

    // The voucher is taken at the counter once, however often it is scanned.
    const won = results.find((r) => r.ok);
    const code = won?.ok ? won.voucher.code : '';
    const scans = await Promise.all(
      [0, 1, 2].map((i) =>
        takeVoucherAtCounter(t.via(i), { tenantId: t.klinik.id, code: code.toLowerCase(), staffId: t.staffId }),
      ),
    );
    expect(scans.filter((s) => s.ok)).toHaveLength(1);
    expect(scans.filter((s) => !s.ok && s.reason === 'used')).toHaveLength(2);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('earns once per invoice under replayed webhooks, and a refund claws the points back', async () => {
    const programme = await insertTestProgramme(t.db, t.klinik.id, { expiryMonths: 12 });
    const { member, customer } = await insertTestMember(t.db, t.klinik.id, programme.id);
    const invoice = await appointmentInvoice(customer.id, 15_050);
    const paymentId = await aPendingPayment(t.db, t.klinik.id, invoice);
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        settlePayment(t.via(i), {
          tenantId: t.klinik.id,
          paymentId,
          status: 'paid',
          via: i % 2 ? 'verify' : 'webhook',
        }),
      ),
    );
    // A late duplicate webhook, after all of them committed.
    await settlePayment(t.db, { tenantId: t.klinik.id, paymentId, status: 'paid', via: 'webhook' });
    const earned = await t.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.memberId, member.id));
    expect(earned).toHaveLength(1);
    expect(earned[0]?.points).toBe(150);
    expect(earned[0]?.expiresAt).not.toBeNull();
    expect(await balance(member.id)).toBe(150);

    // Spend 100 of it, then the visit is refunded in full: 150 taken back from what is left, the
    // rest stays with the programme (no negative balances here).
    const reward = await insertTestReward(t.db, t.klinik.id, programme.id, { pointsCost: 100 });
    expect(
      (
        await redeemForVoucher(t.db, {
          tenantId: t.klinik.id,
          memberId: member.id,
          customerId: customer.id,
          rewardId: reward.id,
        })
      ).ok,
    ).toBe(true);
    const providers = refundsSucceeding;
    const refunds = await Promise.all(
      [0, 1].map((i) =>
        refundPayment(t.via(i), providers, { tenantId: t.klinik.id, paymentId, reason: 'staff', staffId: t.staffId }),
      ),
    );
    expect(refunds.filter((r) => r.ok && r.changed)).toHaveLength(1);
    expect(await balance(member.id)).toBe(0);
    const clawbacks = (await t.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.memberId, member.id))).filter(
      (e) => e.kind === 'clawback',
    );
    expect(clawbacks.map((e) => e.points)).toEqual([-50]);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('claws back below zero where the programme allows it, and the next earn pays it off', async () => {
    const programme = await insertTestProgramme(t.db, t.klinik.id, { allowNegative: true });
    const { member, customer } = await insertTestMember(t.db, t.klinik.id, programme.id);
    const invoice = await appointmentInvoice(customer.id, 10_000);
    const paymentId = await aPaidPayment(t.db, t.klinik.id, invoice);
    const reward = await insertTestReward(t.db, t.klinik.id, programme.id, { pointsCost: 80 });
    await redeemForVoucher(t.db, {
      tenantId: t.klinik.id,
      memberId: member.id,
      customerId: customer.id,
      rewardId: reward.id,
    });
    const providers = refundsSucceeding;
    await refundPayment(t.db, providers, { tenantId: t.klinik.id, paymentId, reason: 'staff', staffId: t.staffId });
    expect(await balance(member.id)).toBe(-80);
    await give(member.id, programme, 100);
    expect(await balance(member.id)).toBe(20);
    expect((await memberById(t.db, t.klinik.id, member.id))?.owed).toBe(0);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('holds points for a discount while the booking is held, gives them back when it lapses, spends them when paid', async () => {
    const programme = await insertTestProgramme(t.db, t.klinik.id);
    const reward = await insertTestReward(t.db, t.klinik.id, programme.id, {
      kind: 'discount_fixed',
      valueMinor: 2000,
      pointsCost: 150,
      stock: 5,
    });
    const { member, customer } = await insertTestMember(t.db, t.klinik.id, programme.id);
    await give(member.id, programme, 200);
    const now = new Date();
    const dueAt = new Date(now.getTime() + 10 * 60_000);

    const lapsing = await appointmentInvoice(customer.id, 12_000, dueAt);
    const apply = (publicId: string, i = 0) =>
      applyRewardToInvoice(t.via(i), {
        tenant: t.klinik,
        memberId: member.id,
        customerId: customer.id,
        rewardId: reward.id,
        invoicePublicId: publicId,
        now,
      });
    const applied = await Promise.all([0, 1, 2].map((i) => apply(lapsing.publicId, i)));
    expect(applied.filter((r) => r.ok)).toHaveLength(1);
    const [discounted] = await t.db.select().from(invoices).where(eq(invoices.id, lapsing.id));
    expect(discounted?.total).toBe(10_000);
    expect(await balance(member.id)).toBe(50);
    // Before the hold ends nothing is released; after it, once, however often the job runs.
    expect(await releaseDueHolds(t.db, new Date(now.getTime() + 60_000))).toBe(0);
    const after = new Date(dueAt.getTime() + 1000);
    const runs = await Promise.all([0, 1].map((i) => releaseDueHolds(t.via(i), after)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await releaseDueHolds(t.db, after)).toBe(0);
    expect(await balance(member.id)).toBe(200);

    const paid = await appointmentInvoice(customer.id, 12_000, dueAt);
    expect((await apply(paid.publicId)).ok).toBe(true);
    const paymentId = await aPaidPayment(t.db, t.klinik.id, paid);
    await releaseDueHolds(t.db, after);
    // 150 spent; the paid RM100 (after the RM20 discount) earns 100.
    expect(await balance(member.id)).toBe(150);
    const kinds = (await t.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.memberId, member.id))).map(
      (e) => e.kind,
    );
    expect(kinds.filter((k) => k === 'spend')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'release')).toHaveLength(1);
    // Refunded in full (reported twice): the reward's 150 points return to their lots, the 100
    // earned on it are taken back, once.
    const providers = refundsSucceeding;
    await Promise.all(
      [0, 1].map((i) =>
        refundPayment(t.via(i), providers, { tenantId: t.klinik.id, paymentId, reason: 'staff', staffId: t.staffId }),
      ),
    );
    expect(await balance(member.id)).toBe(200);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });

  it('expires lots past their expiry once, however often the job runs; the ledger refuses edits', async () => {
    const programme = await insertTestProgramme(t.db, t.klinik.id, { expiryMonths: 1 });
    const { member } = await insertTestMember(t.db, t.klinik.id, programme.id);
    const earnedAt = new Date('2026-01-10T00:00:00Z');
    await give(member.id, programme, 70, earnedAt);
    await give(member.id, { expiryMonths: null, notUsableSameDay: false }, 30, earnedAt);
    const later = new Date('2026-03-01T00:00:00Z');
    const runs = await Promise.all([0, 1].map((i) => expirePoints(t.via(i), later)));
    const again = await expirePoints(t.db, later);
    expect(runs.reduce((s, r) => s + r.points, 0) + again.points).toBe(70);
    expect(await balance(member.id, later)).toBe(30);
    await expect(
      t.db.execute(sql`UPDATE loyalty_entries SET points = 1000 WHERE member_id = ${member.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`DELETE FROM loyalty_draws`)).rejects.toThrow();
    await expect(
      t.db.execute(sql`UPDATE loyalty_lots SET remaining = -1 WHERE member_id = ${member.id}`),
    ).rejects.toThrow();
    const clean = await checkLedger(t.db);
    expect(clean.ok).toBe(true);
    expect(clean.lotsChecked).toBeGreaterThan(0);
    // A cached remaining that drifted from the draws is found by the check command.
    await t.db.execute(
      sql`UPDATE loyalty_lots SET remaining = remaining + 1 WHERE member_id = ${member.id} AND remaining < points`,
    );
    expect(await checkLedger(t.db)).toMatchObject({ ok: false, lots: 1 });
    await t.db.execute(
      sql`UPDATE loyalty_lots SET remaining = remaining - 1 WHERE member_id = ${member.id} AND remaining > 0 AND expires_at IS NOT NULL`,
    );
  });
  it('joins once with one sign-up bonus, earns per visit once, and warns of expiring points once', async () => {
    const programme = await insertTestProgramme(t.db, t.klinik.id, {
      signupBonus: 25,
      visitPoints: 10,
      expiryMonths: 1,
    });
    const [customer] = await t.db
      .insert(customers)
      .values({ tenantId: t.klinik.id, name: 'Siti', phone: '60139990001', locale: 'ms' })
      .returning();
    const customerId = customer?.id ?? '';
    const join = (i: number) =>
      joinProgramme(t.via(i), { tenantId: t.klinik.id, programme, customerId, name: 'Siti', locale: 'ms' });
    const joined = await Promise.all([0, 1, 2].map(join));
    expect(joined.filter((j) => j.created)).toHaveLength(1);
    const memberId = joined[0]?.member.id ?? '';
    expect(await balance(memberId)).toBe(25);

    const booking = { id: crypto.randomUUID(), customerId, reference: 'KSB-TEST' };
    const visits = await Promise.all(
      [0, 1].map((i) =>
        transaction(t.via(i), (tx) => earnOnVisit(tx, { tenantId: t.klinik.id, booking, at: new Date() })),
      ),
    );
    expect(visits.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await balance(memberId)).toBe(35);
    // The account page's "Your points" lists the programme with its balance, in Malay.
    const section = await loyaltySection({
      db: t.db,
      tenant: t.klinik,
      customerId,
      locale: 'ms',
      t: translator('ms'),
    });
    expect(section.items.find((i) => i.href === `/ms/loyalty/${programme.publicId}`)?.detail).toBe('35 mata');

    // Both lots expire within a month: a reminder per lot, once, in Malay.
    const soon = new Date(Date.now() + 20 * 86_400_000);
    const first = await remindExpiring(t.db, soon);
    const again = await remindExpiring(t.db, soon);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(again).toBe(0);
    const sent = await t.db.select().from(outbox).where(eq(outbox.destination, '60139990001'));
    const expiring = sent.filter((m) => m.template === 'loyalty-points-expiring');
    expect(expiring.every((m) => m.locale === 'ms')).toBe(true);
    // Dated in SPEC.md §9's "dd Mon yyyy" (Malay month), never "28 November 2026" (issue 23).
    for (const m of expiring) expect((m.payload as { date: string }).date).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    expect((await checkLedger(t.db)).ok).toBe(true);
  });
  it('earns on gifts in rupiah where the programme says so: whole steps of Rp10.000, no decimals', async () => {
    const peduli = await aTenant(t.db, 'peduli');
    const programme = await insertTestProgramme(t.db, peduli.id, {
      earnPerMinor: 10_000,
      earnOnDonations: true,
    });
    const { member, customer } = await insertTestMember(t.db, peduli.id, programme.id);
    const invoice = await startCheckout(t.db, {
      tenantId: peduli.id,
      currency: peduli.currency,
      kind: 'donation',
      lines: [
        {
          description: { id: 'Donasi' },
          quantity: 1,
          unitAmount: 259_999,
          source: { kind: 'donation', id: crypto.randomUUID() },
        },
      ],
      contact: { name: 'Budi' },
      customerId: customer.id,
      locale: 'id',
    });
    await aPaidPayment(t.db, peduli.id, invoice, 'fpx');
    const entries = await t.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.memberId, member.id));
    expect(entries.map((e) => [e.kind, e.points])).toEqual([['earn', 25]]);
  });
});
