import type { APIRoute } from 'astro';
import type { CodeSentResponse } from '#features/auth/auth-api.schema.ts';
import {
  CODE_TTL_MS,
  displayDestination,
  RequestCodeBody,
  requestLoginCode,
  retryMinutes,
} from '#features/auth/index.server.ts';
import { badRequest, json, readJson, tooManyRequests } from '#server/http.ts';
import { kickOutbox, showsCodesOnPage } from '#server/outbox/index.ts';

/** Step 1 of the customer login: send a one-time code to a phone or an email. */
export const POST: APIRoute = async (context) => {
  const { request, locals } = context;
  const body = RequestCodeBody.safeParse(await readJson(request));
  if (!body.success) return badRequest(body.error, locals.t);
  const destination = body.data.channel === 'phone' ? body.data.phone : body.data.email;
  const result = await requestLoginCode(locals.db, {
    tenant: locals.tenant,
    channel: body.data.channel,
    destination,
    locale: locals.locale,
    ip: locals.clientIp,
  });
  if (!result.ok) {
    const error = locals.t('auth.rateLimited', { count: retryMinutes(result.retryAfterSeconds) });
    return tooManyRequests({ error }, result.retryAfterSeconds);
  }
  kickOutbox();
  return json({
    ok: true,
    channel: body.data.channel,
    destination,
    message: locals.t('auth.codeSent', {
      destination: displayDestination(destination, body.data.channel),
      minutes: CODE_TTL_MS / 60_000,
      count: CODE_TTL_MS / 60_000,
    }),
    // Offline development: when messages only go to the log, the page may show the code.
    ...(showsCodesOnPage(body.data.channel, context) ? { devCode: result.code } : {}),
  } satisfies CodeSentResponse);
};
