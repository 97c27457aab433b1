import { defineMiddleware } from 'astro:middleware';
import { json } from '#server/http.ts';
import { refusalOf, refusalResponse } from '#server/request-guard.ts';
import { isRefusedCrossSite } from '#server/same-origin.ts';
import { unknownHostPage } from '#server/unknown-host.ts';
import { isApiPath } from './paths';
import { pass } from './state';

/**
 * Refusals before anything reads the request: input no route can use (method, encoding, NUL,
 * length), an unknown host, a mutation from another site.
 */
export const guardStep = defineMiddleware(({ request, url, locals }, next) => {
  const { tenant, page, host, resolved } = pass(locals);
  const { path, locale } = resolved;
  const api = !page || isApiPath(path);
  const refusal = refusalOf(request.method, url, request.headers, api);
  if (refusal) return refusalResponse(refusal, locals.t, locale, api);

  if (!tenant) return unknownHostPage(host, locale);
  locals.tenant = tenant;

  // Mutations only from our own pages (cookies are SameSite=Lax too); gateways' webhooks are
  // verified by signature instead.
  if (isRefusedCrossSite({ method: request.method, path, headers: request.headers, host: url.host })) {
    return json({ error: locals.t('error.crossSite') }, { status: 403 });
  }
  return next();
});
