import { defineMiddleware, sequence } from 'astro:middleware';
import { startApp } from './app.server';

import { isDataException } from './db/errors';
import {
  CUSTOMER_COOKIE,
  customerForToken,
  isAllowed,
  loginRedirect,
  STAFF_COOKIE,
  staffForToken,
} from './features/auth';
import { embedOriginsFor } from './features/embeds';
import { resolveTenant, type Tenant } from './features/tenants';
import { trackingFor, trackingScriptHosts } from './features/tenants/tracking';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from './i18n/locales';
import { localePath, localeToRemember, mustRedirect, resolveLocale } from './i18n/routing';
import { translator } from './i18n/t';
import { HttpError } from './lib/http-error';
import { checkEnvAtBoot, env } from './server/config.server';
import { db, database as openAppDatabase } from './server/database.server';
import { withErrorStatus } from './server/error-status';
import { effectiveRequest } from './server/forwarded';
import { errorJson, json } from './server/http';
import { errorFields, log } from './server/logger.server';
import { missingAsset, refusalOf, refusalResponse } from './server/request-guard';
import { policyHeaders, type RoutePolicy, routePolicy } from './server/route-policy';
import { isRefusedCrossSite } from './server/same-origin';
import { type CspSources, frameAncestorsFor, isEmbedRequest, securityHeaders } from './server/security-headers';
import { unknownHostPage } from './server/unknown-host';

checkEnvAtBoot();

/** Paths that are not pages: no locale redirect, no rewrite. */
function isNonPagePath(path: string): boolean {
  return (
    path.startsWith('/api/') ||
    path.startsWith('/_') ||
    path === '/domain_verifications' ||
    path.startsWith('/locale/') ||
    /\.[a-z0-9]+$/i.test(path)
  );
}

/** Endpoints that answer JSON, errors included. */
function isApiPath(path: string): boolean {
  return path.startsWith('/api/') || path === '/domain_verifications';
}

/** The socket's peer address; Astro throws where it has none (prerendering). */
function clientAddressOf(context: { clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

function redirectTo(location: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: location, Vary: 'Cookie, Accept-Language', 'Cache-Control': 'private, no-store' },
  });
}

/**
 * The third-party hosts this page may use: the tenant's pixels and analytics (only where the route
 * policy allows tracking), Stripe, Ably; and on every request shown in the embed (the route
 * table's embeddable routes), the origins the tenant lets frame it (`tenant_embed_origins`).
 */
async function cspSources(tenant: Tenant, embed: boolean, policy: RoutePolicy): Promise<CspSources> {
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
    async () => embedOriginsFor(await db(), tenant.id),
    (error) => log.warn('embed origins unavailable', errorFields(error)),
  );
  return { scriptHosts, connectHosts, frameHosts, frameAncestors };
}

/**
 * A thrown error as the visitor's error, logged with its cause (never personal data): a value the
 * database refused as data (SQLSTATE class 22) came from the request and is a 400; anything but
 * an HttpError is logged as unhandled.
 */
function asRequestError(error: unknown, method: string, path: string): unknown {
  if (error instanceof HttpError) return error;
  if (isDataException(error)) {
    log.warn('input refused by the database', { ...errorFields(error), method, path });
    return new HttpError(400, 'error.badInput');
  }
  log.error('unhandled error', { ...errorFields(error), method, path });
  return error;
}

/**
 * One pipeline for every request (DESIGN.md §2): tenant by Host → locale → session → security
 * headers. Fills Astro.locals; pages read only locals.
 */
