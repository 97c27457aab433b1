import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { outbox } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { customerInvoices, invoiceByPublicId, startCheckout } from '#features/invoices/index.server.ts';
import type { Tenant } from '#features/tenants/index.server.ts';
import { accountsSuite } from './auth-test-support';
import {
  confirmContactChange,
  customerForToken,
  endSession,
  requestContactChange,
  requestLoginCode,
  staffForToken,
  startSession,
  verifyLoginCode,
} from './index.server.ts';

// Customers log in with a code: codes, their limits, guests' records, tenants apart, sessions.
// Logging in attaches a guest's earlier records (effects registered as the running app does).
composeApp();

describe.each(testDatabaseKinds)('customer logins on %s', (kind) => {
  const suite = accountsSuite(kind);
  const { ip, sendCode } = suite;

  it('logs in with the code it sent, and queues the message in the customer language', async () => {
    const code = await sendCode(suite.klinik, '60123450001');
    const messages = await suite.db.select().from(outbox).where(eq(outbox.destination, '60123450001'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: 'sms',
      locale: 'ms',
      template: 'login-code',
      tenantId: suite.klinik.id,
    });
    expect(messages[0]?.payload).toMatchObject({ code, organisation: 'Klinik Sihat Bersama', minutes: 10 });

    const result = await verifyLoginCode(suite.db, {
      tenant: suite.klinik,
      channel: 'phone',
      destination: '60123450001',
      code,
      locale: 'ms',
    });
    expect(result.ok).toBe(true);
    // A code works once.
    const again = await verifyLoginCode(suite.db, {
      tenant: suite.klinik,
      channel: 'phone',
      destination: '60123450001',
      code,
      locale: 'ms',
    });
    expect(again).toEqual({ ok: false, reason: 'used' });
  });

  it("gives a guest's earlier invoices to the customer who logs in with the same phone, and no one else's", async () => {
    const guestInvoice = (tenant: Tenant, phone: string, email: string | null = null) =>
      startCheckout(suite.db, {
        tenantId: tenant.id,
        currency: tenant.currency,
        kind: 'appointment',
        locale: 'en',
        lines: [{ description: { en: 'Visit' }, quantity: 1, unitAmount: 5_000 }],
        contact: { name: 'Guest', phone, email },
      });
    const mine = await guestInvoice(suite.klinik, '60123450777');
    const byEmail = await guestInvoice(suite.klinik, '60199999999', 'Guest.Payer@Example.my');
    const elsewhere = await guestInvoice(suite.yayasan, '60123450777');
    const someoneElse = await guestInvoice(suite.klinik, '60123450778');

    const code = await sendCode(suite.klinik, '60123450777');
    const result = await verifyLoginCode(suite.db, {
      tenant: suite.klinik,
      channel: 'phone',
      destination: '60123450777',
      code,
      locale: 'en',
    });
    if (!result.ok) throw new Error('login failed');
    const listed = await customerInvoices(suite.db, suite.klinik, result.customer.id, 1);
    expect(listed.invoices.map((invoice) => invoice.publicId)).toEqual([mine.publicId]);
    expect((await invoiceByPublicId(suite.db, suite.yayasan, elsewhere.publicId))?.customerId).toBeNull();
    expect((await invoiceByPublicId(suite.db, suite.klinik, someoneElse.publicId))?.customerId).toBeNull();

    // Confirming an e-mail later brings the invoices made with it too (whatever its letter case).
    const change = await requestContactChange(suite.db, {
      tenant: suite.klinik,
      customerId: result.customer.id,
      channel: 'email',
      destination: 'guest.payer@example.my',
      locale: 'en',
      ip: ip(),
    });
    if (!change.ok) throw new Error('contact change refused');
    const confirmed = await confirmContactChange(suite.db, {
      tenant: suite.klinik,
      customerId: result.customer.id,
      channel: 'email',
      destination: 'guest.payer@example.my',
      code: change.code,
    });
    expect(confirmed.ok).toBe(true);
    const after = await customerInvoices(suite.db, suite.klinik, result.customer.id, 1);
    expect(after.invoices.map((invoice) => invoice.publicId).sort()).toEqual([mine.publicId, byEmail.publicId].sort());
  });

  it('burns a code after three wrong guesses, even if the right one comes next', async () => {
    const code = await sendCode(suite.klinik, '60123450002');
    const wrong = code === '000000' ? '111111' : '000000';
    const input = {
      tenant: suite.klinik,
      channel: 'phone' as const,
      destination: '60123450002',
      locale: 'ms' as const,
    };
    expect(await verifyLoginCode(suite.db, { ...input, code: wrong })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 2,
    });
    expect(await verifyLoginCode(suite.db, { ...input, code: wrong })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 1,
    });
    expect(await verifyLoginCode(suite.db, { ...input, code: wrong })).toEqual({
      ok: false,
      reason: 'too_many_attempts',
    });
    expect(await verifyLoginCode(suite.db, { ...input, code })).toEqual({ ok: false, reason: 'too_many_attempts' });
  });

  it('refuses an expired code and keeps only the newest code alive', async () => {
    const past = new Date(Date.now() - 11 * 60_000);
    const old = await sendCode(suite.klinik, '60123450003', past);
    const input = {
      tenant: suite.klinik,
      channel: 'phone' as const,
      destination: '60123450003',
      locale: 'en' as const,
    };
    expect(await verifyLoginCode(suite.db, { ...input, code: old })).toEqual({ ok: false, reason: 'expired' });
    const first = await sendCode(suite.klinik, '60123450003');
    const second = await sendCode(suite.klinik, '60123450003');
    if (first !== second) {
      expect((await verifyLoginCode(suite.db, { ...input, code: first })).ok).toBe(false);
    }
    expect((await verifyLoginCode(suite.db, { ...input, code: second })).ok).toBe(true);
  });

  it('rate-limits codes per destination', async () => {
    const now = new Date();
    for (let i = 0; i < 3; i += 1) await sendCode(suite.klinik, '60123450004', now);
    const refused = await requestLoginCode(suite.db, {
      tenant: suite.klinik,
      channel: 'phone',
      destination: '60123450004',
      locale: 'en',
      ip: ip(),
      now,
    });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('keeps customers apart per tenant: one phone at two organisations is two customers', async () => {
    const a = await sendCode(suite.klinik, '60123450005');
    const b = await sendCode(suite.yayasan, '60123450005');
    const atKlinik = await verifyLoginCode(suite.db, {
      tenant: suite.klinik,
      channel: 'phone',
      destination: '60123450005',
      code: a,
      locale: 'en',
    });
    // The clinic's code is not the foundation's.
    const crossed = await verifyLoginCode(suite.db, {
      tenant: suite.yayasan,
      channel: 'phone',
      destination: '60123450005',
      code: a === b ? '999999' : a,
      locale: 'en',
    });
    const atYayasan = await verifyLoginCode(suite.db, {
      tenant: suite.yayasan,
      channel: 'phone',
      destination: '60123450005',
      code: b,
      locale: 'en',
    });
    expect(atKlinik.ok && atYayasan.ok).toBe(true);
    if (a !== b) expect(crossed.ok).toBe(false);
    if (atKlinik.ok && atYayasan.ok) expect(atKlinik.customer.id).not.toBe(atYayasan.customer.id);
  });

  it('ties a session to its tenant and ends it on logout', async () => {
    const code = await sendCode(suite.klinik, '60123450006');
    const login = await verifyLoginCode(suite.db, {
      tenant: suite.klinik,
      channel: 'phone',
      destination: '60123450006',
      code,
      locale: 'en',
    });
    if (!login.ok) throw new Error('login failed');
    const session = await startSession(suite.db, {
      tenantId: suite.klinik.id,
      kind: 'customer',
      subjectId: login.customer.id,
    });
    expect((await customerForToken(suite.db, suite.klinik.id, session.token))?.id).toBe(login.customer.id);
    expect(await customerForToken(suite.db, suite.yayasan.id, session.token)).toBeNull();
    expect(await staffForToken(suite.db, suite.klinik.id, session.token)).toBeNull();
    // A new login rotates: the old token stops working.
    const rotated = await startSession(suite.db, {
      tenantId: suite.klinik.id,
      kind: 'customer',
      subjectId: login.customer.id,
      previousToken: session.token,
    });
    expect(await customerForToken(suite.db, suite.klinik.id, session.token)).toBeNull();
    await endSession(suite.db, suite.klinik.id, rotated.token);
    expect(await customerForToken(suite.db, suite.klinik.id, rotated.token)).toBeNull();
    // Expired sessions count for nothing.
    const expired = await startSession(suite.db, {
      tenantId: suite.klinik.id,
      kind: 'customer',
      subjectId: login.customer.id,
      now: new Date('2020-01-01'),
    });
    expect(await customerForToken(suite.db, suite.klinik.id, expired.token)).toBeNull();
  });
});
