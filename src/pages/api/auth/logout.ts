import type { APIRoute } from 'astro';
import { CUSTOMER_COOKIE, endSession, STAFF_COOKIE } from '#features/auth/index.server.ts';
import { localePath } from '#i18n/routing.ts';
import { clearSessionCookie } from '#server/session-cookie.ts';

/** Logs out (a plain form post): `kind=staff` ends the staff session, else the customer's. */
export const POST: APIRoute = async ({ request, locals, cookies, redirect }) => {
  const form = await request.formData().catch(() => null);
  const cookie = form?.get('kind') === 'staff' ? STAFF_COOKIE : CUSTOMER_COOKIE;
  await endSession(locals.db, locals.tenant.id, cookies.get(cookie)?.value);
  clearSessionCookie(cookies, cookie);
  return redirect(localePath(locals.locale, cookie === STAFF_COOKIE ? '/staff/login' : '/'), 303);
};
