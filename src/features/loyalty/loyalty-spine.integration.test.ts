// Issue 23, items 1 and 2: a reward held on an appointment follows its booking (pay at the counter
// keeps it held), and points follow the customer identity the spine links (a guest's paid invoice
// claimed at login earns once).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { type Db, openDatabase } from '#db/client.server.ts';
import { invoices, loyaltyEntries, loyaltyHolds, loyaltyMembers, services, staff } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { transaction } from '#db/transaction.server.ts';
import { seedDemo } from '#demo/demo.server.ts';
import { requestLoginCode, verifyLoginCode } from '#features/auth/index.server.ts';
import { bookSlot, cancelBooking, markAttendance } from '#features/booking/index.server.ts';
import { insertPaymentForTest } from '#features/booking/test-support.ts';
import { type InvoiceView, invoiceByPublicId } from '#features/invoices/index.server.ts';
import { appProviders, createPayment, markPaidAtCounter, settlePayment } from '#features/payments/index.server.ts';
import { forgetCachedTenants, resolveTenant, type Tenant } from '#features/tenants/index.server.ts';
import { translator } from '#i18n/t.ts';
import {
  applyRewardToInvoice,
  balanceOf,
  checkLedger,
  credit,
  redeemPost,
  releaseDueHolds,
  rewardsPage,
  rewardValue,
} from './index.server.ts';
import { lotsOf } from './loyalty-ledger-repo.server';
import { memberById } from './loyalty-repo.server';
import { HOLD_RECHECK_MS } from './rewards.server';
import { insertTestMember, insertTestProgramme, insertTestReward } from './test-support';

composeApp();

