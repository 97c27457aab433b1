import { defineMiddleware } from 'astro:middleware';
import { isDataException } from '#db/errors.ts';
import { localePath } from '#i18n/routing.ts';
import { HttpError } from '#lib/http-error.ts';
import { errorFields, log } from '#lib/logger.server.ts';
import { withErrorStatus } from '#server/error-status.ts';
import { errorJson } from '#server/http.ts';
import { isApiPath } from './paths';
import { pass } from './state';

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
 * Renders the route: a prefixed URL through the locale rewrite (`next(path)`), a page the access
 * step refused as the error page in the visitor's language, a thrown error as the visitor's error.
 */
export const renderStep = defineMiddleware(async (context, next) => {
  const { request, url, locals } = context;
  const { verdict, resolved } = pass(locals);
  const { locale, path, prefixed } = resolved;
  if (verdict === 'forbidden') {
    // Pages get the error page in the visitor's language with status 403 (APIs answered JSON).
    locals.pageError = new HttpError(403, locals.t('auth.forbidden'));
    return withErrorStatus(await context.rewrite(localePath(locale, '/500')));
  }
  if (verdict === 'not-found') return withErrorStatus(await context.rewrite(localePath(locale, '/404')));
  try {
    return withErrorStatus(prefixed ? await next(path + url.search) : await next());
  } catch (thrown) {
    const error = asRequestError(thrown, request.method, path);
    // An endpoint's caller reads JSON, not the HTML error page.
    if (isApiPath(path)) return errorJson(error, locals.t);
    // A page rendered through the locale rewrite throws here instead of reaching Astro's error
    // page with its status: render that page ourselves, with the error's own status. The
    // rewrite is a fresh GET: a form handler has already read the request's body.
    locals.pageError = error;
    const errorPage = new Request(new URL(localePath(locale, '/500'), url), { headers: request.headers });
    return withErrorStatus(await context.rewrite(errorPage));
  }
});
