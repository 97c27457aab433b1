import { describe, expect, it } from 'vitest';
import { effectiveRequest, trustedEntry } from './forwarded';

const url = new URL('http://klinik.example/staff/login');
const headers = (h: Record<string, string>) => new Headers(h);

describe('the effective request behind proxies', () => {
  it('ignores forwarding headers unless proxies are trusted (anyone can send them)', () => {
    const result = effectiveRequest({
      url,
      headers: headers({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }),
      clientAddress: '10.0.0.2',
      trustProxy: 0,
    });
    expect(result).toEqual({ origin: 'http://klinik.example', secure: false, clientIp: '10.0.0.2' });
  });

  it('takes the protocol and the client address from one trusted proxy', () => {
    const result = effectiveRequest({
      url,
      headers: headers({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' }),
      clientAddress: '10.0.0.2',
      trustProxy: 1,
    });
    expect(result).toEqual({ origin: 'https://klinik.example', secure: true, clientIp: '203.0.113.9' });
  });

  it('never believes what the client wrote left of the trusted hops', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; the load balancer appended the real address.
    const forwarded = headers({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9', 'x-forwarded-proto': 'https' });
    expect(effectiveRequest({ url, headers: forwarded, clientAddress: '10.0.0.2', trustProxy: 1 }).clientIp).toBe(
      '203.0.113.9',
    );
    // Two proxies (CDN → load balancer): the client is the second entry from the right.
    const twoHops = headers({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 198.51.100.7' });
    expect(effectiveRequest({ url, headers: twoHops, clientAddress: '10.0.0.2', trustProxy: 2 }).clientIp).toBe(
      '203.0.113.9',
    );
  });

  it('keeps the socket address and protocol when the headers are missing or nonsense', () => {
    expect(effectiveRequest({ url, headers: headers({}), clientAddress: '10.0.0.2', trustProxy: 1 })).toEqual({
      origin: 'http://klinik.example',
      secure: false,
      clientIp: '10.0.0.2',
    });
    const junk = headers({ 'x-forwarded-proto': 'javascript', 'x-forwarded-for': '<script>' });
    expect(effectiveRequest({ url, headers: junk, clientAddress: undefined, trustProxy: 1 })).toEqual({
      origin: 'http://klinik.example',
      secure: false,
      clientIp: 'unknown',
    });
  });

  it('reads addresses with ports and IPv6 brackets', () => {
    const v6 = headers({ 'x-forwarded-for': '[2001:db8::1]:4711' });
    expect(effectiveRequest({ url, headers: v6, clientAddress: '10.0.0.2', trustProxy: 1 }).clientIp).toBe(
      '2001:db8::1',
    );
    const v4 = headers({ 'x-forwarded-for': '203.0.113.9:5555' });
    expect(effectiveRequest({ url, headers: v4, clientAddress: '10.0.0.2', trustProxy: 1 }).clientIp).toBe(
      '203.0.113.9',
    );
  });

  it('picks the entry N from the right, or the leftmost when there are fewer', () => {
    expect(trustedEntry('a, b, c', 1)).toBe('c');
    expect(trustedEntry('a, b, c', 2)).toBe('b');
    expect(trustedEntry('a', 3)).toBe('a');
    expect(trustedEntry(null, 1)).toBeUndefined();
    expect(trustedEntry('a', 0)).toBeUndefined();
  });
});
