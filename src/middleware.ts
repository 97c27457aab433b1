import { sequence } from 'astro:middleware';
import { accessStep } from '#pipeline/access.ts';
import { guardStep } from '#pipeline/guard.ts';
import { headersStep } from '#pipeline/headers.ts';
import { localeStep, localeUrlStep } from '#pipeline/locale.ts';
import { pageCacheStep } from '#pipeline/page-cache.ts';
import { renderStep } from '#pipeline/render.ts';
import { requestStep } from '#pipeline/request.ts';
import { sessionStep } from '#pipeline/session.ts';
import { tenantStep } from '#pipeline/tenant.ts';
import { checkEnvAtBoot } from '#server/config.server.ts';

checkEnvAtBoot();

/**
 * One pipeline for every request (DESIGN.md §2), small steps in order; each fills `Astro.locals`
 * (pages read only locals) or answers the request itself:
 *   request  origin, address, `locals.db`        tenant   by Host
 *   locale   language, path, route policy        guard    bad input, unknown host, cross-site
 *   session  customer and staff from cookies     access   the route table: offer, dev, login, role
 *   locale URL  remember the language, redirect to the prefixed URL
 *   headers  security and route-policy headers on the response
 *   page cache  public pages from the in-process cache (the route table's `pageCache`)
 *   render   the route (through the locale rewrite), or the error page in the visitor's language
 *
 * The locale rewrite (`/ms/invoices/x/pdf` → `/invoices/x/pdf`) is a `next(path)`. Astro hands the
 * route the context of the original URL when the last middleware rewrites: pages read fresh params
 * from their own state, but endpoints get `params` of the prefixed URL, i.e. none (every prefixed
 * dynamic endpoint answered 404). A rewrite made by an earlier handler of a sequence updates the
 * context's params, url and request before the next handler, so the pipeline ends with a pass-through.
 */
export const onRequest = sequence(
  requestStep,
  tenantStep,
  localeStep,
  guardStep,
  sessionStep,
  accessStep,
  localeUrlStep,
  headersStep,
  pageCacheStep,
  renderStep,
  (_context, next) => next(),
);
