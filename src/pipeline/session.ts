import { defineMiddleware } from 'astro:middleware';
import { CUSTOMER_COOKIE, customerForToken, STAFF_COOKIE, staffForToken } from '#features/auth/index.server.ts';

/** The logged-in customer and staff member of the tenant, from their cookies (a browser can hold both). */
export const sessionStep = defineMiddleware(async ({ cookies, locals }, next) => {
  const { db, tenant } = locals;
  [locals.user, locals.staff] = await Promise.all([
    customerForToken(db, tenant.id, cookies.get(CUSTOMER_COOKIE)?.value),
    staffForToken(db, tenant.id, cookies.get(STAFF_COOKIE)?.value),
  ]);
  return next();
});