const serambi = defineMiddleware(async (context, next) => {
  const { request, url, cookies, locals } = context;
  // Built files are served before the app: one that reaches it is missing (a stale chunk).
  if (url.pathname.startsWith('/_astro/')) return missingAsset();

  const host = request.headers.get('host');
  // Behind trusted proxies (TRUST_PROXY), the browser's protocol and address come from X-Forwarded-*.
  const effective = effectiveRequest({
    url,
    headers: request.headers,
    clientAddress: clientAddressOf(context),
    trustProxy: env().TRUST_PROXY,
  });
  locals.origin = effective.origin;
  locals.clientIp = effective.clientIp;
  const app = await openAppDatabase();
  startApp(app);
  const database = app.db;
  const tenant = await resolveTenant(database, host);
  const cookie = cookies.get(LOCALE_COOKIE)?.value;
  const page = !isNonPagePath(url.pathname);
  const fallback: Locale = tenant && isLocale(tenant.defaultLocale) ? tenant.defaultLocale : DEFAULT_LOCALE;
  // A page's Astro.rewrite (its 404) runs this pipeline again for the same request, with the same
  // locals: the language decided for the URL the visitor asked for stays (docs/decisions/0012).
  const rewrite = locals.decidedLocale !== undefined;
  const resolved = resolveLocale({
    pathname: url.pathname,
    cookie,
    acceptLanguage: request.headers.get('accept-language'),
    fallback,
    api: !page,
    decided: locals.decidedLocale,
  });
  const { locale, path, prefixed } = resolved;
  locals.decidedLocale ??= locale;
  locals.locale = locale;
  locals.t = translator(locale);
  locals.path = path;
  locals.user = null;
  locals.staff = null;
  // One table says who may open the path, how it is cached and indexed, and whether pixels run.
  const policy = routePolicy(path, url.searchParams);
  locals.policy = policy;
  const embed = isEmbedRequest(path, url.searchParams, request.headers.get('sec-fetch-dest'));
  locals.embed = embed;

  // Input no route can use (method, encoding, NUL, length) is refused before anything reads it.
  const api = !page || isApiPath(path);
  const refusal = refusalOf(request.method, url, request.headers, api);
  if (refusal) return refusalResponse(refusal, locals.t, locale, api);

  if (!tenant) return unknownHostPage(host ?? '', locale);
  locals.tenant = tenant;

  // Mutations only from our own pages (cookies are SameSite=Lax too); gateways' webhooks are
  // verified by signature instead.
  if (isRefusedCrossSite({ method: request.method, path, headers: request.headers, host: url.host })) {
    return json({ error: locals.t('error.crossSite') }, { status: 403 });
  }

  [locals.user, locals.staff] = await Promise.all([
    customerForToken(database, tenant.id, cookies.get(CUSTOMER_COOKIE)?.value),
    staffForToken(database, tenant.id, cookies.get(STAFF_COOKIE)?.value),
  ]);
  const { access } = policy;
  let forbidden = false;
  if (!isAllowed(access, { customer: locals.user !== null, staffRole: locals.staff?.role ?? null })) {
    // A staff member without the owner role is refused, not sent to log in again.
    forbidden = access === 'owner' && locals.staff !== null;
    if (!page) {
      return forbidden
        ? json({ error: locals.t('auth.forbidden') }, { status: 403 })
        : json({ error: locals.t('auth.loginRequired') }, { status: 401 });
    }
    if (!forbidden) return redirectTo(loginRedirect(access, locale, localePath(locale, path) + url.search));
  }

  // The browser's language chosen on `/` is saved, so the next pages keep it (docs/decisions/0012).
  const remember = rewrite ? null : localeToRemember(resolved, fallback, page);
  if (remember) {
    cookies.set(LOCALE_COOKIE, remember, {
      path: '/',
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: 'lax',
      secure: effective.secure,
    });
  }

  // One URL, one language: an unprefixed page in Malay or Indonesian moves to its prefixed URL.
  if (page && mustRedirect(resolved) && request.method === 'GET') {
    return redirectTo(localePath(locale, path) + url.search);
  }

  let response: Response;
  if (forbidden) {
    // Pages get the error page in the visitor's language with status 403 (APIs keep JSON above).
    locals.pageError = new HttpError(403, locals.t('auth.forbidden'));
    response = withErrorStatus(await context.rewrite(localePath(locale, '/500')));
  } else {
    try {
      response = withErrorStatus(prefixed ? await next(path + url.search) : await next());
    } catch (thrown) {
      const error = asRequestError(thrown, request.method, path);
      if (isApiPath(path)) {
        // An endpoint's caller reads JSON, not the HTML error page.
        response = errorJson(error, locals.t);
      } else {
        // A page rendered through the locale rewrite throws here instead of reaching Astro's error
        // page with its status: render that page ourselves, with the error's own status. The
        // rewrite is a fresh GET: a form handler has already read the request's body.
        locals.pageError = error;
        const errorPage = new Request(new URL(localePath(locale, '/500'), url), { headers: request.headers });
        response = withErrorStatus(await context.rewrite(errorPage));
      }
    }
  }
  // This request's own policy and framing: a rewrite's inner pass (its 404) changed `locals`.
  const headers = securityHeaders(path, await cspSources(tenant, embed, policy), embed);
  for (const [name, value] of Object.entries(headers)) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  // The route policy's headers are forced: what a page or a rewrite set does not count.
  const forced = policyHeaders(policy, { status: response.status, secure: effective.secure });
  // A response that sets the locale cookie is this visitor's own.
  if (remember && forced['Cache-Control']) forced['Cache-Control'] = 'private, no-store';
  for (const [name, value] of Object.entries(forced)) response.headers.set(name, value);
  if (page && !prefixed) response.headers.append('Vary', 'Cookie, Accept-Language');
  // Pages framed from an embed render without chrome there: a cache must keep the two apart.
  if (policy.embeddable === 'when-framed') response.headers.append('Vary', 'Sec-Fetch-Dest');
  return response;
});

/**
 * The locale rewrite (`/ms/invoices/x/pdf` → `/invoices/x/pdf`) is a `next(path)`. Astro hands the
 * route the context of the original URL when the last middleware rewrites: pages read fresh params
 * from their own state, but endpoints get `params` of the prefixed URL, i.e. none (every prefixed
 * dynamic endpoint answered 404). A rewrite made by an earlier handler of a sequence updates the
 * context's params, url and request before the next handler, so the pipeline ends with a pass-through.
 */
export const onRequest = sequence(serambi, (_context, next) => next());
