import { describe, expect, it } from 'vitest';
import { effectiveRequest } from './forwarded';
import { setSessionCookie } from './session-cookie';

function captured(origin: string) {
  const calls: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const cookies = {
    set: (name: string, value: string | Record<string, unknown>, options?: Record<string, unknown>) => {
      calls.push({ name, value: String(value), options: options ?? {} });
    },
  };
  setSessionCookie(cookies, 'serambi_session', 'token', new Date('2030-01-01T00:00:00Z'), origin);
  return calls[0];
}

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax, for the whole site, expiring', () => {
    expect(captured('http://klinik.localhost:4321')?.options).toEqual({
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      expires: new Date('2030-01-01T00:00:00Z'),
    });
  });

  it('are Secure behind a trusted proxy that says the browser used https', () => {
    const request = (trustProxy: number) =>
      effectiveRequest({
        url: new URL('http://klinik.example/api/auth/verify'),
        headers: new Headers({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }),
        clientAddress: '10.0.0.2',
        trustProxy,
      });
    expect(captured(request(1).origin)?.options.secure).toBe(true);
    // Without TRUST_PROXY the header is not believed.
    expect(captured(request(0).origin)?.options.secure).toBe(false);
  });
});
