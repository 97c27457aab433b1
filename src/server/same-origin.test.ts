import { describe, expect, it } from 'vitest';
import { isRefusedCrossSite } from './same-origin';

const host = 'klinik.example';
const refused = (method: string, path: string, h: Record<string, string>) =>
  isRefusedCrossSite({ method, path, headers: new Headers(h), host });

describe('cross-site mutations', () => {
  it('refuses a mutation from another site', () => {
    expect(refused('POST', '/staff/login', { origin: 'https://evil.example' })).toBe(true);
    expect(refused('DELETE', '/api/account', { origin: 'https://klinik.example.evil.example' })).toBe(true);
    expect(refused('PUT', '/api/x', { referer: 'https://evil.example/klinik.example' })).toBe(true);
  });
  it('refuses a mutation with no Origin or Referer at all, or an opaque one', () => {
    expect(refused('POST', '/api/auth/code', {})).toBe(true);
    expect(refused('PATCH', '/account', { origin: 'null' })).toBe(true);
    expect(refused('POST', '/account', { origin: 'not a url' })).toBe(true);
  });
  it('lets a plain form from one of our no-referrer pages through (Origin: null, Sec-Fetch-Site: same-origin) and nothing else opaque', () => {
    expect(refused('POST', '/invoices/x/pay', { origin: 'null', 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(refused('POST', '/invoices/x/pay', { origin: 'null', 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(refused('POST', '/invoices/x/pay', { origin: 'null', 'sec-fetch-site': 'same-site' })).toBe(true);
    expect(
      refused('POST', '/invoices/x/pay', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }),
    ).toBe(true);
  });
  it('lets the same site through, whatever the scheme a proxy in front of us ended', () => {
    expect(refused('POST', '/staff/login', { origin: 'https://klinik.example' })).toBe(false);
    expect(refused('POST', '/staff/login', { origin: 'http://KLINIK.example' })).toBe(false);
    expect(refused('POST', '/api/auth/code', { referer: 'https://klinik.example/login?next=%2F' })).toBe(false);
  });
  it('never blocks reads', () => {
    expect(refused('GET', '/account', { origin: 'https://evil.example' })).toBe(false);
    expect(refused('HEAD', '/', {})).toBe(false);
    expect(refused('OPTIONS', '/api/x', {})).toBe(false);
  });
  it('exempts the payment webhooks, which are verified by signature', () => {
    expect(refused('POST', '/api/webhooks/stripe', {})).toBe(false);
    expect(refused('POST', '/api/webhooks/sandbox', { origin: 'https://gateway.example' })).toBe(false);
  });
});
