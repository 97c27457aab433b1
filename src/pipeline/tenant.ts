import { defineMiddleware } from 'astro:middleware';
import { resolveTenant } from '#features/tenants/index.server.ts';
import { decide } from './state';

/** The tenant by Host (null for an unknown host: the guard step answers it, in a language). */
export const tenantStep = defineMiddleware(async ({ request, locals }, next) => {
  decide(locals, { tenant: await resolveTenant(locals.db, request.headers.get('host')) });
  return next();
});
