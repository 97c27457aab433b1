import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { outbox } from '#db/schema/index.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '#db/test-databases.ts';
import { customerInvoices, invoiceByPublicId, startCheckout } from '#features/invoices/index.server.ts';
import { forgetCachedTenants, type Tenant } from '#features/tenants/index.server.ts';
import { aTenant } from '#features/tenants/test-support.ts';
import { findCustomer } from './auth-repo.server';
import {
  acceptInvite,
  confirmContactChange,
  customerForToken,
  endSession,
  invitationFor,
  inviteStaff,
  renameAccount,
  requestContactChange,
  requestLoginCode,
  setStaffDisabled,
  staffForToken,
  staffLogin,
  startSession,
  teamOf,
  verifyLoginCode,
} from './index.server.ts';
import { CODES_PER_IP } from './login-code';
import { verifyPassword } from './passwords.server';
import {
  STAFF_LOGIN_WINDOW_MS,
  STAFF_LOGINS_PER_ACCOUNT,
  STAFF_LOGINS_PER_IP,
  STAFF_LOGINS_PER_WINDOW,
} from './staff.server';

// Logging in attaches a guest's earlier records (effects registered as the running app does).
composeApp();

composeApp();

describe.each(testDatabaseKinds)('accounts on %s', (kind) => {
  let database: TestDatabase;
  let klinik: Tenant;
  let yayasan: Tenant;
  let ipCounter = 0;
  const ip = () => `10.1.0.${++ipCounter}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    klinik = await aTenant(database.db, 'klinik', { passwords: true });
    yayasan = await aTenant(database.db, 'yayasan');
  });
  afterAll(async () => {
    forgetCachedTenants();
    await database?.close();
  });

  const findCustomerById = (id: string) => findCustomer(database.db, klinik.id, id);

  async function sendCode(tenant: Tenant, destination: string, now?: Date) {
    const sent = await requestLoginCode(database.db, {
      tenant,
      channel: 'phone',
      destination,
      locale: 'ms',
      ip: ip(),
      ...(now ? { now } : {}),
    });
    if (!sent.ok) throw new Error('rate limited');
    return sent.code;
  }

  it('logs in with the code it sent, and queues the message in the customer language', async () => {
    const code = await sendCode(klinik, '60123450001');
    const messages = await database.db.select().from(outbox).where(eq(outbox.destination, '60123450001'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'sms', locale: 'ms', template: 'login-code', tenantId: klinik.id });
    expect(messages[0]?.payload).toMatchObject({ code, organisation: 'Klinik Sihat Bersama', minutes: 10 });

    const result = await verifyLoginCode(database.db, {
      tenant: klinik,
      channel: 'phone',
      destination: '60123450001',
      code,
      locale: 'ms',
    });
    expect(result.ok).toBe(true);
    // A code works once.
    const again = await verifyLoginCode(database.db, {
      tenant: klinik,
      channel: 'phone',
      destination: '60123450001',
      code,
      locale: 'ms',
    });
    expect(again).toEqual({ ok: false, reason: 'used' });
  });

  it("gives a guest's earlier invoices to the customer who logs in with the same phone, and no one else's", async () => {
    const guestInvoice = (tenant: Tenant, phone: string, email: string | null = null) =>
      startCheckout(database.db, {
        tenantId: tenant.id,
        currency: tenant.currency,
        kind: 'appointment',
        locale: 'en',
        lines: [{ description: { en: 'Visit' }, quantity: 1, unitAmount: 5_000 }],
        contact: { name: 'Guest', phone, email },
      });
    const mine = await guestInvoice(klinik, '60123450777');
    const byEmail = await guestInvoice(klinik, '60199999999', 'Guest.Payer@Example.my');
    const elsewhere = await guestInvoice(yayasan, '60123450777');
    const someoneElse = await guestInvoice(klinik, '60123450778');

    const code = await sendCode(klinik, '60123450777');
    const result = await verifyLoginCode(database.db, {
      tenant: klinik,
      channel: 'phone',
      destination: '60123450777',
      code,
      locale: 'en',
    });
    if (!result.ok) throw new Error('login failed');
    const listed = await customerInvoices(database.db, klinik, result.customer.id, 1);
    expect(listed.invoices.map((invoice) => invoice.publicId)).toEqual([mine.publicId]);
    expect((await invoiceByPublicId(database.db, yayasan, elsewhere.publicId))?.customerId).toBeNull();
    expect((await invoiceByPublicId(database.db, klinik, someoneElse.publicId))?.customerId).toBeNull();

    // Confirming an e-mail later brings the invoices made with it too (whatever its letter case).
    const change = await requestContactChange(database.db, {
      tenant: klinik,
      customerId: result.customer.id,
      channel: 'email',
      destination: 'guest.payer@example.my',
      locale: 'en',
      ip: ip(),
    });
    if (!change.ok) throw new Error('contact change refused');
    const confirmed = await confirmContactChange(database.db, {
      tenant: klinik,
      customerId: result.customer.id,
      channel: 'email',
      destination: 'guest.payer@example.my',
      code: change.code,
    });
    expect(confirmed.ok).toBe(true);
    const after = await customerInvoices(database.db, klinik, result.customer.id, 1);
    expect(after.invoices.map((invoice) => invoice.publicId).sort()).toEqual([mine.publicId, byEmail.publicId].sort());
  });

  it('burns a code after three wrong guesses, even if the right one comes next', async () => {
    const code = await sendCode(klinik, '60123450002');
    const wrong = code === '000000' ? '111111' : '000000';
    const input = { tenant: klinik, channel: 'phone' as const, destination: '60123450002', locale: 'ms' as const };
    expect(await verifyLoginCode(database.db, { ...input, code: wrong })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 2,
    });
    expect(await verifyLoginCode(database.db, { ...input, code: wrong })).toEqual({
      ok: false,
      reason: 'wrong_code',
      attemptsLeft: 1,
    });
    expect(await verifyLoginCode(database.db, { ...input, code: wrong })).toEqual({
      ok: false,
      reason: 'too_many_attempts',
    });
    expect(await verifyLoginCode(database.db, { ...input, code })).toEqual({ ok: false, reason: 'too_many_attempts' });
  });

  it('refuses an expired code and keeps only the newest code alive', async () => {
    const past = new Date(Date.now() - 11 * 60_000);
    const old = await sendCode(klinik, '60123450003', past);
    const input = { tenant: klinik, channel: 'phone' as const, destination: '60123450003', locale: 'en' as const };
    expect(await verifyLoginCode(database.db, { ...input, code: old })).toEqual({ ok: false, reason: 'expired' });
    const first = await sendCode(klinik, '60123450003');
    const second = await sendCode(klinik, '60123450003');
    if (first !== second) {
      expect((await verifyLoginCode(database.db, { ...input, code: first })).ok).toBe(false);
    }
    expect((await verifyLoginCode(database.db, { ...input, code: second })).ok).toBe(true);
  });

  it('rate-limits codes per destination', async () => {
    const now = new Date();
    for (let i = 0; i < 3; i += 1) await sendCode(klinik, '60123450004', now);
    const refused = await requestLoginCode(database.db, {
      tenant: klinik,
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
    const a = await sendCode(klinik, '60123450005');
    const b = await sendCode(yayasan, '60123450005');
    const atKlinik = await verifyLoginCode(database.db, {
      tenant: klinik,
      channel: 'phone',
      destination: '60123450005',
      code: a,
      locale: 'en',
    });
    // The clinic's code is not the foundation's.
    const crossed = await verifyLoginCode(database.db, {
      tenant: yayasan,
      channel: 'phone',
      destination: '60123450005',
      code: a === b ? '999999' : a,
      locale: 'en',
    });
    const atYayasan = await verifyLoginCode(database.db, {
      tenant: yayasan,
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
    const code = await sendCode(klinik, '60123450006');
    const login = await verifyLoginCode(database.db, {
      tenant: klinik,
      channel: 'phone',
      destination: '60123450006',
      code,
      locale: 'en',
    });
    if (!login.ok) throw new Error('login failed');
    const session = await startSession(database.db, {
      tenantId: klinik.id,
      kind: 'customer',
      subjectId: login.customer.id,
    });
    expect((await customerForToken(database.db, klinik.id, session.token))?.id).toBe(login.customer.id);
    expect(await customerForToken(database.db, yayasan.id, session.token)).toBeNull();
    expect(await staffForToken(database.db, klinik.id, session.token)).toBeNull();
    // A new login rotates: the old token stops working.
    const rotated = await startSession(database.db, {
      tenantId: klinik.id,
      kind: 'customer',
      subjectId: login.customer.id,
      previousToken: session.token,
    });
    expect(await customerForToken(database.db, klinik.id, session.token)).toBeNull();
    await endSession(database.db, klinik.id, rotated.token);
    expect(await customerForToken(database.db, klinik.id, rotated.token)).toBeNull();
    // Expired sessions count for nothing.
    const expired = await startSession(database.db, {
      tenantId: klinik.id,
      kind: 'customer',
      subjectId: login.customer.id,
      now: new Date('2020-01-01'),
    });
    expect(await customerForToken(database.db, klinik.id, expired.token)).toBeNull();
  });

  async function customerWithPhone(tenant: Tenant, phone: string) {
    const code = await sendCode(tenant, phone);
    const r = await verifyLoginCode(database.db, { tenant, channel: 'phone', destination: phone, code, locale: 'en' });
    if (!r.ok) throw new Error('login failed');
    return r.customer;
  }

  async function contactCode(
    customerId: string,
    channel: 'phone' | 'email',
    destination: string,
    locale = 'ms' as const,
  ) {
    return requestContactChange(database.db, { tenant: klinik, customerId, channel, destination, locale, ip: ip() });
  }

  it('renames the account directly, only within its tenant', async () => {
    const aisyah = await customerWithPhone(klinik, '60123450007');
    expect(
      await renameAccount(database.db, { tenantId: klinik.id, customerId: aisyah.id, name: 'Aisyah binti Omar' }),
    ).toMatchObject({ ok: true, customer: { name: 'Aisyah binti Omar', phone: '60123450007' } });
    // Another tenant's customer id is "not found", never a leak.
    expect(await renameAccount(database.db, { tenantId: yayasan.id, customerId: aisyah.id, name: 'X' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('changes the email only with the code sent to the new email, in the customer language', async () => {
    const ravi = await customerWithPhone(klinik, '60123450008');
    const sent = await contactCode(ravi.id, 'email', 'ravi.new@example.my');
    if (!sent.ok) throw new Error(`refused: ${sent.reason}`);
    const [message] = await database.db.select().from(outbox).where(eq(outbox.destination, 'ravi.new@example.my'));
    expect(message).toMatchObject({ channel: 'email', locale: 'ms', template: 'contact-code', tenantId: klinik.id });
    expect(message?.payload).toMatchObject({ code: sent.code, organisation: 'Klinik Sihat Bersama' });

    const confirm = (code: string, destination = 'ravi.new@example.my') =>
      confirmContactChange(database.db, { tenant: klinik, customerId: ravi.id, channel: 'email', destination, code });
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
    const login = await requestLoginCode(database.db, {
      tenant: klinik,
      channel: 'email',
      destination: 'ravi.new@example.my',
      locale: 'en',
      ip: ip(),
    });
    if (!login.ok) throw new Error('rate limited');
    const back = await verifyLoginCode(database.db, {
      tenant: klinik,
      channel: 'email',
      destination: 'ravi.new@example.my',
      code: login.code,
      locale: 'en',
    });
    expect(back.ok && back.customer.id).toBe(ravi.id);
  });

  it("answers alike for a taken and a free phone, and never moves another customer's phone (no takeover)", async () => {
    const victim = await customerWithPhone(klinik, '60123450009');
    const attacker = await customerWithPhone(klinik, '60123450010');
    const shape = (answer: Awaited<ReturnType<typeof contactCode>>) =>
      answer.ok ? { ok: true, code: /^\d{6}$/.test(answer.code), expires: answer.expiresAt.getTime() > 0 } : answer;
    const messagesTo = async (phone: string) =>
      (await database.db.select().from(outbox).where(eq(outbox.destination, phone))).map((m) => m.template);
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
      confirmContactChange(database.db, {
        tenant: klinik,
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
    const loginCode = await sendCode(klinik, '60123450009');
    expect((await confirm(loginCode)).ok).toBe(false);
    expect((await findCustomerById(attacker.id))?.phone).toBe('60123450010');
    // The customer's own phone is "unchanged".
    expect(await contactCode(victim.id, 'phone', '60123450009')).toEqual({ ok: false, reason: 'unchanged' });
    // Asking again and again counts against the address's code limit, taken or free alike.
    const prober = ip();
    const probe = (destination: string) =>
      requestContactChange(database.db, {
        tenant: klinik,
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
    const first = await customerWithPhone(klinik, '60123450014');
    const second = await customerWithPhone(klinik, '60123450015');
    const a = await contactCode(first.id, 'email', 'shared@example.my');
    const b = await contactCode(second.id, 'email', 'shared@example.my');
    if (!a.ok || !b.ok) throw new Error('refused');
    const confirm = (customerId: string, code: string) =>
      confirmContactChange(database.db, {
        tenant: klinik,
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
    const owner = await customerWithPhone(klinik, '60123450011');
    const loginCode = await sendCode(klinik, '60123450012');
    expect(
      (
        await confirmContactChange(database.db, {
          tenant: klinik,
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
      await verifyLoginCode(database.db, {
        tenant: klinik,
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
      requestLoginCode(database.db, { tenant: klinik, channel: 'phone', destination, locale: 'en', ip: sameIp, now });
    for (let i = 0; i < CODES_PER_IP; i += 1) {
      expect((await send(`6012346${String(i).padStart(4, '0')}`)).ok).toBe(true);
    }
    const refused = await send('60123469999');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfterSeconds).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (
        await requestLoginCode(database.db, {
          tenant: klinik,
          channel: 'phone',
          destination: '60123469999',
          locale: 'en',
          ip: ip(),
          now,
        })
      ).ok,
    ).toBe(true);
  });

  it('logs staff in by password, per tenant', async () => {
    const ok = await staffLogin(database.db, {
      tenant: klinik,
      email: 'owner@kliniksihat.my',
      password: 'demo-owner-klinik',
      ip: ip(),
    });
    expect(ok.ok && ok.staff.role).toBe('owner');
    expect(
      (await staffLogin(database.db, { tenant: klinik, email: 'owner@kliniksihat.my', password: 'wrong', ip: ip() }))
        .ok,
    ).toBe(false);
    expect(
      (
        await staffLogin(database.db, {
          tenant: yayasan,
          email: 'owner@kliniksihat.my',
          password: 'demo-owner-klinik',
          ip: ip(),
        })
      ).ok,
    ).toBe(false);
  });

  it('counts only wrong staff passwords against the limit', async () => {
    const address = ip();
    const attempt = (password: string) =>
      staffLogin(database.db, { tenant: klinik, email: 'staff@kliniksihat.my', password, ip: address });
    // A member logging in again and again (tablets, a shared counter PC) is never locked out.
    for (let i = 0; i < STAFF_LOGINS_PER_WINDOW + 5; i++) expect((await attempt('demo-staff-klinik')).ok).toBe(true);
    // Wrong guesses are: after the limit, even the right password is refused in this window.
    for (let i = 0; i < STAFF_LOGINS_PER_WINDOW; i++)
      expect(await attempt('wrong')).toMatchObject({ reason: 'invalid' });
    expect(await attempt('demo-staff-klinik')).toMatchObject({ ok: false, reason: 'rate_limited' });
  });

  it('checks at most a few wrong passwords per account however many addresses guess, at once', async () => {
    // A window of its own, far from the other tests' real clock.
    const now = new Date('2031-03-03T00:00:00Z');
    const guess = (n: number) =>
      staffLogin(database.db, {
        tenant: klinik,
        email: 'staff@kliniksihat.my',
        password: `guess-${n}`,
        ip: `10.9.${n}.1`,
        now,
      });
    const answers = await Promise.all(Array.from({ length: STAFF_LOGINS_PER_ACCOUNT + 10 }, (_, n) => guess(n)));
    expect(answers.filter((a) => !a.ok && a.reason === 'invalid')).toHaveLength(STAFF_LOGINS_PER_ACCOUNT);
    expect(answers.filter((a) => !a.ok && a.reason === 'rate_limited')).toHaveLength(10);
    // While locked, the right password waits too; no address alone could have locked it (per
    // address the limit is lower), and the lock ends with the window.
    expect(STAFF_LOGINS_PER_WINDOW).toBeLessThan(STAFF_LOGINS_PER_ACCOUNT);
    const real = (at: Date) =>
      staffLogin(database.db, {
        tenant: klinik,
        email: 'staff@kliniksihat.my',
        password: 'demo-staff-klinik',
        ip: '10.9.200.1',
        now: at,
      });
    expect(await real(now)).toMatchObject({ ok: false, reason: 'rate_limited' });
    expect((await real(new Date(now.getTime() + STAFF_LOGIN_WINDOW_MS))).ok).toBe(true);
  });

  it('limits made-up e-mails per address before hashing, so a real login stays fast', async () => {
    const now = new Date('2031-04-04T00:00:00Z');
    const attacker = '10.8.0.1';
    const madeUp = (n: number) =>
      staffLogin(database.db, {
        tenant: klinik,
        email: `nobody-${n}@example.my`,
        password: 'x',
        ip: attacker,
        now,
      });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, n) => madeUp(n)));
    expect(answers.filter((a) => !a.ok && a.reason === 'invalid')).toHaveLength(STAFF_LOGINS_PER_IP);
    expect(answers.filter((a) => !a.ok && a.reason === 'rate_limited')).toHaveLength(100 - STAFF_LOGINS_PER_IP);
    // Refused attempts cost no hashing: twenty of them take less than a few hashes.
    const hashStarted = performance.now();
    await verifyPassword('x', null);
    const oneHash = performance.now() - hashStarted;
    const refusedStarted = performance.now();
    for (let n = 0; n < 20; n++) expect(await madeUp(1000 + n)).toMatchObject({ reason: 'rate_limited' });
    expect(performance.now() - refusedStarted).toBeLessThan(oneHash * 5);
    // The member logs in from their own address meanwhile.
    const member = await staffLogin(database.db, {
      tenant: klinik,
      email: 'owner@kliniksihat.my',
      password: 'demo-owner-klinik',
      ip: '10.8.0.2',
      now,
    });
    expect(member.ok).toBe(true);
  });

  it('invites a member who sets a password, and disables them with their sessions', async () => {
    const invited = await inviteStaff(database.db, {
      tenant: klinik,
      name: 'Lim Wei',
      email: 'lim@kliniksihat.my',
      role: 'staff',
      locale: 'en',
      origin: 'http://klinik.localhost',
    });
    if (!invited.ok) throw new Error('invite failed');
    expect(
      await inviteStaff(database.db, {
        tenant: klinik,
        name: 'Lim',
        email: 'lim@kliniksihat.my',
        role: 'staff',
        locale: 'en',
        origin: 'x',
      }),
    ).toEqual({ ok: false, reason: 'exists' });
    const [email] = await database.db.select().from(outbox).where(eq(outbox.destination, 'lim@kliniksihat.my'));
    expect(email).toMatchObject({ template: 'staff-invite', channel: 'email' });
    const token = invited.link.split('/').pop() as string;
    expect((await invitationFor(database.db, klinik.id, token))?.email).toBe('lim@kliniksihat.my');
    expect(await invitationFor(database.db, yayasan.id, token)).toBeNull();
    await acceptInvite(database.db, { tenantId: klinik.id, token, password: 'a long enough password' });
    expect(await invitationFor(database.db, klinik.id, token)).toBeNull();
    const login = await staffLogin(database.db, {
      tenant: klinik,
      email: 'lim@kliniksihat.my',
      password: 'a long enough password',
      ip: ip(),
    });
    if (!login.ok) throw new Error('staff login failed');
    const session = await startSession(database.db, { tenantId: klinik.id, kind: 'staff', subjectId: login.staff.id });

    const owner = (await teamOf(database.db, klinik.id)).find((m) => m.role === 'owner');
    if (!owner) throw new Error('no owner');
    expect(
      await setStaffDisabled(database.db, {
        tenantId: klinik.id,
        actorId: owner.id,
        staffId: owner.id,
        disabled: true,
      }),
    ).toEqual({ ok: false, reason: 'self' });
    expect(
      await setStaffDisabled(database.db, {
        tenantId: klinik.id,
        actorId: login.staff.id,
        staffId: owner.id,
        disabled: true,
      }),
    ).toEqual({ ok: false, reason: 'last_owner' });
    expect(
      await setStaffDisabled(database.db, {
        tenantId: klinik.id,
        actorId: owner.id,
        staffId: login.staff.id,
        disabled: true,
      }),
    ).toEqual({ ok: true });
    expect(await staffForToken(database.db, klinik.id, session.token)).toBeNull();
    const refused = await staffLogin(database.db, {
      tenant: klinik,
      email: 'lim@kliniksihat.my',
      password: 'a long enough password',
      ip: ip(),
    });
    expect(refused).toEqual({ ok: false, reason: 'disabled' });
  });
});
