// Issue 23, item 1: a reward held on an appointment follows its booking (pay at the counter keeps
// it held), and applies only where it may.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { invoices, loyaltyHolds, services } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { cancelBooking, markAttendance } from '#features/booking/index.server.ts';
import { insertPaymentForTest } from '#features/booking/test-support.ts';
import { type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import { appProviders, createPayment, markPaidAtCounter } from '#features/payments/index.server.ts';
import { payerChoice } from '#features/payments/test-support.ts';
import { translator } from '#i18n/t.ts';
import {
  applyRewardToInvoice,
  checkLedger,
  redeemPost,
  releaseDueHolds,
  rewardsPage,
  rewardValue,
} from './index.server.ts';
import { memberById } from './loyalty-repo.server';
import { HOLD_RECHECK_MS } from './rewards.server';
import { minutes, NOW, spineSuite, thu } from './spine-test-support.ts';
import { aMemberWithPoints, insertTestReward } from './test-support';

composeApp();

describe.each(testDatabaseKinds)('loyalty holds on the spine on %s', (kind) => {
  const t = spineSuite(kind, 'demo');
  const holdOf = async (invoiceId: string) =>
    (await t.db.select().from(loyaltyHolds).where(eq(loyaltyHolds.invoiceId, invoiceId)))[0];
  const invoiceView = async (publicId: string) => (await invoiceByPublicId(t.db, t.klinik, publicId)) as InvoiceView;
  const chooseCounter = (invoice: InvoiceView, now: Date) =>
    createPayment(
      t.db,
      appProviders(t.db),
      payerChoice(t.klinik, invoice, '203.0.113.9', {
        method: 'counter',
        siteOrigin: 'http://klinik.localhost:4321',
        now,
      }),
    );

  describe('a reward applied, then "pay at the counter"', () => {
    /** A member with 300 points, a "RM10 off for 100 points" reward applied to a fresh booking, then the counter chosen. */
    async function counterBookingWithReward(start: Date) {
      const { programme, member, customer } = await aMemberWithPoints(t.db, t.klinik.id, 300, { now: NOW });
      const reward = await insertTestReward(t.db, t.klinik.id, programme.id, {
        kind: 'discount_fixed',
        valueMinor: 1000,
        pointsCost: 100,
        name: { en: 'RM10 off' },
      });
      const held = await t.book(start, { customerId: customer.id });
      const applied = await applyRewardToInvoice(t.db, {
        tenant: t.klinik,
        memberId: member.id,
        customerId: customer.id,
        rewardId: reward.id,
        invoicePublicId: held.invoice.publicId,
        now: minutes(1),
      });
      expect(applied).toMatchObject({ ok: true, discount: 1000 });
      const started = await chooseCounter(await invoiceView(held.invoice.publicId), minutes(2));
      expect(started).toMatchObject({ ok: true });
      return { member, held };
    }

    it('keeps the points held after the ten minutes, and spends them when staff mark it paid', async () => {
      const { member, held } = await counterBookingWithReward(thu('09:00'));
      expect(await t.balance(member.id, minutes(3))).toBe(200);
      // The original hold time passes, the job runs (twice, on two instances): nothing comes back.
      const late = minutes(11);
      const runs = await Promise.all([t.db, t.secondDb].map((db) => releaseDueHolds(db, late)));
      expect(runs).toEqual([0, 0]);
      expect(await releaseDueHolds(t.db, minutes(60))).toBe(0);
      expect(await t.balance(member.id, minutes(60))).toBe(200);
      expect((await holdOf(held.invoice.id))?.status).toBe('held');
      expect((await t.entries(member.id)).map((e) => e.kind).sort()).toEqual(['adjust', 'hold']);

      // Paid at the counter (RM40 after the discount): spent, never owed, the RM40 earns 40.
      const paid = await markPaidAtCounter(t.db, {
        tenantId: t.klinik.id,
        invoice: await invoiceView(held.invoice.publicId),
        staffId: t.staffId,
        now: minutes(90),
      });
      expect(paid.changed).toBe(true);
      expect((await holdOf(held.invoice.id))?.status).toBe('spent');
      expect(await t.balance(member.id, minutes(90))).toBe(240);
      expect((await memberById(t.db, t.klinik.id, member.id))?.owed).toBe(0);
      const kinds = (await t.entries(member.id)).map((e) => e.kind).sort();
      expect(kinds).toEqual(['adjust', 'earn', 'hold', 'spend']);
      expect(await releaseDueHolds(t.db, minutes(24 * 60))).toBe(0);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });

    it('gives the points back when the booking is cancelled', async () => {
      const { member, held } = await counterBookingWithReward(thu('10:00'));
      expect(await releaseDueHolds(t.db, minutes(11))).toBe(0);
      expect(await t.balance(member.id, minutes(11))).toBe(200);
      const cancelled = await cancelBooking(t.db, {
        tenantId: t.klinik.id,
        publicId: held.booking.publicId,
        now: minutes(12),
      });
      expect(cancelled.ok).toBe(true);
      const next = new Date(minutes(11).getTime() + HOLD_RECHECK_MS);
      expect(await releaseDueHolds(t.db, next)).toBe(1);
      expect(await releaseDueHolds(t.db, next)).toBe(0);
      expect((await holdOf(held.invoice.id))?.status).toBe('released');
      expect(await t.balance(member.id, next)).toBe(300);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });

    it('gives the points back when the patient does not come, and spends them when they came', async () => {
      const missed = await counterBookingWithReward(thu('11:00'));
      const came = await counterBookingWithReward(thu('14:00'));
      const after = new Date(thu('17:00').getTime());
      const mark = (publicId: string, outcome: 'no_show' | 'completed') =>
        markAttendance(t.db, { tenantId: t.klinik.id, publicId, outcome, now: after });
      expect(await mark(missed.held.booking.publicId, 'no_show')).toMatchObject({ ok: true });
      expect(await mark(came.held.booking.publicId, 'completed')).toMatchObject({ ok: true });
      expect(await releaseDueHolds(t.db, after)).toBe(2);
      expect((await holdOf(missed.held.invoice.id))?.status).toBe('released');
      expect(await t.balance(missed.member.id, after)).toBe(300);
      expect((await holdOf(came.held.invoice.id))?.status).toBe('spent');
      expect(await t.balance(came.member.id, after)).toBe(200);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });
  });

  it('says a payment has started, not "no held booking", when a reward is applied while a card payment is open', async () => {
    const { programme, member, customer } = await aMemberWithPoints(t.db, t.klinik.id, 300, { now: NOW });
    const reward = await insertTestReward(t.db, t.klinik.id, programme.id, {
      kind: 'discount_fixed',
      valueMinor: 1000,
      pointsCost: 100,
    });
    const held = await t.book(thu('12:00'), { customerId: customer.id });
    await insertPaymentForTest(t.db, t.klinik.id, held.invoice.id);
    const posted = await redeemPost(t.db, {
      tenant: t.klinik,
      customerId: customer.id,
      form: { reward: reward.id, use: 'booking', invoice: held.invoice.publicId },
      locale: 'en',
      t: translator('en'),
      now: minutes(1),
    });
    expect(posted).toEqual({
      kind: 'refused',
      status: 409,
      message: translator('en')('loyalty.rewards.paymentStarted'),
    });
    expect(await t.balance(member.id, minutes(1))).toBe(300);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, held.invoice.id));
    expect(row?.total).toBe(held.invoice.total);
  });

  it('describes a reward by the service it is for, and applies it only to that service (issue 23)', async () => {
    const [screening] = await t.db
      .select()
      .from(services)
      .where(and(eq(services.tenantId, t.klinik.id), eq(services.slug, 'health-screening')));
    // The demo's "15% off a health screening" says so, in every language.
    const seeded = (
      await rewardsPage(t.db, { tenant: t.klinik, programmePublicId: 'sihat-points', customerId: null })
    )?.rewards.find((r) => r.kind === 'discount_percent');
    expect(seeded?.serviceId).toBe(screening?.id);
    expect(
      rewardValue(seeded ?? { kind: '', valueMinor: null, percent: null }, translator('en'), t.klinik.currency, 'en'),
    ).toBe('15% off Full health screening, up to RM50.00');
    expect(
      rewardValue(seeded ?? { kind: '', valueMinor: null, percent: null }, translator('ms'), t.klinik.currency, 'ms'),
    ).toBe('Diskaun 15% untuk Saringan kesihatan penuh, sehingga RM50.00');

    const { programme, member, customer } = await aMemberWithPoints(t.db, t.klinik.id, 500, { now: NOW });
    const forService = (serviceId: string) =>
      insertTestReward(t.db, t.klinik.id, programme.id, {
        kind: 'discount_percent',
        percent: 15,
        pointsCost: 100,
        serviceId,
      });
    const screeningOnly = await forService(screening?.id ?? '');
    const scalingOnly = await forService(t.scaling);
    const held = await t.book(thu('17:00'), { customerId: customer.id });
    const apply = (rewardId: string) =>
      applyRewardToInvoice(t.db, {
        tenant: t.klinik,
        memberId: member.id,
        customerId: customer.id,
        rewardId,
        invoicePublicId: held.invoice.publicId,
        now: minutes(1),
      });
    expect(await apply(screeningOnly.id)).toEqual({ ok: false, reason: 'not_applicable' });
    expect(await t.balance(member.id, minutes(1))).toBe(500);
    expect(await apply(scalingOnly.id)).toMatchObject({ ok: true, discount: 750 });
  });
});
