import { describe, expect, it } from 'vitest';
import { accessFor, isAllowed, loginRedirect } from './access';
import { AccountBody, ConfirmContactBody, ContactCodeBody, RequestCodeBody, VerifyCodeBody } from './auth.schema';
import { attemptsLeftAfterWrongGuess, CODE_TTL_MS, codeState, formatCode, MAX_CODE_ATTEMPTS } from './login-code';

describe('login codes', () => {
  it.each([
    [0, '000000'],
    [42, '000042'],
    [999_999, '999999'],
  ])('are six digits, zero-padded: %i is %s', (n, code) => expect(formatCode(n)).toBe(code));
  it('expire after 10 minutes', () => {
    const created = new Date('2026-11-22T10:00:00Z');
    const code = { attempts: 0, expiresAt: new Date(created.getTime() + CODE_TTL_MS), consumedAt: null };
    expect(codeState(code, new Date('2026-11-22T10:09:59Z'))).toBe('usable');
    expect(codeState(code, new Date('2026-11-22T10:10:00Z'))).toBe('expired');
  });
  it('allow three tries, then are burnt', () => {
    const expiresAt = new Date('2030-01-01');
    expect(MAX_CODE_ATTEMPTS).toBe(3);
    expect(attemptsLeftAfterWrongGuess({ attempts: 0, expiresAt, consumedAt: null })).toBe(2);
    expect(attemptsLeftAfterWrongGuess({ attempts: 2, expiresAt, consumedAt: null })).toBe(0);
    expect(codeState({ attempts: 3, expiresAt, consumedAt: null }, new Date())).toBe('exhausted');
    expect(codeState({ attempts: 0, expiresAt, consumedAt: new Date() }, new Date())).toBe('used');
  });
});

describe('login requests', () => {
  it('accept a valid Malaysian mobile and an email', () => {
    expect(RequestCodeBody.safeParse({ channel: 'phone', phone: '60123456789' }).success).toBe(true);
    expect(RequestCodeBody.safeParse({ channel: 'phone', phone: '6281234567890' }).success).toBe(true);
    const email = RequestCodeBody.safeParse({ channel: 'email', email: ' Aisyah@Example.MY ' });
    expect(email.success && email.data.channel === 'email' && email.data.email).toBe('aisyah@example.my');
  });
  it('store phones normalised by the shared rule (trunk 0 dropped), whatever the form sent', () => {
    const id = RequestCodeBody.safeParse({ channel: 'phone', phone: '62081234567890' });
    expect(id.success && id.data.channel === 'phone' && id.data.phone).toBe('6281234567890');
    const change = ConfirmContactBody.safeParse({ channel: 'phone', phone: '62081234567890', code: '123456' });
    expect(change.success && change.data.channel === 'phone' && change.data.phone).toBe('6281234567890');
    const verify = VerifyCodeBody.safeParse({ channel: 'phone', destination: '62081234567890', code: '123456' });
    expect(verify.success && verify.data.destination).toBe('6281234567890');
    // The Malaysian rule is judged before normalising: 60 + 0 + number stays invalid.
    const my = RequestCodeBody.safeParse({ channel: 'phone', phone: '600123456789' });
    expect(my.success).toBe(false);
    expect(my.error?.issues[0]?.path).toEqual(['phone']);
  });
  it('refuse an invalid Malaysian mobile with the SPEC message key', () => {
    const result = RequestCodeBody.safeParse({ channel: 'phone', phone: '60153456789' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('phone.invalid');
  });
  it.each([
    ['12345', false],
    ['123456', true],
  ])('take only six digits as a code: %s is %s', (code, ok) =>
    expect(VerifyCodeBody.safeParse({ channel: 'email', destination: 'a@b.my', code }).success).toBe(ok),
  );
});

describe('account changes', () => {
  it('check a new phone by the same Malaysian rule as login', () => {
    const refused = ContactCodeBody.safeParse({ channel: 'phone', phone: '60999999999' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('phone.invalid');
    expect(ContactCodeBody.safeParse({ channel: 'phone', phone: '60123456789' }).success).toBe(true);
    expect(ConfirmContactBody.safeParse({ channel: 'phone', phone: '60999999999', code: '123456' }).success).toBe(
      false,
    );
    expect(ConfirmContactBody.safeParse({ channel: 'phone', phone: '60123456789', code: '123456' }).success).toBe(true);
  });
  it('need the six digits to confirm a new email, lower-cased', () => {
    expect(ConfirmContactBody.safeParse({ channel: 'email', email: 'a@b.my', code: '12345' }).success).toBe(false);
    const ok = ConfirmContactBody.safeParse({ channel: 'email', email: ' A@B.MY ', code: '123456' });
    expect(ok.success && ok.data.channel === 'email' && ok.data.email).toBe('a@b.my');
  });
  it('take only the name from the account form: phone and email cannot be set there', () => {
    const parsed = AccountBody.safeParse({ name: ' Aisyah ', email: 'victim@example.my', phone: '60123456789' });
    expect(parsed.success && parsed.data).toEqual({ name: 'Aisyah' });
  });
});

describe('the access rule', () => {
  it.each([
    // the invoice list and account are protected, not invoice pages by id
    ['/invoices', 'customer'],
    ['/invoices/', 'customer'],
    ['/account', 'customer'],
    ['/invoices/abc/appointment', 'public'],
    ['/', 'public'],
    ['/login', 'public'],
    // the staff area is for staff, the team for owners
    ['/staff/login', 'public'],
    ['/staff/invite/xyz', 'public'],
    ['/staff', 'staff'],
    ['/staff/team', 'owner'],
    ['/api/staff/anything', 'staff'],
  ])('keeps %s for %s', (path, access) => expect(accessFor(path)).toBe(access));
  const customer = { customer: true, staffRole: null };
  const clerk = { customer: false, staffRole: 'staff' as const };
  const owner = { customer: false, staffRole: 'owner' as const };
  it.each([
    ['customer', 'a customer', customer, true],
    ['staff', 'a customer', customer, false],
    ['staff', 'a clerk', clerk, true],
    ['owner', 'a clerk', clerk, false],
    ['owner', 'an owner', owner, true],
    ['customer', 'an owner', owner, false],
  ] as const)('lets each viewer in only where they belong: %s area, %s: %s', (area, _who, viewer, allowed) =>
    expect(isAllowed(area, viewer)).toBe(allowed),
  );
  it('sends refused visitors to the right login in their language, with the way back', () => {
    expect(loginRedirect('customer', 'ms', '/ms/invoices?page=2')).toBe('/ms/login?next=%2Fms%2Finvoices%3Fpage%3D2');
    expect(loginRedirect('staff', 'en', '/staff')).toBe('/staff/login?next=%2Fstaff');
  });
});
