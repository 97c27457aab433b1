import { describe, expect, it, vi } from 'vitest';
import { embedRouteFamilies, routePolicy } from './route-policy';
import { frameAncestorsFor, isEmbedPath, isEmbedRequest, securityHeaders } from './security-headers';

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

describe('frame-ancestors from the route table (issue 10 item 6)', () => {
  const tenantOrigins = ['https://partner.example', 'http://localhost:8080'];

  /** The headers the middleware sets for a request: embed from the table, then the tenant's origins. */
  async function framing(path: string, search = '', fetchDest: string | null = null) {
    const load = vi.fn(async () => tenantOrigins);
    const embed = isEmbedRequest(path, new URLSearchParams(search), fetchDest);
    const frameAncestors = await frameAncestorsFor(embed, load);
    return { headers: securityHeaders(path, { scriptHosts: [], frameAncestors }, embed), load };
  }

  // One path per embed route; the table's embed families must all be covered here.
  const embedRoutes = ['/appointment/embed', '/donation/banjir-2026/embed-form', '/donation/banjir-2026/embed-page'];

  it('covers every family the table marks embeddable always', () => {
    expect(new Set(embedRoutes.map((path) => routePolicy(path).family))).toEqual(new Set(embedRouteFamilies()));
    expect(embedRouteFamilies().length).toBeGreaterThanOrEqual(2);
  });

  it.each(embedRoutes)('%s may be framed by the tenant’s origins', async (path) => {
    expect(routePolicy(path).embeddable).toBe('always');
    const { headers } = await framing(path);
    expect(headers['Content-Security-Policy']).toContain(
      "frame-ancestors 'self' https://partner.example http://localhost:8080",
    );
    expect(headers['X-Frame-Options']).toBeUndefined();
  });

  it('pages framed from an embed get the same origins, only when framed', async () => {
    const framed = await framing('/appointment/general-consultation/form', '', 'iframe');
    expect(framed.headers['Content-Security-Policy']).toContain("frame-ancestors 'self' https://partner.example");
    const plain = await framing('/appointment/general-consultation/form');
    expect(plain.headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(plain.load).not.toHaveBeenCalled();
  });

  it.each([
    '/',
    '/donation/banjir-2026',
    '/donation/banjir-2026/form',
    '/donation/banjir-2026/checkout',
    '/invoices/x/appointment',
    '/staff/embed',
    '/account',
    '/embed.js',
  ])('%s, not embeddable, may be framed by nobody, even in a frame', async (path) => {
    expect(routePolicy(path).embeddable).toBe('never');
    const { headers, load } = await framing(path, 'embed=1', 'iframe');
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Content-Security-Policy']).not.toContain('partner.example');
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(load).not.toHaveBeenCalled();
  });

  it('fails closed when the origins cannot be read', async () => {
    const onError = vi.fn();
    const failing = async (): Promise<string[]> => {
      throw new Error('database down');
    };
    expect(await frameAncestorsFor(true, failing, onError)).toEqual([]);
    expect(onError).toHaveBeenCalledOnce();
  });
});
