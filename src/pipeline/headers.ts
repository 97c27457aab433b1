import { defineMiddleware } from 'astro:middleware';
import type { Db } from '#db/client.server.ts';
import { embedOriginsFor } from '#features/embeds/index.server.ts';
import type { Tenant } from '#features/tenants/index.ts';
import { trackingFor, trackingScriptHosts } from '#features/tenants/tracking.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { policyHeaders, type RoutePolicy } from '#pipeline/route-policy.ts';
import { type CspSources, frameAncestorsFor, securityHeaders } from '#pipeline/security-headers.ts';
import { env } from '#server/config.server.ts';
import { pass } from './state';

/**
 * The third-party hosts this page may use: the tenant's pixels and analytics (only where the route
 * policy allows tracking), Stripe, Ably; and on every request shown in the embed (the route
 * table's embeddable routes), the origins the tenant lets frame it (`tenant_embed_origins`).
 */
async function cspSources(database: Db, tenant: Tenant, embed: boolean, policy: RoutePolicy): Promise<CspSources> {
  const config = env();
  const scriptHosts: string[] = policy.tracking ? trackingScriptHosts(trackingFor(tenant, config.ANALYTICS_HOST)) : [];
  const connectHosts: string[] = [];
  const frameHosts: string[] = [];
  if (config.STRIPE_PUBLISHABLE_KEY) {
    scriptHosts.push('https://js.stripe.com');
    connectHosts.push('https://api.stripe.com');
    frameHosts.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }
  if (config.ABLY_API_KEY) {
    connectHosts.push(
      'https://main.realtime.ably.net',
      'wss://main.realtime.ably.net',
      'https://*.ably-realtime.com',
      'wss://*.ably-realtime.com',
    );
  }
  const frameAncestors = await frameAncestorsFor(
    embed,
    () => embedOriginsFor(database, tenant.id),
    (error) => log.warn('embed origins unavailable', errorFields(error)),
  );
  return { scriptHosts, connectHosts, frameHosts, frameAncestors };
}

/**
 * The security headers and the route policy's headers on the rendered response. What this pass
 * decided is read before `next()`: a rewrite's inner pass (its 404) changes `locals`.
 */
export const headersStep = defineMiddleware(async ({ locals }, next) => {
  const state = pass(locals);
  const { policy, embed, tenant, db } = locals;
  const { path, prefixed } = state.resolved;
  const { page, secure } = state;
  const response = await next();
  const headers = securityHeaders(path, await cspSources(db, tenant, embed, policy), embed);
  // The 404 of a route whose offer the tenant lacks (the access step's rewrite) frames like the
  // route itself, as Astro's own 404 of a route without a page does: a partner's frame shows it.
  const own = state.verdict === 'not-found';
  if (own && !headers['X-Frame-Options']) response.headers.delete('X-Frame-Options');
  for (const [name, value] of Object.entries(headers)) {
    if (own || !response.headers.has(name)) response.headers.set(name, value);
  }
  // The route policy's headers are forced: what a page or a rewrite set does not count.
  const forced = policyHeaders(policy, { status: response.status, secure });
  // A response that sets the locale cookie is this visitor's own.
  if (state.remember && forced['Cache-Control']) forced['Cache-Control'] = 'private, no-store';
  for (const [name, value] of Object.entries(forced)) response.headers.set(name, value);
  if (page && !prefixed) response.headers.append('Vary', 'Cookie, Accept-Language');
  // Pages framed from an embed render without chrome there: a cache must keep the two apart.
  if (policy.embeddable === 'when-framed') response.headers.append('Vary', 'Sec-Fetch-Dest');
  return response;
});
