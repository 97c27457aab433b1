import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { outbox } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import type { Tenant } from '#features/tenants/index.server.ts';
import { findCustomer } from './auth-repo.server';
import { accountsSuite } from './auth-test-support';
import {
  confirmContactChange,
  renameAccount,
  requestContactChange,
  requestLoginCode,
  verifyLoginCode,
} from './index.server.ts';
import { CODES_PER_IP } from './login-code';

// A customer renames the account and changes phone or e-mail with a code sent to the new one.
// Logging in attaches a guest's earlier records (effects registered as the running app does).
composeApp();

describe.each(testDatabaseKinds)('account changes on %s', (kind) => {
  const suite = accountsSuite(kind);
  const { ip, sendCode } = suite;

  const findCustomerById = (id: string) => findCustomer(suite.db, suite.klinik.id, id);

  async function customerWithPhone(tenant: Tenant, phone: string) {
    const code = await sendCode(tenant, phone);
    const r = await verifyLoginCode(suite.db, { tenant, channel: 'phone', destination: phone, code, locale: 'en' });
    if (!r.ok) throw new Error('login failed');
    return r.customer;
  }

  async function contactCode(
    customerId: string,
    channel: 'phone' | 'email',
    destination: string,
    locale = 'ms' as const,
  ) {
    return requestContactChange(suite.db, { tenant: suite.klinik, customerId, channel, destination, locale, ip: ip() });
  }

  it('renames the account directly, only within its tenant', async () => {
    const aisyah = await customerWithPhone(suite.klinik, '60123450007');
    expect(
      await renameAccount(suite.db, { tenantId: suite.klinik.id, customerId: aisyah.id, name: 'Aisyah binti Omar' }),
    ).toMatchObject({ ok: true, customer: { name: 'Aisyah binti Omar', phone: '60123450007' } });
    // Another tenant's customer id is "not found", never a leak.
    expect(await renameAccount(suite.db, { tenantId: suite.yayasan.id, customerId: aisyah.id, name: 'X' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('changes the email only with the code sent to the new email, in the customer language', async () => {
    const ravi = await customerWithPhone(suite.klinik, '60123450008');
    const sent = await contactCode(ravi.id, 'email', 'ravi.new@example.my');
    if (!sent.ok) throw new Error(`refused: ${sent.reason}`);
    const [message] = await suite.db.select().from(outbox).where(eq(outbox.destination, 'ravi.new@example.my'));
    expect(message).toMatchObject({
      channel: 'email',
      locale: 'ms',
      template: 'contact-code',
      tenantId: suite.klinik.id,
    });
    expect(message?.payload).toMatchObject({ code: sent.code, organisation: 'Klinik Sihat Bersama' });

    const confirm = (code: string, destination = 'ravi.new@example.my') =>
      confirmContactChange(suite.db, {
        tenant: suite.klinik,
        customerId: ravi.id,
        channel: 'email',
        destination,
        code,
      });
    // Nothing changes before the code is entered.
    expect((await findCustomerById(ravi.id))?.email).toBeNull();
    const wrong = sent.code === '000000' ? '111111' : '000000';
    expect(await confirm(wrong)).toEqual({ ok: false, reason: 'wrong_code', attemptsLeft: 2 });
    // The code is bound to its destination: it cannot confirm another email.
    expect((await confirm(sent.code, 'ravi.other@example.my')).ok).toBe(false);
    expect(await confirm(sent.code)).toMatchObject({ ok: true, customer: { email: 'ravi.new@example.my' } });
    expect((await findCustomerById(ravi.id))?.email).toBe('ravi.new@example.my');
    expect(await confirm(sent.code)).toEqual({ ok: false, reason: 'used' });
    // The new email logs into the same account.
    const login = await requestLoginCode(suite.db, {
      tenant: suite.klinik,
      channel: 'email',
      destination: 'ravi.new@example.my',
      locale: 'en',
      ip: ip(),
    });
    if (!login.ok) throw new Error('rate limited');
    const back = await verifyLoginCode(suite.db, {
      tenant: suite.klinik,
      channel: 'email',
      destination: 'ravi.new@example.my',
      code: login.code,
      locale: 'en',
    });
    expect(back.ok && back.customer.id).toBe(ravi.id);
  });

  it("answers alike for a taken and a free phone, and never moves another customer's phone (no takeover)", async () => {
    const victim = await customerWithPhone(suite.klinik, '60123450009');
    const attacker = await customerWithPhone(suite.klinik, '60123450010');
    const shape = (answer: Awaited<ReturnType<typeof contactCode>>) =>
      answer.ok ? { ok: true, code: /^\d{6}$/.test(answer.code), expires: answer.expiresAt.getTime() > 0 } : answer;
    const messagesTo = async (phone: string) =>
      (await suite.db.select().from(outbox).where(eq(outbox.destination, phone))).map((m) => m.template);
    // Whether the phone is someone's or nobody's, the same answer and the same message to it.
    const taken = await contactCode(attacker.id, 'phone', '60123450009');
    const free = await contactCode(attacker.id, 'phone', '60123450099');
    expect(shape(taken)).toEqual(shape(free));
    expect(shape(taken)).toEqual({ ok: true, code: true, expires: true });
    expect((await messagesTo('60123450009')).filter((t) => t === 'contact-code')).toHaveLength(1);
    expect((await messagesTo('60123450099')).filter((t) => t === 'contact-code')).toHaveLength(1);
    // Only a code from the phone itself shows it is taken, and the phone stays with its holder.
    if (!taken.ok) throw new Error('refused');
    const confirm = (code: string) =>
      confirmContactChange(suite.db, {
        tenant: suite.klinik,
        customerId: attacker.id,
        channel: 'phone',
        destination: '60123450009',
        code,
      });
    const wrong = taken.code === '000000' ? '111111' : '000000';
    expect(await confirm(wrong)).toMatchObject({ ok: false, reason: 'wrong_code' });
    expect(await confirm(taken.code)).toEqual({ ok: false, reason: 'taken' });
    expect((await findCustomerById(attacker.id))?.phone).toBe('60123450010');
    expect((await findCustomerById(victim.id))?.phone).toBe('60123450009');
    // A code the victim was sent to log in does not confirm a change either.
    const loginCode = await sendCode(suite.klinik, '60123450009');
    expect((await confirm(loginCode)).ok).toBe(false);
    expect((await findCustomerById(attacker.id))?.phone).toBe('60123450010');
    // The customer's own phone is "unchanged".
    expect(await contactCode(victim.id, 'phone', '60123450009')).toEqual({ ok: false, reason: 'unchanged' });
    // Asking again and again counts against the address's code limit, taken or free alike.
    const prober = ip();
    const probe = (destination: string) =>
      requestContactChange(suite.db, {
        tenant: suite.klinik,
        customerId: attacker.id,
        channel: 'phone',
        destination,
        locale: 'en',
        ip: prober,
      });
    for (let i = 0; i < CODES_PER_IP; i += 1) expect((await probe(`6012345${1100 + i}`)).ok).toBe(true);
    expect(await probe('60123450009')).toMatchObject({ ok: false, reason: 'rate_limited' });
  });

  it('refuses a confirmed change when another customer took the email meanwhile', async () => {
    const first = await customerWithPhone(suite.klinik, '60123450014');
    const second = await customerWithPhone(suite.klinik, '60123450015');
    const a = await contactCode(first.id, 'email', 'shared@example.my');
    const b = await contactCode(second.id, 'email', 'shared@example.my');
    if (!a.ok || !b.ok) throw new Error('refused');
    const confirm = (customerId: string, code: string) =>
      confirmContactChange(suite.db, {
        tenant: suite.klinik,
        customerId,
        channel: 'email',
        destination: 'shared@example.my',
        code,
      });
    expect((await confirm(second.id, b.code)).ok).toBe(true);
    expect(await confirm(first.id, a.code)).toEqual({ ok: false, reason: 'taken' });
    expect((await findCustomerById(first.id))?.email).toBeNull();
  });

  it('never lets a login code confirm a contact change, nor a contact code log in', async () => {
    const owner = await customerWithPhone(suite.klinik, '60123450011');
    const loginCode = await sendCode(suite.klinik, '60123450012');
    expect(
      (
        await confirmContactChange(suite.db, {
          tenant: suite.klinik,
          customerId: owner.id,
          channel: 'phone',
          destination: '60123450012',
          code: loginCode,
        })
      ).ok,
    ).toBe(false);
    const sent = await contactCode(owner.id, 'phone', '60123450013');
    if (!sent.ok) throw new Error('refused');
    expect(
      await verifyLoginCode(suite.db, {
        tenant: suite.klinik,
        channel: 'phone',
        destination: '60123450013',
        code: sent.code,
        locale: 'en',
      }),
    ).toEqual({ ok: false, reason: 'no_code' });
  });

  it('rate-limits codes per IP across destinations, logins and contact changes alike', async () => {
    const now = new Date();
    const sameIp = ip();
    const send = (destination: string) =>
      requestLoginCode(suite.db, {
        tenant: suite.klinik,
        channel: 'phone',
        destination,
        locale: 'en',
        ip: sameIp,
        now,
      });
    for (let i = 0; i < CODES_PER_IP; i += 1) {
      expect((await send(`6012346${String(i).padStart(4, '0')}`)).ok).toBe(true);
    }
    const refused = await send('60123469999');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (
        await requestLoginCode(suite.db, {
          tenant: suite.klinik,
          channel: 'phone',
          destination: '60123469999',
          locale: 'en',
          ip: ip(),
          now,
        })
      ).ok,
    ).toBe(true);
  });
});
