import type { APIRoute } from 'astro';
import type { LoggedInResponse } from '#features/auth/auth-api.schema.ts';
import {
  CUSTOMER_COOKIE,
  codeRefusalMessage,
  startSession,
  VerifyCodeBody,
  verifyLoginCode,
} from '#features/auth/index.server.ts';
import { localePath } from '#i18n/routing.ts';
import { safeReturnPath } from '#lib/safe-return-path.ts';
import { badRequest, json, readJson } from '#server/http.ts';
import { setSessionCookie } from '#server/session-cookie.ts';

/** Step 2 of the customer login: check the code, start a session, say where to go back to. */
export const POST: APIRoute = async ({ request, locals, cookies }) => {
  const body = VerifyCodeBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  const database = locals.db;
  const result = await verifyLoginCode(database, {
    tenant: locals.tenant,
    channel: body.data.channel,
    destination: body.data.destination,
    code: body.data.code,
    locale: locals.locale,
  });
  if (!result.ok) {
    const refusal = codeRefusalMessage(result);
    return json({ error: locals.t(refusal.key, refusal.params), reason: result.reason }, { status: 400 });
  }
  const session = await startSession(database, {
    tenantId: locals.tenant.id,
    kind: 'customer',
    subjectId: result.customer.id,
    previousToken: cookies.get(CUSTOMER_COOKIE)?.value,
  });
  setSessionCookie(cookies, CUSTOMER_COOKIE, session.token, session.expiresAt, locals.origin);
  return json({
    ok: true,
    redirect: safeReturnPath(body.data.next, localePath(locals.locale, '/account')),
  } satisfies LoggedInResponse);
};
