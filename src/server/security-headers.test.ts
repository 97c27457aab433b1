import { describe, expect, it } from 'vitest';
import { isEmbedPath, isEmbedRequest, securityHeaders } from './security-headers';

describe('security headers', () => {
  it('refuses framing everywhere but the embed routes', () => {
    const page = securityHeaders('/donation/5', { scriptHosts: [], frameAncestors: [] });
    expect(page['X-Frame-Options']).toBe('DENY');
    expect(page['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    const embed = securityHeaders('/donation/5/embed-form', { scriptHosts: [], frameAncestors: ['https://a.example'] });
    expect(embed['X-Frame-Options']).toBeUndefined();
    expect(embed['Content-Security-Policy']).toContain("frame-ancestors 'self' https://a.example");
  });
  it('knows the three embed routes of SPEC.md §2', () => {
    expect(isEmbedPath('/appointment/embed')).toBe(true);
    expect(isEmbedPath('/donation/abc/embed-page')).toBe(true);
    expect(isEmbedPath('/donation/abc/embed-form')).toBe(true);
    expect(isEmbedPath('/donation/abc/form')).toBe(false);
  });
  it('allows the pixel hosts a tenant enables, and nothing else', () => {
    const csp = securityHeaders('/', { scriptHosts: ['https://connect.facebook.net'], frameAncestors: [] })[
      'Content-Security-Policy'
    ];
    expect(csp).toContain("script-src 'self' 'unsafe-inline' https://connect.facebook.net");
    expect(csp).toContain("object-src 'none'");
  });
});

describe('third-party hosts', () => {
  it('lets Stripe and Ably in only where configured', () => {
    const csp = securityHeaders('/invoices/x/appointment', {
      scriptHosts: ['https://js.stripe.com'],
      connectHosts: ['wss://main.realtime.ably.net'],
      frameHosts: ['https://js.stripe.com'],
      frameAncestors: [],
    })['Content-Security-Policy'];
    expect(csp).toContain("connect-src 'self' https://js.stripe.com wss://main.realtime.ably.net");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com");
    const plain = securityHeaders('/', { scriptHosts: [], frameAncestors: [] })['Content-Security-Policy'];
    expect(plain).toContain("connect-src 'self';");
    expect(plain).toContain("frame-src 'self';");
  });
});

describe('booking steps inside the embed', () => {
  it('count as embedded under /appointment with embed=1 or when loaded in a frame', () => {
    expect(isEmbedRequest('/appointment/general-consultation', new URLSearchParams('embed=1'))).toBe(true);
    expect(isEmbedRequest('/appointment/general-consultation', new URLSearchParams())).toBe(false);
    expect(isEmbedRequest('/appointment/general-consultation', new URLSearchParams(), 'document')).toBe(false);
    expect(isEmbedRequest('/appointment/general-consultation/form', new URLSearchParams(), 'iframe')).toBe(true);
    expect(isEmbedRequest('/appointment', new URLSearchParams(), 'iframe')).toBe(true);
    expect(isEmbedRequest('/appointmentx', new URLSearchParams(), 'iframe')).toBe(false);
    expect(isEmbedRequest('/invoices/x/appointment', new URLSearchParams('embed=1'))).toBe(false);
    expect(isEmbedRequest('/invoices/x/appointment', new URLSearchParams(), 'iframe')).toBe(false);
    const headers = securityHeaders(
      '/appointment/x/form',
      { scriptHosts: [], frameAncestors: ['https://a.example'] },
      true,
    );
    expect(headers['X-Frame-Options']).toBeUndefined();
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'self' https://a.example");
  });
});
