import { defineMiddleware } from 'astro:middleware';
import { loginRedirect } from '#features/auth/index.ts';
import { localePath } from '#i18n/routing.ts';
import { devAidsOpen } from '#server/dev-aids.ts';
import { json } from '#server/http.ts';
import { accessVerdict } from './access-verdict';
import { isApiPath, redirectTo } from './paths';
import { pass } from './state';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The route table's access rules, enforced once for every route: endpoints answer JSON (401, 403,
 * 404; files a plain 404), a page without a login goes to log in, and a page the visitor may not
 * see gets the error page in their language after the locale redirects (the render step).
 */
export const accessStep = defineMiddleware(({ url, locals }, next) => {
  const state = pass(locals);
  const { page, peer } = state;
  const { path, locale } = state.resolved;
  const { policy, tenant, t } = locals;
  const verdict = accessVerdict(policy, {
    customer: locals.user !== null,
    staffRole: locals.staff?.role ?? null,
    offers: tenant.offers,
    devAids: () => devAidsOpen({ clientAddress: peer }),
  });
  if (verdict === 'allow') return next();
  if (!page) {
    if (verdict === 'not-found') {
      return isApiPath(path)
        ? json({ error: t('error.notFound.message') }, { status: 404, headers: NO_STORE })
        : new Response('Not found', { status: 404, headers: NO_STORE });
    }
    return verdict === 'forbidden'
      ? json({ error: t('auth.forbidden') }, { status: 403 })
      : json({ error: t('auth.loginRequired') }, { status: 401 });
  }
  if (verdict === 'login')
    return redirectTo(loginRedirect(policy.access, locale, localePath(locale, path) + url.search));
  state.verdict = verdict;
  return next();
});
