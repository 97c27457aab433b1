import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { composeApp } from '#app.server';
import { outbox } from '#db/schema/index.ts';
import { testDatabaseKinds } from '#db/test-databases.ts';
import { accountsSuite } from './auth-test-support';
import {
  acceptInvite,
  invitationFor,
  inviteStaff,
  setStaffDisabled,
  staffForToken,
  staffLogin,
  startSession,
  teamOf,
} from './index.server.ts';
import { verifyPassword } from './passwords.server';
import {
  STAFF_LOGIN_WINDOW_MS,
  STAFF_LOGINS_PER_ACCOUNT,
  STAFF_LOGINS_PER_IP,
  STAFF_LOGINS_PER_WINDOW,
} from './staff.server';

// Staff log in by password within their limits; the owner invites and disables members.
// Logging in attaches a guest's earlier records (effects registered as the running app does).
composeApp();

describe.each(testDatabaseKinds)('staff accounts on %s', (kind) => {
  const suite = accountsSuite(kind, { passwords: true });
  const { ip } = suite;

  it('logs staff in by password, per tenant', async () => {
    const ok = await staffLogin(suite.db, {
      tenant: suite.klinik,
      email: 'owner@kliniksihat.my',
      password: 'demo-owner-klinik',
      ip: ip(),
    });
    expect(ok.ok && ok.staff.role).toBe('owner');
    expect(
      (await staffLogin(suite.db, { tenant: suite.klinik, email: 'owner@kliniksihat.my', password: 'wrong', ip: ip() }))
        .ok,
    ).toBe(false);
    expect(
      (
        await staffLogin(suite.db, {
          tenant: suite.yayasan,
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
      staffLogin(suite.db, { tenant: suite.klinik, email: 'staff@kliniksihat.my', password, ip: address });
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
      staffLogin(suite.db, {
        tenant: suite.klinik,
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
      staffLogin(suite.db, {
        tenant: suite.klinik,
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
      staffLogin(suite.db, {
        tenant: suite.klinik,
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
    const member = await staffLogin(suite.db, {
      tenant: suite.klinik,
      email: 'owner@kliniksihat.my',
      password: 'demo-owner-klinik',
      ip: '10.8.0.2',
      now,
    });
    expect(member.ok).toBe(true);
  });

  it('invites a member who sets a password, and disables them with their sessions', async () => {
    const invited = await inviteStaff(suite.db, {
      tenant: suite.klinik,
      name: 'Lim Wei',
      email: 'lim@kliniksihat.my',
      role: 'staff',
      locale: 'en',
      origin: 'http://klinik.localhost',
    });
    if (!invited.ok) throw new Error('invite failed');
    expect(
      await inviteStaff(suite.db, {
        tenant: suite.klinik,
        name: 'Lim',
        email: 'lim@kliniksihat.my',
        role: 'staff',
        locale: 'en',
        origin: 'x',
      }),
    ).toEqual({ ok: false, reason: 'exists' });
    const [email] = await suite.db.select().from(outbox).where(eq(outbox.destination, 'lim@kliniksihat.my'));
    expect(email).toMatchObject({ template: 'staff-invite', channel: 'email' });
    const token = invited.link.split('/').pop() as string;
    expect((await invitationFor(suite.db, suite.klinik.id, token))?.email).toBe('lim@kliniksihat.my');
    expect(await invitationFor(suite.db, suite.yayasan.id, token)).toBeNull();
    await acceptInvite(suite.db, { tenantId: suite.klinik.id, token, password: 'a long enough password' });
    expect(await invitationFor(suite.db, suite.klinik.id, token)).toBeNull();
    const login = await staffLogin(suite.db, {
      tenant: suite.klinik,
      email: 'lim@kliniksihat.my',
      password: 'a long enough password',
      ip: ip(),
    });
    if (!login.ok) throw new Error('staff login failed');
    const session = await startSession(suite.db, {
      tenantId: suite.klinik.id,
      kind: 'staff',
      subjectId: login.staff.id,
    });

    const owner = (await teamOf(suite.db, suite.klinik.id)).find((m) => m.role === 'owner');
    if (!owner) throw new Error('no owner');
    expect(
      await setStaffDisabled(suite.db, {
        tenantId: suite.klinik.id,
        actorId: owner.id,
        staffId: owner.id,
        disabled: true,
      }),
    ).toEqual({ ok: false, reason: 'self' });
    expect(
      await setStaffDisabled(suite.db, {
        tenantId: suite.klinik.id,
        actorId: login.staff.id,
        staffId: owner.id,
        disabled: true,
      }),
    ).toEqual({ ok: false, reason: 'last_owner' });
    expect(
      await setStaffDisabled(suite.db, {
        tenantId: suite.klinik.id,
        actorId: owner.id,
        staffId: login.staff.id,
        disabled: true,
      }),
    ).toEqual({ ok: true });
    expect(await staffForToken(suite.db, suite.klinik.id, session.token)).toBeNull();
    const refused = await staffLogin(suite.db, {
      tenant: suite.klinik,
      email: 'lim@kliniksihat.my',
      password: 'a long enough password',
      ip: ip(),
    });
    expect(refused).toEqual({ ok: false, reason: 'disabled' });
  });
});
