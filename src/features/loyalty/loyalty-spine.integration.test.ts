// Issue 23, item 2: points follow the customer identity the spine links (a guest's paid invoice
// claimed at login earns once).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import type { Db } from '#db/client.server.ts';
import { invoices, loyaltyMembers } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { requestLoginCode, verifyLoginCode } from '#features/auth/index.server.ts';
import { markAttendance } from '#features/booking/index.server.ts';
import { insertPaymentForTest } from '#features/booking/test-support.ts';
import { settlePayment } from '#features/payments/index.server.ts';
import { checkLedger } from './index.server.ts';
import { NOW, spineSuite, thu } from './spine-test-support.ts';
import { insertTestMember, insertTestProgramme } from './test-support';

composeApp();

describe.each(testDatabaseKinds)('loyalty on the spine on %s', (kind) => {
  const t = spineSuite(kind, 'catalogue');

  describe('a guest booking of a member', () => {
    async function memberWithPhone() {
      const programme = await insertTestProgramme(t.db, t.klinik.id);
      const { member, customer } = await insertTestMember(t.db, t.klinik.id, programme.id);
      return { member, phone: customer.phone ?? '' };
    }
    async function logIn(phone: string) {
      const sent = await requestLoginCode(t.db, {
        tenant: t.klinik,
        channel: 'phone',
        destination: phone,
        locale: 'en',
        ip: `198.51.100.${t.phoneSeq() % 250}`,
      });
      if (!sent.ok || !sent.code) throw new Error('no code');
      const verified = await verifyLoginCode(t.db, {
        tenant: t.klinik,
        channel: 'phone',
        destination: phone,
        code: sent.code,
        locale: 'en',
      });
      expect(verified.ok).toBe(true);
    }
    const earns = async (memberId: string) => (await t.entries(memberId)).filter((e) => e.kind === 'earn');

    it('earns once when the guest pays, then logs in (and the payment is reported again)', async () => {
      const { member, phone } = await memberWithPhone();
      const guest = await t.book(thu('15:00'), { phone });
      const paymentId = await insertPaymentForTest(t.db, t.klinik.id, guest.invoice.id);
      await settlePayment(t.db, { tenantId: t.klinik.id, paymentId, status: 'paid', via: 'webhook' });
      expect(await earns(member.id)).toHaveLength(0);
      await logIn(phone);
      const [row] = await t.db.select().from(invoices).where(eq(invoices.id, guest.invoice.id));
      expect(row?.customerId).not.toBeNull();
      expect((await earns(member.id)).map((e) => e.points)).toEqual([50]);
      // The gateway reports it again; the customer logs in again: nothing more.
      await settlePayment(t.db, { tenantId: t.klinik.id, paymentId, status: 'paid', via: 'webhook' });
      await logIn(phone);
      expect((await earns(member.id)).map((e) => e.points)).toEqual([50]);
      expect(await t.balance(member.id)).toBe(50);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });

    it('earns the points of a visit attended as a guest once, at the login that claims it', async () => {
      const programme = await insertTestProgramme(t.db, t.klinik.id, { visitPoints: 7, earnPoints: 0 });
      const { member, customer } = await insertTestMember(t.db, t.klinik.id, programme.id);
      await t.db
        .update(loyaltyMembers)
        .set({ joinedAt: new Date(NOW.getTime() - 86_400_000) })
        .where(eq(loyaltyMembers.id, member.id));
      const phone = customer.phone ?? '';
      const guest = await t.book(new Date('2026-11-27T10:00:00+08:00'), { phone });
      const paymentId = await insertPaymentForTest(t.db, t.klinik.id, guest.invoice.id);
      await settlePayment(t.db, { tenantId: t.klinik.id, paymentId, status: 'paid', via: 'webhook' });
      expect(
        await markAttendance(t.db, {
          tenantId: t.klinik.id,
          publicId: guest.booking.publicId,
          outcome: 'completed',
          now: new Date('2026-11-27T11:00:00+08:00'),
        }),
      ).toMatchObject({ ok: true });
      expect(await earns(member.id)).toHaveLength(0);
      await logIn(phone);
      await logIn(phone);
      expect((await earns(member.id)).map((e) => [e.points, e.reason])).toEqual([[7, 'loyalty.reason.visit']]);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });

    it('earns once when the login races with the payment reported six times on two instances', async () => {
      const { member, phone } = await memberWithPhone();
      const guest = await t.book(new Date('2026-11-27T11:00:00+08:00'), { phone });
      const paymentId = await insertPaymentForTest(t.db, t.klinik.id, guest.invoice.id);
      const dbs = [t.db, t.secondDb];
      await Promise.all([
        logIn(phone),
        ...Array.from({ length: 6 }, (_, i) =>
          settlePayment(dbs[i % 2] as Db, { tenantId: t.klinik.id, paymentId, status: 'paid', via: 'webhook' }),
        ),
      ]);
      expect((await earns(member.id)).map((e) => e.points)).toEqual([50]);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });

    it('earns once when the guest logs in before paying', async () => {
      const { member, phone } = await memberWithPhone();
      const guest = await t.book(thu('16:00'), { phone });
      await logIn(phone);
      expect(await earns(member.id)).toHaveLength(0);
      const paymentId = await insertPaymentForTest(t.db, t.klinik.id, guest.invoice.id);
      await Promise.all(
        [0, 1].map(() => settlePayment(t.db, { tenantId: t.klinik.id, paymentId, status: 'paid', via: 'webhook' })),
      );
      await logIn(phone);
      expect((await earns(member.id)).map((e) => e.points)).toEqual([50]);
      expect((await checkLedger(t.db)).ok).toBe(true);
    });
  });
});