// Monday 23 Nov 2026, 08:00 in Kuala Lumpur; the appointments are on Thursday 26 Nov.
const NOW = new Date('2026-11-23T00:00:00Z');
const thu = (hhmm: string) => new Date(`2026-11-26T${hhmm}:00+08:00`);
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe.each(testDatabaseKinds)('loyalty on the spine on %s', (kind) => {
  let database: TestDatabase;
  let second: { db: Db; close(): Promise<void> } | null = null;
  let klinik: Tenant;
  let scaling = '';
  let staffId = '';
  let phoneSeq = 60175550000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database.db);
    forgetCachedTenants();
    klinik = (await resolveTenant(database.db, 'klinik.localhost')) as Tenant;
    const [service] = await database.db
      .select()
      .from(services)
      .where(and(eq(services.tenantId, klinik.id), eq(services.slug, 'dental-scaling')));
    scaling = service?.id ?? '';
    const [member] = await database.db.select().from(staff).where(eq(staff.tenantId, klinik.id));
    staffId = member?.id ?? '';
    if (database.url) second = await openDatabase({ url: database.url });
  });
  afterAll(async () => {
    forgetCachedTenants();
    await second?.close();
    await database?.close();
  });

  const balance = async (memberId: string, now = new Date()) => {
    const member = await memberById(database.db, klinik.id, memberId);
    return balanceOf(await lotsOf(database.db, klinik.id, memberId), member?.owed ?? 0, now);
  };
  const entries = (memberId: string) =>
    database.db.select().from(loyaltyEntries).where(eq(loyaltyEntries.memberId, memberId));
  const holdOf = async (invoiceId: string) =>
    (await database.db.select().from(loyaltyHolds).where(eq(loyaltyHolds.invoiceId, invoiceId)))[0];
  const invoiceView = async (publicId: string) =>
    (await invoiceByPublicId(database.db, klinik, publicId)) as InvoiceView;

  /** A booking (RM50 scaling) held for `customerId` (or a guest) with the given phone. */
  async function book(start: Date, options: { customerId?: string | null; phone?: string } = {}) {
    phoneSeq += 1;
    const phone = options.phone ?? String(phoneSeq);
    const result = await bookSlot(database.db, {
      tenant: klinik,
      serviceId: scaling,
      resourceId: 'any',
      start,
      contact: { name: 'Nurul', phone, email: null },
      answers: {},
      locale: 'en',
      customerId: options.customerId ?? null,
      now: NOW,
    });
    if (!result.ok || !result.invoice) throw new Error(result.ok ? 'no invoice' : result.reason);
    return { ...result, invoice: result.invoice, phone };
  }
  const chooseCounter = (invoice: InvoiceView, now: Date) =>
    createPayment(database.db, appProviders(database.db), {
      tenant: klinik,
      invoice,
      method: 'counter',
      coverFees: false,
      locale: 'en',
      ip: '203.0.113.9',
      siteOrigin: 'http://klinik.localhost:4321',
      returnPath: `/invoices/${invoice.publicId}/verify`,
      now,
    });

  describe('a reward applied, then "pay at the counter"', () => {
    /** A member with 300 points, a "RM10 off for 100 points" reward applied to a fresh booking, then the counter chosen. */
    async function counterBookingWithReward(start: Date) {
      const programme = await insertTestProgramme(database.db, klinik.id);
      const reward = await insertTestReward(database.db, klinik.id, programme.id, {
        kind: 'discount_fixed',
        valueMinor: 1000,
        pointsCost: 100,
        name: { en: 'RM10 off' },
      });
      const { member, customer } = await insertTestMember(database.db, klinik.id, programme.id);
      await transaction(database.db, (tx) =>
        credit(tx, {
          tenantId: klinik.id,
          memberId: member.id,
          programme,
          kind: 'adjust',
          points: 300,
          key: `test:${crypto.randomUUID()}`,
          reason: 'test',
          now: NOW,
        }),
      );
      const held = await book(start, { customerId: customer.id });
      const applied = await applyRewardToInvoice(database.db, {
        tenant: klinik,
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
      expect(await balance(member.id, minutes(3))).toBe(200);
      // The original hold time passes, the job runs (twice, on two instances): nothing comes back.
      const late = minutes(11);
      const runs = await Promise.all([database.db, second?.db ?? database.db].map((db) => releaseDueHolds(db, late)));
      expect(runs).toEqual([0, 0]);
      expect(await releaseDueHolds(database.db, minutes(60))).toBe(0);
      expect(await balance(member.id, minutes(60))).toBe(200);
      expect((await holdOf(held.invoice.id))?.status).toBe('held');
      expect((await entries(member.id)).map((e) => e.kind).sort()).toEqual(['adjust', 'hold']);

      // Paid at the counter (RM40 after the discount): spent, never owed, the RM40 earns 40.
      const paid = await markPaidAtCounter(database.db, {
        tenantId: klinik.id,
        invoice: await invoiceView(held.invoice.publicId),
        staffId,
        now: minutes(90),
      });
      expect(paid.changed).toBe(true);
      expect((await holdOf(held.invoice.id))?.status).toBe('spent');
      expect(await balance(member.id, minutes(90))).toBe(240);
      expect((await memberById(database.db, klinik.id, member.id))?.owed).toBe(0);
      const kinds = (await entries(member.id)).map((e) => e.kind).sort();
      expect(kinds).toEqual(['adjust', 'earn', 'hold', 'spend']);
      expect(await releaseDueHolds(database.db, minutes(24 * 60))).toBe(0);
      expect((await checkLedger(database.db)).ok).toBe(true);
    });

    it('gives the points back when the booking is cancelled', async () => {
      const { member, held } = await counterBookingWithReward(thu('10:00'));
      expect(await releaseDueHolds(database.db, minutes(11))).toBe(0);
      expect(await balance(member.id, minutes(11))).toBe(200);
      const cancelled = await cancelBooking(database.db, {
        tenantId: klinik.id,
        publicId: held.booking.publicId,
        now: minutes(12),
      });
      expect(cancelled.ok).toBe(true);
      const next = new Date(minutes(11).getTime() + HOLD_RECHECK_MS);
      expect(await releaseDueHolds(database.db, next)).toBe(1);
      expect(await releaseDueHolds(database.db, next)).toBe(0);
      expect((await holdOf(held.invoice.id))?.status).toBe('released');
      expect(await balance(member.id, next)).toBe(300);
      expect((await checkLedger(database.db)).ok).toBe(true);
    });

    it('gives the points back when the patient does not come, and spends them when they came', async () => {
      const missed = await counterBookingWithReward(thu('11:00'));
      const came = await counterBookingWithReward(thu('14:00'));
      const after = new Date(thu('17:00').getTime());
      expect(
        await markAttendance(database.db, {
          tenantId: klinik.id,
          publicId: missed.held.booking.publicId,
          outcome: 'no_show',
          now: after,
        }),
      ).toMatchObject({ ok: true });
      expect(
        await markAttendance(database.db, {
          tenantId: klinik.id,
          publicId: came.held.booking.publicId,
          outcome: 'completed',
          now: after,
        }),
      ).toMatchObject({ ok: true });
      expect(await releaseDueHolds(database.db, after)).toBe(2);
      expect((await holdOf(missed.held.invoice.id))?.status).toBe('released');
      expect(await balance(missed.member.id, after)).toBe(300);
      expect((await holdOf(came.held.invoice.id))?.status).toBe('spent');
      expect(await balance(came.member.id, after)).toBe(200);
      expect((await checkLedger(database.db)).ok).toBe(true);
    });
  });

  it('says a payment has started, not "no held booking", when a reward is applied while a card payment is open', async () => {
    const programme = await insertTestProgramme(database.db, klinik.id);
    const reward = await insertTestReward(database.db, klinik.id, programme.id, {
      kind: 'discount_fixed',
      valueMinor: 1000,
      pointsCost: 100,
    });
    const { member, customer } = await insertTestMember(database.db, klinik.id, programme.id);
    await transaction(database.db, (tx) =>
      credit(tx, {
        tenantId: klinik.id,
        memberId: member.id,
        programme,
        kind: 'adjust',
        points: 300,
        key: `test:${crypto.randomUUID()}`,
        reason: 'test',
        now: NOW,
      }),
    );
    const held = await book(thu('12:00'), { customerId: customer.id });
    await insertPaymentForTest(database.db, klinik.id, held.invoice.id);
    const posted = await redeemPost(database.db, {
      tenant: klinik,
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
    expect(await balance(member.id, minutes(1))).toBe(300);
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, held.invoice.id));
    expect(row?.total).toBe(held.invoice.total);
  });

  it('describes a reward by the service it is for, and applies it only to that service (issue 23)', async () => {
    const [screening] = await database.db
      .select()
      .from(services)
      .where(and(eq(services.tenantId, klinik.id), eq(services.slug, 'health-screening')));
    // The demo's "15% off a health screening" says so, in every language.
    const seeded = (
      await rewardsPage(database.db, { tenant: klinik, programmePublicId: 'sihat-points', customerId: null })
    )?.rewards.find((r) => r.kind === 'discount_percent');
    expect(seeded?.serviceId).toBe(screening?.id);
    expect(
      rewardValue(seeded ?? { kind: '', valueMinor: null, percent: null }, translator('en'), klinik.currency, 'en'),
    ).toBe('15% off Full health screening, up to RM50.00');
    expect(
      rewardValue(seeded ?? { kind: '', valueMinor: null, percent: null }, translator('ms'), klinik.currency, 'ms'),
    ).toBe('Diskaun 15% untuk Saringan kesihatan penuh, sehingga RM50.00');

    const programme = await insertTestProgramme(database.db, klinik.id);
    const { member, customer } = await insertTestMember(database.db, klinik.id, programme.id);
    await transaction(database.db, (tx) =>
      credit(tx, {
        tenantId: klinik.id,
        memberId: member.id,
        programme,
        kind: 'adjust',
        points: 500,
        key: `test:${crypto.randomUUID()}`,
        reason: 'test',
        now: NOW,
      }),
    );
    const forService = (serviceId: string) =>
      insertTestReward(database.db, klinik.id, programme.id, {
        kind: 'discount_percent',
        percent: 15,
        pointsCost: 100,
        serviceId,
      });
    const screeningOnly = await forService(screening?.id ?? '');
    const scalingOnly = await forService(scaling);
    const held = await book(thu('17:00'), { customerId: customer.id });
    const apply = (rewardId: string) =>
      applyRewardToInvoice(database.db, {
        tenant: klinik,
        memberId: member.id,
        customerId: customer.id,
        rewardId,
        invoicePublicId: held.invoice.publicId,
        now: minutes(1),
      });
    expect(await apply(screeningOnly.id)).toEqual({ ok: false, reason: 'not_applicable' });
    expect(await balance(member.id, minutes(1))).toBe(500);
    expect(await apply(scalingOnly.id)).toMatchObject({ ok: true, discount: 750 });
  });

  describe('a guest booking of a member', () => {
    async function memberWithPhone() {
      const programme = await insertTestProgramme(database.db, klinik.id);
      const { member, customer } = await insertTestMember(database.db, klinik.id, programme.id);
      return { member, phone: customer.phone ?? '' };
    }
    async function logIn(phone: string) {
      const sent = await requestLoginCode(database.db, {
        tenant: klinik,
        channel: 'phone',
        destination: phone,
        locale: 'en',
        ip: `198.51.100.${phoneSeq % 250}`,
      });
      if (!sent.ok || !sent.code) throw new Error('no code');
      const verified = await verifyLoginCode(database.db, {
        tenant: klinik,
        channel: 'phone',
        destination: phone,
        code: sent.code,
        locale: 'en',
      });
      expect(verified.ok).toBe(true);
    }
    const earns = async (memberId: string) => (await entries(memberId)).filter((e) => e.kind === 'earn');

    it('earns once when the guest pays, then logs in (and the payment is reported again)', async () => {
      const { member, phone } = await memberWithPhone();
      const guest = await book(thu('15:00'), { phone });
      const paymentId = await insertPaymentForTest(database.db, klinik.id, guest.invoice.id);
      await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'webhook' });
      expect(await earns(member.id)).toHaveLength(0);
      await logIn(phone);
      const [row] = await database.db.select().from(invoices).where(eq(invoices.id, guest.invoice.id));
      expect(row?.customerId).not.toBeNull();
      expect((await earns(member.id)).map((e) => e.points)).toEqual([50]);
      // The gateway reports it again; the customer logs in again: nothing more.
      await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'webhook' });
      await logIn(phone);
      expect((await earns(member.id)).map((e) => e.points)).toEqual([50]);
      expect(await balance(member.id)).toBe(50);
      expect((await checkLedger(database.db)).ok).toBe(true);
    });

    it('earns the points of a visit attended as a guest once, at the login that claims it', async () => {
      const programme = await insertTestProgramme(database.db, klinik.id, { visitPoints: 7, earnPoints: 0 });
      const { member, customer } = await insertTestMember(database.db, klinik.id, programme.id);
      await database.db
        .update(loyaltyMembers)
        .set({ joinedAt: new Date(NOW.getTime() - 86_400_000) })
        .where(eq(loyaltyMembers.id, member.id));
      const phone = customer.phone ?? '';
      const guest = await book(new Date('2026-11-27T10:00:00+08:00'), { phone });
      const paymentId = await insertPaymentForTest(database.db, klinik.id, guest.invoice.id);
      await settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'webhook' });
      expect(
        await markAttendance(database.db, {
          tenantId: klinik.id,
          publicId: guest.booking.publicId,
          outcome: 'completed',
          now: new Date('2026-11-27T11:00:00+08:00'),
        }),
      ).toMatchObject({ ok: true });
      expect(await earns(member.id)).toHaveLength(0);
      await logIn(phone);
      await logIn(phone);
      expect((await earns(member.id)).map((e) => [e.points, e.reason])).toEqual([[7, 'loyalty.reason.visit']]);
      expect((await checkLedger(database.db)).ok).toBe(true);
    });

    it('earns once when the login races with the payment reported six times on two instances', async () => {
      const { member, phone } = await memberWithPhone();
      const guest = await book(new Date('2026-11-27T11:00:00+08:00'), { phone });
      const paymentId = await insertPaymentForTest(database.db, klinik.id, guest.invoice.id);
      const dbs = [database.db, second?.db ?? database.db];
      await Promise.all([
        logIn(phone),
        ...Array.from({ length: 6 }, (_, i) =>
          settlePayment(dbs[i % 2] as Db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'webhook' }),
        ),
      ]);
      expect((await earns(member.id)).map((e) => e.points)).toEqual([50]);
      expect((await checkLedger(database.db)).ok).toBe(true);
    });

    it('earns once when the guest logs in before paying', async () => {
      const { member, phone } = await memberWithPhone();
      const guest = await book(thu('16:00'), { phone });
      await logIn(phone);
      expect(await earns(member.id)).toHaveLength(0);
      const paymentId = await insertPaymentForTest(database.db, klinik.id, guest.invoice.id);
      await Promise.all(
        [0, 1].map(() =>
          settlePayment(database.db, { tenantId: klinik.id, paymentId, status: 'paid', via: 'webhook' }),
        ),
      );
      await logIn(phone);
      expect((await earns(member.id)).map((e) => e.points)).toEqual([50]);
      expect((await checkLedger(database.db)).ok).toBe(true);
    });
  });
});
