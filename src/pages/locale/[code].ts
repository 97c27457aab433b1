import type { APIRoute } from 'astro';
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '#i18n/locales.ts';
import { localePath, splitLocalePrefix } from '#i18n/routing.ts';
import { safeReturnPath } from '#lib/safe-return-path.ts';

/**
 * The language switcher: saves the choice (365 days, path /, SameSite=Lax — SPEC.md §7) and
 * returns to the same page in that language. `next` must be a path on this site.
 */
export const GET: APIRoute = ({ params, url, cookies, redirect, locals }) => {
  const code = params.code;
  if (!isLocale(code)) return new Response('Unknown language', { status: 404 });
  cookies.set(LOCALE_COOKIE, code, {
    path: '/',
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    secure: locals.origin.startsWith('https:'),
  });
  const next = safeReturnPath(url.searchParams.get('next'));
  return redirect(localePath(code, splitLocalePrefix(next).path), 303);
};
