import { routePolicy } from './route-policy';

/** Routes that other sites may frame (SPEC.md §2 embed routes), from the route policy. */
export function isEmbedPath(path: string): boolean {
  return routePolicy(path).embeddable === 'always';
}

/**
 * A request shown inside the embed: an embed route, or a booking step opened from it — marked
 * `?embed=1`, or simply loaded in a frame (`Sec-Fetch-Dest: iframe`, sent by every current
 * browser) — which the same allowed sites may frame and which renders without site chrome.
 */
export function isEmbedRequest(path: string, search: URLSearchParams, fetchDest?: string | null): boolean {
  const { embeddable } = routePolicy(path, search);
  if (embeddable === 'always') return true;
  if (embeddable !== 'when-framed') return false;
  return search.get('embed') === '1' || fetchDest === 'iframe';
}

/**
 * Who may frame this request besides ourselves: the tenant's allowed origins on every request
 * shown in the embed — any route the route table marks embeddable (booking, donation form,
 * campaign page, and the pages framed from them) — and nobody elsewhere. The origins are read
 * only when needed; if they cannot be read, only our own pages may frame it (fail closed).
 */
export async function frameAncestorsFor(
  embed: boolean,
  tenantOrigins: () => Promise<string[]>,
  onError: (error: unknown) => void = () => {},
): Promise<string[]> {
  if (!embed) return [];
  try {
    return await tenantOrigins();
  } catch (error) {
    onError(error);
    return [];
  }
}

export interface CspSources {
  /** Extra script and connect hosts (pixels, analytics, Stripe.js) this deployment/tenant enables. */
  scriptHosts: string[];
  /** Extra connect-only hosts (Ably's realtime endpoints, Stripe's API). */
  connectHosts?: string[];
  /** Hosts allowed in iframes on our pages (Stripe's Payment Element and 3-D Secure). */
  frameHosts?: string[];
  /** Origins allowed to frame embed routes; others may frame nothing. */
  frameAncestors: string[];
}

/**
 * The Content-Security-Policy of a page. Scripts stay 'self' + inline: Astro's hydration and
 * view-transition scripts are inline (see docs/decisions/0003-csp.md).
 */
export function contentSecurityPolicy({
  scriptHosts,
  connectHosts = [],
  frameHosts = [],
  frameAncestors,
}: CspSources): string {
  const hosts = scriptHosts.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline' ${hosts}`.trim(),
    `connect-src 'self' ${[...scriptHosts, ...connectHosts].join(' ')}`.trim(),
    `frame-src 'self' ${frameHosts.join(' ')}`.trim(),
    // blob: for previews of a photo the visitor picks (the booking form), before it is sent.
    "img-src 'self' data: blob: https:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/** Headers every response gets; caching, robots and referrer come from the route policy. */
export function securityHeaders(path: string, sources: CspSources, embedMode = false): Record<string, string> {
  const embed = embedMode || isEmbedPath(path);
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy({
      ...sources,
      frameAncestors: embed ? ["'self'", ...sources.frameAncestors] : [],
    }),
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  };
  if (!embed) headers['X-Frame-Options'] = 'DENY';
  return headers;
}
