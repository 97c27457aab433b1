import type { APIRoute } from 'astro';
import type { CodeSentResponse } from '#features/auth/auth-api.schema.ts';
import {
  CODE_TTL_MS,
  ContactCodeBody,
  contactRefusalMessage,
  displayDestination,
  requestContactChange,
  retryMinutes,
} from '#features/auth/index.server.ts';
import { badRequest, json, readJson, tooManyRequests } from '#server/http.ts';
import { kickOutbox, showsCodesOnPage } from '#server/outbox/index.ts';

/**
 * Step 1 of changing the logged-in customer's phone or email (the access rule requires a
 * customer): a code goes to the new phone or email, whether or not another customer has it (the
 * same answer either way; step 2 refuses a taken one after the code). 409 when it is already
 * theirs; 429 when too many codes were asked for.
 */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const { t, user } = locals;
  if (!user) return json({ error: t('auth.loginRequired') }, { status: 401 });
  const body = ContactCodeBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, t);
  const { channel } = body.data;
  const destination = channel === 'phone' ? body.data.phone : body.data.email;
  const result = await requestContactChange(locals.db, {
    tenant: locals.tenant,
    customerId: user.id,
    channel,
    destination,
    locale: locals.locale,
    ip: locals.clientIp,
  });
  if (!result.ok) {
    if (result.reason === 'rate_limited') {
      const error = t('auth.rateLimited', { count: retryMinutes(result.retryAfterSeconds) });
      return tooManyRequests({ error }, result.retryAfterSeconds);
    }
    if (result.reason === 'not_found') return json({ error: t('auth.loginRequired') }, { status: 401 });
    return json({ error: t(contactRefusalMessage(result.reason, channel)), reason: result.reason }, { status: 409 });
  }
  kickOutbox();
  return json({
    ok: true,
    channel,
    destination,
    message: t('account.contactCodeSent', {
      destination: displayDestination(destination, channel),
      minutes: CODE_TTL_MS / 60_000,
      count: CODE_TTL_MS / 60_000,
    }),
    ...(showsCodesOnPage(channel, context) ? { devCode: result.code } : {}),
  } satisfies CodeSentResponse);
};
