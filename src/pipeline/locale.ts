import { defineMiddleware } from 'astro:middleware';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '#i18n/locales.ts';
import { localePath, localeToRemember, mustRedirect, resolveLocale } from '#i18n/routing.ts';
import { translator } from '#i18n/t.ts';
import { routePolicy } from '#pipeline/route-policy.ts';
import { isEmbedRequest } from '#pipeline/security-headers.ts';
import { isNonPagePath, redirectTo } from './paths';
import { decide, pass } from './state';

/**
 * The visitor's language and the unprefixed path (docs/decisions/0012), and with the path its
 * route policy and whether the request is shown in the embed.
 */
export const localeStep = defineMiddleware(({ request, url, cookies, locals }, next) => {
  const { tenant } = pass(locals);
  const page = !isNonPagePath(url.pathname);
  const fallback: Locale = tenant && isLocale(tenant.defaultLocale) ? tenant.defaultLocale : DEFAULT_LOCALE;
  // A page's Astro.rewrite (its 404) runs this pipeline again for the same request, with the same
  // locals: the language decided for the URL the visitor asked for stays (docs/decisions/0012).
  const rewrite = locals.decidedLocale !== undefined;
  const resolved = resolveLocale({
    pathname: url.pathname,
    cookie: cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    fallback,
    api: !page,
    decided: locals.decidedLocale,
  });
  const { locale, path } = resolved;
  locals.decidedLocale ??= locale;
  locals.locale = locale;
  locals.t = translator(locale);
  locals.path = path;
  locals.user = null;
  locals.staff = null;
  // One table says who may open the path, how it is cached and indexed, and whether pixels run.
  locals.policy = routePolicy(path, url.searchParams);
  locals.embed = isEmbedRequest(path, url.searchParams, request.headers.get('sec-fetch-dest'));
  decide(locals, { fallback, resolved, page, rewrite });
  return next();
});

/**
 * After access is settled: the browser's language chosen on `/` is saved, so the next pages keep
 * it; and one URL, one language: an unprefixed page in Malay or Indonesian moves to its prefixed URL.
 */
export const localeUrlStep = defineMiddleware(({ request, url, cookies, locals }, next) => {
  const state = pass(locals);
  const { resolved, fallback, page, secure } = state;
  const remember = state.rewrite ? null : localeToRemember(resolved, fallback, page);
  if (remember) {
    cookies.set(LOCALE_COOKIE, remember, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax', secure });
    state.remember = remember;
  }
  if (page && mustRedirect(resolved) && request.method === 'GET') {
    return redirectTo(localePath(resolved.locale, resolved.path) + url.search);
  }
  return next();
});
